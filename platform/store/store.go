// Package store is what the competition platform keeps: events, teams and
// their tokens, submissions and their builds, and the job queue's tables.
// Store and Queue are the interfaces the platform's code uses; a driver
// implements both for one database (sqlite/, postgres/) and owns all of
// its SQL, River's tables included, so that callers never write SQL and
// run the same on either database.
package store

import (
	"context"
	"errors"
	"time"
)

// ErrNotFound is returned for a row that does not exist (or that the
// caller may not see: the platform never tells the two apart).
var ErrNotFound = errors.New("not found")

// ErrNotReady is returned when activating a submission whose build did
// not succeed.
var ErrNotReady = errors.New("the submission's build is not ready")

// ErrConflict is returned when a unique name is taken.
var ErrConflict = errors.New("already exists")

// Event is one competition on one game.
type Event struct {
	ID       int64
	Game     string
	Name     string
	Options  map[string]string // game options (k=v)
	Settings Settings
	Created  time.Time
}

// Settings are how an event is run, besides its game's options. The
// platform checks them against the game (platform.CheckSettings); a zero
// field means the default its comment names. They are stored as JSON with
// the event, so a field added later reads as its zero value in older
// events.
type Settings struct {
	// Seats are the numbers of players the event's matches may have,
	// ascending (default: the game's smallest that ranks, at least 2).
	Seats []int `json:"seats,omitempty"`
	// Maps is the map pool: names of maps the game offers (jungle's
	// built-in maps, catmouse's generators) or entries of the data
	// directory's maps/ folder, never a path. Each match draws one from
	// the seed; empty: the game's own choice.
	Maps []string `json:"maps,omitempty"`
	// TurnMS and FirstTurnMS override the game's time limits, in
	// milliseconds, for games whose limits are options (0: the game's).
	TurnMS      int `json:"turn_ms,omitempty"`
	FirstTurnMS int `json:"first_turn_ms,omitempty"`
	// MemoryMiB is each bot's memory limit, enforced by its sandbox
	// (default DefaultMemoryMiB).
	MemoryMiB int `json:"memory_mib,omitempty"`
	// StderrTurnKiB and StderrMatchKiB cap what a replay keeps of each
	// bot's error output, a turn and a match (defaults DefaultStderrTurnKiB,
	// DefaultStderrMatchKiB): a bot flooding its stderr would make each
	// replay megabytes long. What is cut is counted in the replay.
	StderrTurnKiB  int `json:"stderr_turn_kib,omitempty"`
	StderrMatchKiB int `json:"stderr_match_kib,omitempty"`
	// KeptReplays is how many of the newest casual games keep their
	// replay (default DefaultKeptReplays): with the stderr caps, it bounds
	// what the continuous games keep on disk. Other games keep theirs.
	KeptReplays int `json:"kept_replays,omitempty"`
	// Start and End bound the event's submissions and casual matches:
	// neither outside them (zero: no bound). The organiser's final, rounds
	// and the promotion tests begun play outside them too.
	Start time.Time `json:"start,omitzero"`
	End   time.Time `json:"end,omitzero"`
	// Leagues turns on the game's leagues (ants, tracks), for the event
	// formats that use them.
	Leagues bool `json:"leagues,omitempty"`
	// HTTPBots lets teams play HTTP-server bots (territory): submit the
	// HTTP kit, run in the sandbox, or register the URL of a server of
	// their own that the platform calls (Ready AI Code 2020's way).
	HTTPBots bool `json:"http_bots,omitempty"`
	// HTTPBotsPrivate lets those URLs reach private, loopback and
	// link-local addresses (an event on a private network); refused by
	// default: server-side request forgery (package platform/urlbot).
	HTTPBotsPrivate bool `json:"http_bots_private,omitempty"`
	// HouseBots fills the seats of a match with the game's builtin bot
	// when too few teams have a bot (on by default: DefaultSettings).
	HouseBots bool `json:"house_bots"`
	// TestVsTeams lets a team's test games (package practice) play
	// another team's active bot, as CodinGame's IDE does (off by default:
	// a team's bot then plays only the games the organiser's event
	// plays).
	TestVsTeams bool `json:"test_vs_teams,omitempty"`
	// Public opens the event's public page (/platform/watch?event=ID) and
	// its public API to anyone, without a token: its leaderboard, its
	// latest top games with their replays (every bot's stderr removed),
	// its live games. Off by default: an event shows nothing to people
	// without a token until its organiser says so.
	Public bool `json:"public,omitempty"`
	// BuildNetwork is what a build may reach: nothing (BuildNetworkOff,
	// "" too) or the language registries alone, through Arena's proxy
	// (BuildNetworkRegistries), as the Blitz builds fetched their
	// dependencies.
	BuildNetwork string `json:"build_network,omitempty"`
}

