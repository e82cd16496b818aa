package api

import (
	"context"
	"io"

	"github.com/coder/websocket"

	"github.com/seed27749672/arena/lang"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/files"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/news"
	"github.com/seed27749672/arena/platform/practice"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/submission"
	"github.com/seed27749672/arena/replay"
)

// Platform is what the API serves: the platform's services, as the
// handlers call them. The platform (package platform, which mounts this
// API) is its one implementation; the API never reaches past it.
type Platform interface {
	Store() store.Store
	Replays() files.Replays
	// FormatHost is the platform as its formats see it (their routes).
	FormatHost() format.Host
	// News are the events' changes as they happen, for the pages that
	// follow them (stream.go).
	News() *news.Hub

	// Events, teams and tokens (package event).
	CreateEventWith(ctx context.Context, gameName, name string, opts []string, s store.Settings) (store.Event, string, error)
	UpdateEvent(ctx context.Context, id int64, name string, opts []string, s store.Settings) (store.Event, error)
	NewInvite(ctx context.Context, eventID int64) (string, error)
	Join(ctx context.Context, invite, name string, members ...string) (store.Team, string, error)
	Authenticate(ctx context.Context, token string) (store.Team, error)
	AuthenticateOrganiser(ctx context.Context, token string) error
	// SuspendTeam suspends a team of the event, or lets it back (the
	// organiser's word: event.SuspendTeam).
	SuspendTeam(ctx context.Context, eventID, teamID int64, suspended bool, reason string) (store.Team, error)

	// The organiser's controls.
	EventControls(ctx context.Context, eventID int64) (apitypes.Controls, error)
	SetCasual(ctx context.Context, eventID int64, on bool) (apitypes.Controls, error)
	SetFrozen(ctx context.Context, eventID int64, frozen bool) (apitypes.Controls, error)
	StartFinal(ctx context.Context, eventID int64, gamesPerTeam int) (apitypes.Controls, error)
	Publish(ctx context.Context, eventID int64) (apitypes.Controls, error)
	FinalDone(ctx context.Context, eventID int64) (bool, error)
	CheckNotFrozen(ctx context.Context, eventID int64) error

	// Submissions and bots.
	Submit(ctx context.Context, team store.Team, filename string, upload []byte) (store.Submission, error)
	RegisterURL(ctx context.Context, team store.Team, raw string) (store.Submission, error)
	// Source opens a file of a submission in the team page's editor;
	// SubmitEdited makes a new submission of it with that file edited
	// (a draft: for test games, never made active by its build).
	Source(ctx context.Context, s store.Submission, path string) (submission.Source, error)
	SubmitEdited(ctx context.Context, team store.Team, s store.Submission, path string, text []byte, draft bool) (store.Submission, error)
	// StartTest queues a team's test game (package practice).
	StartTest(ctx context.Context, t store.Team, req practice.Request) (store.TestGame, error)
	// PlayOutside plays a casual game with the team's bot connected
	// from outside (its WebSocket) and records it.
	PlayOutside(ctx context.Context, t store.Team, c *websocket.Conn) error

	// Standings and results.
	Leaderboard(ctx context.Context, eventID int64) ([]apitypes.Standing, error)
	LeagueLeaderboard(ctx context.Context, eventID int64, league int) ([]apitypes.Standing, error)
	EventStandings(ctx context.Context, eventID int64) ([]apitypes.Standing, error)
	TeamTest(ctx context.Context, t store.Team) (apitypes.PromotionRecord, error)
	// Retest makes a team's active submission take its league's
	// promotion test again (the organiser's word).
	Retest(ctx context.Context, eventID, teamID int64) (apitypes.PromotionRecord, error)
	EventResults(ctx context.Context, eventID int64) (apitypes.Results, error)
	ResultsVisible(ctx context.Context, ev store.Event) (bool, error)
	// HiddenKinds are the kinds of match the event's formats keep from
	// its teams now.
	HiddenKinds(ctx context.Context, eventID int64) ([]string, error)
	// TeamCopy is the copy of a match's replay the teams are served: what
	// the event's formats keep from them taken out (format.Redactor).
	TeamCopy(ctx context.Context, m store.Match, rep *replay.Replay) (*replay.Replay, error)
	WriteReplays(ctx context.Context, eventID int64, w io.Writer) (int, error)

	// Languages are the registry's languages as the builds see them
	// (versions, libraries), and whether that is in the sandbox.
	Languages(ctx context.Context) ([]lang.Seen, bool, error)

	// Workers are the machines playing the jobs (many machines).
	Workers(ctx context.Context) ([]apitypes.WorkerStatus, error)
}
