// Package practice is the teams' test games: a team plays one of its
// builds (the newest, before its build has even ended, or an older one)
// against its league's boss, a house bot, another of its builds or,
// where the organiser allows it, another team's active bot, with a seed
// of its choice or a random one. A test game is unrated: it is kept
// apart from the matches (store.TestGame), so no rating, leaderboard,
// result or count ever reads it. It is played by the match workers
// ahead of the rated games (queue.Test), one at a time per team, and
// its replay is the team's with its own bots' error output only.
package practice

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/league"
	"github.com/seed27749672/arena/platform/play"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
)

// Practice takes and plays the teams' test games.
type Practice struct {
	Events *event.Events
	Jobs   *queue.Jobs
	Player *play.Player

	// mu makes a team's count and its new game one step in this process
	// (servers sharing a database may each let one more through: the
	// per-minute limit of the API still bounds them)
	mu sync.Mutex
}

// MaxUnfinished is how many of a team's test games may be queued or
// playing at once: one plays, the others wait their turn.
const MaxUnfinished = 3

// ErrBusy refuses a test game beyond MaxUnfinished.
var ErrBusy = fmt.Errorf("your team has %d test games queued or playing: wait for one to end", MaxUnfinished)

// ErrTeamsClosed refuses a test game against another team's bot in an
// event whose organiser did not allow them.
var ErrTeamsClosed = errors.New("this event's organiser does not let test games play other teams' bots (the event setting test_vs_teams): play boss, house or one of your submissions")

// Request is what a team asks for.
type Request struct {
	Submission int64  // the build that plays (0: the team's newest)
	Vs         string // boss, house, house:NAME, submission:N, team:NAME ("": the boss, or the house bot in a game without one)
	Seed       int64
	Seeded     bool // Seed was given (else a random one)
}

// StartTest queues a test game for team t.
func (pr *Practice) StartTest(ctx context.Context, t store.Team, req Request) (store.TestGame, error) {
	if err := event.Suspended(t); err != nil {
		return store.TestGame{}, err
	}
	ev, err := pr.Events.Store.Event(ctx, t.EventID)
	if err != nil {
		return store.TestGame{}, err
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return store.TestGame{}, err
	}
	tg, err := pr.plan(ctx, ev, g.Info(), t, req)
	if err != nil {
		return store.TestGame{}, err
	}
	pr.mu.Lock()
	defer pr.mu.Unlock()
	n, err := pr.Events.Store.UnfinishedTestGames(ctx, t.ID)
	if err != nil {
		return store.TestGame{}, err
	}
	if n >= MaxUnfinished {
		return store.TestGame{}, ErrBusy
	}
	if tg, err = pr.Events.Store.CreateTestGame(ctx, tg); err != nil {
		return tg, err
	}
	job := queue.Test{ID: tg.ID, Match: MatchOf(tg)}
	pr.Events.OfferMap(ev, &job.Match)
	if err := pr.Jobs.Insert(ctx, job, nil); err != nil {
		pr.Events.Store.FinishTestGame(context.WithoutCancel(ctx), tg.ID, nil, "the test game could not be queued")
		return tg, err
	}
	return tg, nil
}

// MatchOf is the match a test game plays: its replay's key is "test-ID",
// which no match's key is.
func MatchOf(tg store.TestGame) queue.Match {
	key := "test-" + strconv.FormatInt(tg.ID, 10)
	return queue.Match{Event: tg.EventID, Key: key, Seed: tg.Seed, Teams: tg.Teams, Submissions: tg.Submissions,
		League: tg.League, House: tg.House, Unrated: true, First: true}
}

// plan is the test game t asks for, checked: its build, its opponent,
// its seats, its league and its seed.
func (pr *Practice) plan(ctx context.Context, ev store.Event, info game.Info, t store.Team, req Request) (store.TestGame, error) {
	sub, err := pr.ownBuild(ctx, t, req.Submission)
	if err != nil {
		return store.TestGame{}, err
	}
	lg := playedLeague(ev, info, t)
	vs := req.Vs
	if vs == "" {
		vs = "house"
		if l, err := league.Find(info, lg); err == nil && l.Boss != "" {
			vs = "boss"
		}
	}
	tg := store.TestGame{EventID: ev.ID, TeamID: t.ID, Opponent: vs, League: lg, Seed: req.Seed}
	oppTeam, oppSub, house, err := pr.opponent(ctx, ev, info, t, lg, vs)
	if err != nil {
		return store.TestGame{}, err
	}
	tg.House = house
	tg.Teams, tg.Submissions = []int64{t.ID, oppTeam}, []int64{sub.ID, oppSub}
	for len(tg.Teams) < seats(info, ev.Settings) { // the other seats: house bots
		tg.Teams, tg.Submissions = append(tg.Teams, 0), append(tg.Submissions, 0)
	}
	if !req.Seeded {
		tg.Seed = match.RandomSeed()
	}
	return tg, nil
}