// The values of Settings.BuildNetwork.
const (
	BuildNetworkOff        = "off"
	BuildNetworkRegistries = "registries"
)

// DefaultMemoryMiB is a bot's memory limit when the event sets none.
const DefaultMemoryMiB = 512

// Defaults of the stderr caps, per bot.
const (
	DefaultStderrTurnKiB  = 16
	DefaultStderrMatchKiB = 256
)

// DefaultKeptReplays is how many of an event's casual games keep their
// replay when the event sets no number (KeptReplays).
const DefaultKeptReplays = 2000

// Kept is how many casual replays the event keeps.
func (s Settings) Kept() int {
	if s.KeptReplays <= 0 {
		return DefaultKeptReplays
	}
	return s.KeptReplays
}

// MatchKey names a stored match and its replay.
type MatchKey struct {
	ID  int64
	Key string
}

// StderrCaps are the bots' stderr caps in bytes: a turn, a match.
func (s Settings) StderrCaps() (turn int, match int64) {
	turn, m := s.StderrTurnKiB, s.StderrMatchKiB
	if turn <= 0 {
		turn = DefaultStderrTurnKiB
	}
	if m <= 0 {
		m = DefaultStderrMatchKiB
	}
	return turn << 10, int64(m) << 10
}

// DefaultSettings are a new event's settings before the organiser's
// choices: house bots on, everything else the game's.
func DefaultSettings() Settings { return Settings{HouseBots: true} }

// Memory is the bots' memory limit in MiB.
func (s Settings) Memory() int {
	if s.MemoryMiB <= 0 {
		return DefaultMemoryMiB
	}
	return s.MemoryMiB
}

// Open reports whether the event is running at t (between Start and
// End): whether it takes submissions and plays casual matches.
func (s Settings) Open(t time.Time) bool {
	return (s.Start.IsZero() || !t.Before(s.Start)) && (s.End.IsZero() || t.Before(s.End))
}

// Team is a team of an event.
type Team struct {
	ID      int64
	EventID int64
	Name    string
	// Members are the display names of the team's members, as given when
	// it joined (checked like team names); none is fine.
	Members []string
	Created time.Time
	// Active is the submission the team plays with: its last successful
	// build, or an older ready one it chose again (0: none yet).
	Active int64
	// League is the team's league in an event with leagues (CodinGame
	// style, 1 is the first); 0 before its first submission plays, and
	// always in an event without leagues.
	League int
	// Suspended: the organiser suspended the team (a team that harms the
	// event): its bots play no new match and its uploads are refused, but
	// it keeps its place in the tables. Reason is the organiser's word for
	// it ("" when none was given); empty when not suspended.
	Suspended bool
	Reason    string
}

// Build statuses of a submission, in the order a build goes through them.
const (
	StatusQueued   = "queued"
	StatusBuilding = "building"
	StatusReady    = "ready"
	StatusFailed   = "failed"
)

// LanguageURL is the language of a submission that is an HTTP bot URL
// (an event's http_bots): the submission's file name is the URL.
const LanguageURL = "url"

