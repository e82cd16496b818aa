package apitypes

import (
	"time"

	"github.com/seed27749672/arena/platform/store"
)

// Standing is one line of an event's leaderboard.
type Standing struct {
	// Rank is the team's place in the event's one overall ranking (in an
	// event with leagues: the league first, then the rating); LeagueRank
	// its place in its league. Both are 0 for a team with nothing to
	// rank it by yet (no rated game; in a boss-only league, no test game).
	Rank, LeagueRank int
	Team             store.Team
	Rating           store.Rating // Mu and Sigma are the defaults for a team that never played
	// Test, in an event with leagues, is the team's promotion test in its
	// league (nil in the top league, or without an active submission).
	Test *PromotionRecord
	// BossOnly: the team's league is one where teams play only its boss
	// (ranked by Test; no rated game).
	BossOnly bool
}

// Score is what the leaderboard sorts by: mu - 3 sigma.
func (s Standing) Score() float64 { return s.Rating.Mu - 3*s.Rating.Sigma }

// WinRate is the share of the team's rated games it won (a draw is no
// win: draws have their own count); 0 without games.
func (s Standing) WinRate() float64 {
	if s.Rating.Games == 0 {
		return 0
	}
	return float64(s.Rating.Wins) / float64(s.Rating.Games)
}

// WorkerStatus is a worker as the organiser sees it.
type WorkerStatus struct {
	store.Worker
	Alive bool // it beat recently enough (six of its heartbeats)
	// LostAt is when it is taken for lost if it beats no more: a page
	// that shows it alive looks again then (a beat that changes nothing
	// it shows is told to no page).
	LostAt time.Time
}

// WorkerJSON is a worker as the API and the CLI's --json show it.
func WorkerJSON(w WorkerStatus) map[string]any {
	return map[string]any{"id": w.ID, "host": w.Host, "cores": w.Cores, "slots": w.Slots, "running": w.Running,
		"done": w.Done, "started": w.Started, "seen": w.Seen, "alive": w.Alive,
		"every_ms": w.Every.Milliseconds(), "lost_at": w.LostAt}
}
