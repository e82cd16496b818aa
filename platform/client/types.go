package client

import (
	"time"

	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/store"
)

// The answers the API builds field by field (not from one Go type of the
// platform's) are read into these.

// Team is a team as the organiser sees it (GET organiser/events/{id}/teams):
// its members, its active submission and its standing.
type Team struct {
	ID                         int64    `json:"id"`
	Name                       string   `json:"name"`
	Members                    []string `json:"members"`
	Active                     int64    `json:"active"`
	Rank                       int      `json:"rank"`
	Rating, Mu, Sigma          float64
	Games, Wins, Draws, Losses int
	// League, in an event with leagues, is the team's; Promotion its
	// promotion test there (below the top league); BossOnly: its league
	// plays only the tests (ranked by them, no rated game).
	League    int                       `json:"league,omitempty"`
	Promotion *apitypes.PromotionRecord `json:"promotion,omitempty"`
	BossOnly  bool                      `json:"boss_only,omitempty"`
	// Suspended: the organiser suspended the team, for Reason (may be "").
	Suspended bool   `json:"suspended,omitempty"`
	Reason    string `json:"reason,omitempty"`
}

// Match is a match as the organiser sees it
// (GET organiser/events/{id}/matches).
type Match struct {
	ID     int64  `json:"id"`
	Seed   string `json:"seed"`
	Seats  []Seat `json:"seats"`
	Played string `json:"played"`
	Error  string `json:"error,omitempty"`
}

// Seat is a match's seat: its team and its rank.
type Seat struct {
	Team   string `json:"team"`
	TeamID int64  `json:"team_id"`
	Rank   int    `json:"rank"`
}

// Submission is one of a team's submissions with its build.
type Submission struct {
	ID       int64  `json:"id"`
	Filename string `json:"filename"`
	Language string `json:"language"`
	Status   string `json:"status"`
	Error    string `json:"error"`
	Created  string `json:"created"`
	Log      string `json:"log"` // the path of its build's log on the server
	Active   bool   `json:"active"`
}

// Standing is a line of a team's event's leaderboard.
type Standing struct {
	Rank                       int // in the event; 0: unranked (no rated game yet)
	LeagueRank                 int `json:"league_rank"`
	League                     int
	Team                       string
	Rating, Mu, Sigma          float64
	Games, Wins, Draws, Losses int
	WinRate                    float64                   `json:"win_rate"`  // wins / games: a draw is no win
	Promotion                  *apitypes.PromotionRecord `json:"promotion"` // below the top league
	BossOnly                   bool                      `json:"boss_only"` // ranked by the tests: no rated game
}

// Joined is the answer to a join: the new team, its event and its token
// (shown once).
type Joined struct {
	Team  struct{ ID int64 }
	Event struct{ Name, Game string }
	Token string
}

// eventDoc is the API's event (api.EventJSON).
type eventDoc struct {
	ID       int64             `json:"id"`
	Game     string            `json:"game"`
	Name     string            `json:"name"`
	Options  map[string]string `json:"options"`
	Settings store.Settings    `json:"settings"`
	Created  time.Time         `json:"created"`
}

func (e eventDoc) event() store.Event {
	return store.Event{ID: e.ID, Game: e.Game, Name: e.Name, Options: e.Options, Settings: e.Settings, Created: e.Created}
}