// Submission is one upload of a team and its build.
type Submission struct {
	ID       int64
	TeamID   int64
	Filename string // as uploaded (a zip or a single source file), for display only
	Language string // the kit language the build found; "" until then
	Status   string // StatusQueued ... StatusFailed
	Error    string // why a build failed, in one line
	Created  time.Time
	Built    time.Time // zero until the build ended
	// Tree identifies what was built (build.TreeHash: the prepared
	// source tree, the kit's commands, the toolchain); "" before the
	// build, or for a URL. Artifact is the submission whose build tree
	// this one plays: an upload whose tree an earlier build had is ready
	// at once and shares that build (0: its own tree).
	Tree     string
	Artifact int64
	// Draft is a submission made to be tried in test games (the team
	// page's editor): its build never makes it the team's active one,
	// and it never replaces another submission (nor is replaced) before
	// its build begins. Activate still may.
	Draft bool
}

// Played is the submission whose build tree s plays: its own, or the
// earlier build of the same tree it shares.
func (s Submission) Played() int64 {
	if s.Artifact != 0 {
		return s.Artifact
	}
	return s.ID
}

// Store is the platform's database. Every method is safe for concurrent
// use. Secrets are never stored: the caller passes their SHA-256 hashes
// (see Secret), and checks tokens with CheckToken.
type Store interface {
	// CreateEvent stores an event with its invitation's key and hash.
	CreateEvent(ctx context.Context, e Event, invite Key, inviteHash []byte) (Event, error)
	Events(ctx context.Context) ([]Event, error)
	Event(ctx context.Context, id int64) (Event, error)
	// EventByInvite finds an event by its invitation key, with the stored
	// hash to compare (SameHash).
	EventByInvite(ctx context.Context, invite Key) (Event, []byte, error)

	// Event settings (platapi).
	//
	// UpdateEvent changes an event's name, options and settings (its game
	// and invitation stay); ErrNotFound for no such event.
	UpdateEvent(ctx context.Context, e Event) error

	// The organiser (platapi): one token opens the organiser's routes.
	//
	// SetOrganiser stores the organiser token's key and hash. With replace
	// false it stores them only when there is no organiser token yet and
	// reports whether it did (the first start of a server makes one, and
	// two starting at once make one); with replace true the new token
	// takes the old one's place.
	SetOrganiser(ctx context.Context, key Key, hash []byte, replace bool) (bool, error)
	// Organiser returns the organiser token's key and hash; ErrNotFound
	// when none was made.
	Organiser(ctx context.Context) (Key, []byte, error)
	// SetInvite gives an event a new invitation (key and hash); the old
	// one stops working. ErrNotFound for no such event.
	SetInvite(ctx context.Context, eventID int64, invite Key, hash []byte) error

	// CreateTeam stores a team with its token's key and hash; a name
	// taken in the event is ErrConflict.
	CreateTeam(ctx context.Context, t Team, token Key, tokenHash []byte) (Team, error)
	Team(ctx context.Context, id int64) (Team, error)
	// TeamByToken finds a team by its token key, with the stored hash.
	TeamByToken(ctx context.Context, token Key) (Team, []byte, error)
	// SuspendTeam suspends a team of the event, with the organiser's
	// reason, or lets it back (suspended false: the reason is cleared),
	// and returns the team as stored; ErrNotFound when the event has no
	// such team.
	SuspendTeam(ctx context.Context, eventID, teamID int64, suspended bool, reason string) (Team, error)

	CreateSubmission(ctx context.Context, s Submission) (Submission, error)
	Submission(ctx context.Context, id int64) (Submission, error)
	// Submissions lists a team's submissions, newest first.
	Submissions(ctx context.Context, teamID int64) ([]Submission, error)
	// SetBuildStatus moves a submission to building (or back to queued).
	SetBuildStatus(ctx context.Context, id int64, status string) error
	// FinishBuild records a build's end: ready or failed, its language,
	// its error line and its log. A ready build becomes its team's active
	// submission, in the same transaction, unless it is a Draft. A new active submission is a
	// new player: the team's rating is deleted (it starts again).
	FinishBuild(ctx context.Context, id int64, status, language, errLine string, log []byte) error
	// Activate makes a ready submission its team's active one again (its
	// rating starts again, as FinishBuild's); ErrNotReady for one that is
	// not ready. Activating the active submission changes nothing.
	Activate(ctx context.Context, id int64) error
	BuildLog(ctx context.Context, id int64) ([]byte, error)
	// Unbuilt lists the submissions whose build has not ended (queued or
	// building), oldest first.
	Unbuilt(ctx context.Context) ([]int64, error)
	// SetTree records what a submission's build is of (its Tree) and the
	// submission whose build tree it plays (its Artifact; 0: its own),
	// before FinishBuild records its end.
	SetTree(ctx context.Context, id int64, tree string, artifact int64) error
	// BuiltTree is the oldest ready submission whose build has its own
	// tree of this Tree hash (the one later builds of the same tree
	// share); ErrNotFound when none.
	BuiltTree(ctx context.Context, tree string) (Submission, error)
	// SharedBy reports whether another submission plays submission id's
	// build tree (its Artifact): that tree must stay.
	SharedBy(ctx context.Context, id int64) (bool, error)

	// Test games: a team's unrated games against an opponent of its
	// choice (package practice), kept apart from the matches, so that no
	// rating, leaderboard, result or count ever reads them.
	//
	// CreateTestGame stores a queued test game.
	CreateTestGame(ctx context.Context, g TestGame) (TestGame, error)
	// TestGame is one test game; ErrNotFound when none.
	TestGame(ctx context.Context, id int64) (TestGame, error)
	// TestGames lists a team's test games, newest first, at most limit.
	TestGames(ctx context.Context, teamID int64, limit int) ([]TestGame, error)
	// UnfinishedTestGames counts a team's test games queued or playing.
	UnfinishedTestGames(ctx context.Context, teamID int64) (int, error)
	// StartTestGame moves a queued test game to playing, unless another
	// game of its team is playing (a team plays one test game at a
	// time): it reports whether it did. A game already playing (its job
	// run again after a stopped server) starts again.
	StartTestGame(ctx context.Context, id int64) (bool, error)
	// FinishTestGame records a test game's end: its ranks by seat, or
	// the error that kept it from being played (then it is failed).
	FinishTestGame(ctx context.Context, id int64, ranks []int, errLine string) error

	// Teams lists an event's teams, by id.
	Teams(ctx context.Context, eventID int64) ([]Team, error)
	// Ratings are the stored ratings of an event's teams (a team that
	// never played has none).
	Ratings(ctx context.Context, eventID int64) (map[int64]Rating, error)
	// RecordMatch stores a played match and, in the same transaction,
	// the ratings rate computes from its teams' current ones. A match
	// whose Key is already stored (a retried job) changes nothing and
	// returns false.
	RecordMatch(ctx context.Context, m Match, rate func(current map[int64]Rating) []Rating) (bool, error)
	// Matches lists an event's matches, newest first, at most limit.
	Matches(ctx context.Context, eventID int64, limit int) ([]Match, error)
	// MatchKeysPast lists the event's matches of a kind past its keep
	// newest ones, with an id above after, oldest first, at most limit:
	// those whose replays a budget lets go (files.ReplayBudget).
	MatchKeysPast(ctx context.Context, eventID int64, kind string, keep int, after int64, limit int) ([]MatchKey, error)

	// Event formats (leagues, ranked rounds, finals).

	// SetLeague moves a team to a league, if it is still in league from
	// (so that two deciders never move it twice); it reports whether it
	// moved. A team that moves loses its rating, in the same transaction:
	// a rating is a team's standing among its league's teams, and starts
	// again in the new league.
	SetLeague(ctx context.Context, teamID int64, from, to int) (bool, error)
	// SubmissionMatches lists the matches of one kind (KindPromotion...)
	// a submission played, oldest first.
	SubmissionMatches(ctx context.Context, subID int64, kind string) ([]Match, error)

	// Event formats (Cod'INSA spawn votes and round robin, Blitz
	// ranked rounds and final). A format keeps its own state
	// as one JSON document per event and name, read and changed whole.

	// EventState is the document name of an event; nil (no error) when
	// there is none yet.
	EventState(ctx context.Context, eventID int64, name string) ([]byte, error)
	// UpdateEventState replaces the document with update's answer to the
	// current one (nil when there is none), in one transaction: two
	// updates never lose each other's change. An error from update
	// changes nothing and is returned as is. update must not call the
	// store (SQLite's one connection is busy with its transaction).
	UpdateEventState(ctx context.Context, eventID int64, name string, update func(old []byte) ([]byte, error)) ([]byte, error)

	// Many machines (workers on other machines share nothing but the
	// database).

	// RecordMatchTx is RecordMatch that runs then in its transaction,
	// after the match is stored (or found stored by an earlier try): the
	// job queue completes the match's job there, so that a match recorded
	// is never played again. An error from then rolls everything back.
	RecordMatchTx(ctx context.Context, m Match, rate func(current map[int64]Rating) []Rating, then func(Tx) error) (bool, error)
	// PutFile stores a file by name, replacing one of that name: the
	// uploads, build artifacts and replays that workers on other
	// machines need.
	PutFile(ctx context.Context, name string, data []byte) error
	// File reads a stored file; ErrNotFound when there is none.
	File(ctx context.Context, name string) ([]byte, error)
	// DeleteFile removes a stored file; none of that name is no error.
	DeleteFile(ctx context.Context, name string) error
	// Heartbeat records a worker's beat, replacing its previous one.
	Heartbeat(ctx context.Context, w Worker) error
	// Workers lists the workers that ever beat, the last seen first.
	Workers(ctx context.Context) ([]Worker, error)
	// Counted in the database (fixes: the final's progress, the
	// ladder and the results read an event's matches of one kind, or
	// only their number, not every match of the event: an event of
	// continuous games holds tens of thousands).
	//
	// CountMatches counts an event's matches of one kind ("": of every
	// kind): all of them, and those the arena failed to play (Error set).
	CountMatches(ctx context.Context, eventID int64, kind string) (all, failed int, err error)
	// MatchCounts counts an event's matches of every kind at once, by
	// kind: what CountMatches says of each, in one read (the fit of
	// ratings asks for three kinds at each scheduling pass).
	MatchCounts(ctx context.Context, eventID int64) (MatchCounts, error)
	// MatchesOfKind lists an event's matches of one kind, newest first.
	MatchesOfKind(ctx context.Context, eventID int64, kind string) ([]Match, error)

	// ExportEvent reads an event whole, for another database
	// (arena export).
	ExportEvent(ctx context.Context, eventID int64) (Dump, error)
	// ImportEvent stores an exported event under its own ids, in one
	// transaction; ErrConflict when the database has a row with one of
	// them (import into a database of its own, or one that has other
	// events of the same source).
	ImportEvent(ctx context.Context, d Dump) error

	Close() error
}