// ownBuild is the team's submission id (0: its newest), which must not
// have failed; another team's is no submission of this team's.
func (pr *Practice) ownBuild(ctx context.Context, t store.Team, id int64) (store.Submission, error) {
	if id == 0 {
		subs, err := pr.Events.Store.Submissions(ctx, t.ID)
		if err != nil {
			return store.Submission{}, err
		}
		if len(subs) == 0 {
			return store.Submission{}, fault.UserError{Err: errors.New("your team has no submission yet: submit a bot first")}
		}
		id = subs[0].ID
	}
	s, err := pr.Events.Store.Submission(ctx, id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && s.TeamID != t.ID) {
		return store.Submission{}, fmt.Errorf("your team has no submission %d: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return store.Submission{}, err
	}
	if s.Status == store.StatusFailed {
		return store.Submission{}, fault.UserError{Err: fmt.Errorf("submission %d's build failed: it cannot play (its log says why)", id)}
	}
	return s, nil
}

// opponent is the seat the team asked for: a team and submission, or a
// builtin (house: its name; "" for the game's house bot).
func (pr *Practice) opponent(ctx context.Context, ev store.Event, info game.Info, t store.Team, lg int, vs string) (team, sub int64, house string, err error) {
	kind, arg, _ := strings.Cut(vs, ":")
	switch kind {
	case "boss":
		l, err := league.Find(info, lg)
		if err != nil || l.Boss == "" || arg != "" {
			return 0, 0, "", fault.UserError{Err: fmt.Errorf("%s has no boss in this league: play house (%s)", info.Name, builtinNames(info))}
		}
		return 0, 0, l.Boss, nil
	case "house":
		if _, err := play.HouseBot(info); err != nil {
			return 0, 0, "", fault.UserError{Err: err}
		}
		if arg != "" && !hasBuiltin(info, arg) {
			return 0, 0, "", fault.UserError{Err: fmt.Errorf("%s has no house bot %q (its bots: %s)", info.Name, arg, builtinNames(info))}
		}
		return 0, 0, arg, nil
	case "submission":
		id, err := strconv.ParseInt(arg, 10, 64)
		if err != nil || id <= 0 {
			return 0, 0, "", fault.UserError{Err: fmt.Errorf("%q is not a submission: submission:N, N one of your submissions", vs)}
		}
		s, err := pr.ownBuild(ctx, t, id)
		return t.ID, s.ID, "", err
	case "team":
		return pr.otherTeam(ctx, ev, info, arg)
	}
	return 0, 0, "", fault.UserError{Err: fmt.Errorf("%q is no opponent: boss, house, house:NAME, submission:N or team:NAME", vs)}
}

// otherTeam is a team's active bot, where the organiser allows it.
func (pr *Practice) otherTeam(ctx context.Context, ev store.Event, info game.Info, name string) (int64, int64, string, error) {
	if !ev.Settings.TestVsTeams {
		return 0, 0, "", ErrTeamsClosed
	}
	teams, err := pr.Events.Store.Teams(ctx, ev.ID)
	if err != nil {
		return 0, 0, "", err
	}
	for _, o := range teams {
		if o.Name != name {
			continue
		}
		if o.Active == 0 || !pr.Player.Playable(ctx, info, o.Active) {
			return 0, 0, "", fault.UserError{Err: fmt.Errorf("team %q has no active bot to play", name)}
		}
		return o.ID, o.Active, "", nil
	}
	return 0, 0, "", fault.UserError{Err: fmt.Errorf("the event has no team %q", name)}
}

// playedLeague is the league a team's test game is played in: its own
// in an event with leagues (the first before its first game), else the
// game's default.
func playedLeague(ev store.Event, info game.Info, t store.Team) int {
	if !ev.Settings.Leagues {
		lg, _ := info.CheckLeague(0)
		return lg
	}
	if t.League != 0 {
		return t.League
	}
	first, _ := league.First(info)
	return first.Number
}

// seats is a test game's number of players: the event's smallest.
func seats(info game.Info, s store.Settings) int {
	if len(s.Seats) > 0 {
		return s.Seats[0]
	}
	return max(2, info.MinPlayers)
}

func hasBuiltin(info game.Info, name string) bool {
	for _, b := range info.Builtins {
		if b.Name == name {
			return true
		}
	}
	return false
}

func builtinNames(info game.Info) string {
	var names []string
	for _, b := range info.Builtins {
		names = append(names, "house:"+b.Name)
	}
	return strings.Join(names, ", ")
}
