package apitypes

import (
	"time"
)

// Controls is an event's organiser state.
type Controls struct {
	CasualStopped bool `json:"casual_stopped,omitempty"`
	// Frozen refuses new submissions and changes of the active one: the
	// active submissions are the final ones.
	Frozen bool `json:"frozen,omitempty"`
	// Final is the final ranking, once started.
	Final *Final `json:"final,omitempty"`
	// Published makes the results visible to the teams.
	Published time.Time `json:"published,omitzero"`
}

// Final is the final ranking: Games rated games of kind final, queued by
// the scheduler (Queued so far) between the final submissions.
type Final struct {
	Started time.Time `json:"started"`
	Games   int       `json:"games"`
	Queued  int       `json:"queued"`
	// League is the league a final game is of (TakeFinalGame says it);
	// a final started before finals settled every league keeps the one
	// league it plays in (the top one; 0: no leagues).
	League int `json:"league,omitempty"`
	// Leagues, in an event with leagues, are the leagues the final settles
	// (every league with rated games and a team with a bot), each with its
	// share of the games: more rated games among each league's final
	// submissions.
	Leagues []FinalLeague `json:"leagues,omitempty"`
}

// FinalLeague is one league's part of a final ranking.
type FinalLeague struct {
	League int `json:"league"`
	Games  int `json:"games"`
	Queued int `json:"queued"`
}

// PromotionRecord is a team's promotion test in its league, as its active
// submission has played it so far (the leaderboards show it).
type PromotionRecord struct {
	League int `json:"league"`
	Played int `json:"played"` // games played (those the arena failed to play excepted)
	Wins   int `json:"wins"`   // of which won (a draw is not a win)
	// State is "waiting" (no game played yet), "playing", "promoted" (the
	// team moves up at the scheduler's next look), "not promoted" (the
	// team stays: its next submission takes the test again) or "stopped"
	// (the arena failed to play its games: the bot cannot start).
	State string `json:"state"`
}