// Tx is a driver's open transaction (*sql.Tx for sqlite, pgx.Tx for
// postgres), handed to the job queue that shares the database.
type Tx any

// Worker is a process that plays matches and builds (arena worker), as
// its last heartbeat told.
type Worker struct {
	ID      string // unique per process
	Host    string // the machine's name
	Cores   int    // the cores it was given
	Slots   int    // matches it plays at once
	Running int    // matches it is playing
	Done    int64  // matches it finished since it started
	Started time.Time
	Seen    time.Time     // its last beat
	Every   time.Duration // how often it beats (milliseconds are kept)
}

// Rating is a team's rating in its event (OpenSkill) and its record.
type Rating struct {
	TeamID             int64
	Mu, Sigma          float64
	Games, Wins, Draws int
	Losses             int
}

// Test game states, in the order a game goes through them.
const (
	TestQueued  = "queued"
	TestPlaying = "playing"
	TestDone    = "done"
	TestFailed  = "failed"
)

// TestGame is a team's unrated game against an opponent of its choice.
type TestGame struct {
	ID      int64
	EventID int64
	TeamID  int64
	// Opponent is what the team asked for, as it asked (boss, house,
	// house:NAME, submission:N, team:NAME), for display.
	Opponent    string
	Teams       []int64 // by seat; 0 for a builtin bot
	Submissions []int64 // by seat; 0 for a builtin bot
	House       string  // the builtin of the seats without a team ("": the game's house bot)
	League      int     // the league it is played in (0: the game's default)
	Seed        int64
	State       string // TestQueued ... TestFailed
	Ranks       []int  // by seat, once done
	Error       string // why it could not be played
	Created     time.Time
	Ended       time.Time // zero until it ended
}

// Match kinds: what a match was played for.
const (
	KindCasual    = "casual"    // continuous rated games
	KindPromotion = "promotion" // a game of a league's promotion test, against its boss
	KindRanked    = "ranked"    // a game of a ranked round
	KindFinal     = "final"     // a game of the final ranking or tournament
)

// MatchCounts are an event's matches counted by kind.
type MatchCounts map[string]MatchCount

// MatchCount is a number of matches: all of them, and those the arena
// failed to play (Error set).
type MatchCount struct{ All, Failed int }

// Of is the count of one kind ("": of every kind).
func (c MatchCounts) Of(kind string) MatchCount {
	if kind != "" {
		return c[kind]
	}
	var n MatchCount
	for _, k := range c {
		n.All += k.All
		n.Failed += k.Failed
	}
	return n
}

// CountByKind counts matches by kind, as Store.MatchCounts does (for
// stores that hold their matches in memory: the tests').
func CountByKind(ms []Match) MatchCounts {
	out := MatchCounts{}
	for _, m := range ms {
		n := out[m.Kind]
		n.All++
		if m.Error != "" {
			n.Failed++
		}
		out[m.Kind] = n
	}
	return out
}

// Match is a played match of an event.
type Match struct {
	ID          int64
	EventID     int64
	Key         string // unique per match job: a retried job is recorded once
	Kind        string // KindCasual (the default) ... KindFinal
	League      int    // the league it was played in (0: the game's default)
	Round       int64  // the ranked round or final it belongs to (0: none)
	Map         string // the map it was played on, for display ("": the game's choice, not recorded)
	Seed        int64
	Teams       []int64 // by seat; 0 for a house bot
	Submissions []int64 // by seat; 0 for a house bot
	Ranks       []int   // by seat, 1 is first
	// Scores and Stats are the game's result by seat (its score, and its
	// numeric statistics: tie-breakers, side-quest points...).
	Scores []float64
	Stats  []map[string]float64
	Error  string // an arena failure: the match is not rated
	Played time.Time
}

// Dump is an event with everything of it a database keeps: what
// ExportEvent reads and ImportEvent writes. Files (uploads, builds,
// replays) travel beside it.
type Dump struct {
	Event       Event
	InviteKey   Key
	InviteHash  []byte
	Teams       []DumpTeam
	Submissions []DumpSubmission
	Matches     []Match // by id
	Ratings     []Rating
	State       map[string][]byte // the format's documents by name
}

// DumpTeam is a team with its token's key and hash.
type DumpTeam struct {
	Team
	TokenKey  Key
	TokenHash []byte
}

// DumpSubmission is a submission with its build log.
type DumpSubmission struct {
	Submission
	Log []byte
}
