package tournament

import (
	"context"
	"fmt"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/sandbox"
)

// Setup is what every format needs: the game, the bots and how to play.
type Setup struct {
	Game    string
	Bots    []string // --bot specs, in seeding order (the first is the top seed)
	Seed    int64    // the first match's seed; the others follow
	League  int
	Options []string
	Cores   int // see Pool.Cores
	// Names, when set, are the bots' display names (one per bot); by
	// default they come from the specs (name, name#2...).
	Names []string
	// OnMatch, when set, sees each finished match with its replays (one
	// call at a time).
	OnMatch func(Played)
	// Sandbox, when not nil, runs the bots that are commands contained.
	Sandbox *sandbox.Limits
	// Known, when set, gives the matches of an interrupted run of the same
	// tournament: the formats decide from results only, so the resumed
	// run meets the same matches in the same order (see Pool.Known).
	Known Known
	// OnStart, when set, is told of each match as it starts (see
	// Pool.OnStart; the job's seats index Bots).
	OnStart func(Job)
	// TimeScale multiplies every time limit of every match (0: 1).
	TimeScale float64
	// Match, when set, builds each match (see Pool.Match; the job's seats
	// index Bots).
	Match func(Job) (match.Match, error)
}

// pool is the pool that plays the matches of s.
func (s Setup) pool() Pool {
	return Pool{Game: s.Game, Bots: s.Bots, League: s.League, Options: s.Options, Cores: s.Cores, Sandbox: s.Sandbox,
		TimeScale: s.TimeScale, Known: s.Known, OnStart: s.OnStart, Match: s.Match}
}

// Outcome is what a tournament keeps of its matches: the standings, the
// rounds (for formats played in rounds) and how many matches were
// scheduled and finished.
type Outcome struct {
	Format    string     `json:"format"`
	Scheduled int        `json:"scheduled"` // matches known in advance (formats in rounds: so far)
	Finished  int        `json:"finished"`
	Standings []Standing `json:"standings"` // best first
	Rounds    []Round    `json:"rounds,omitempty"`
}

// Round is one round of a format played in rounds, for the bracket.
type Round struct {
	Name    string  `json:"name"`
	Matches []Match `json:"matches"`
}

// Match is one match of a round: its bots (names, in seeding order), the
// games they played and what came of it.
type Match struct {
	Bots     []string  `json:"bots"`
	Games    int       `json:"games"`
	Wins     []int     `json:"wins"`    // games won alone, per bot
	Points   []float64 `json:"points"`  // points (Points), per bot, summed over the games
	Ranking  []string  `json:"ranking"` // the bots by their result in the match, best first
	Advanced []string  `json:"advanced,omitempty"`
	Note     string    `json:"note,omitempty"` // "bye", "moved up"...
}

// runner plays the rounds of a format: batches of matches side by side,
// one table for the whole event, seeds and match numbers that follow.
type runner struct {
	Setup
	pool  Pool
	names []string
	table *Table
	next  int   // the next match's number
	seed  int64 // the next unused seed
	out   *Outcome
}

func newRunner(s Setup, format string) (*runner, error) {
	if _, err := game.Lookup(s.Game); err != nil {
		return nil, err
	}
	r := &runner{Setup: s, pool: s.pool(), seed: s.Seed, out: &Outcome{Format: format}}
	var err error
	if r.names, _, err = r.pool.names(); err != nil {
		return nil, err
	}
	if len(s.Names) == len(s.Bots) {
		r.names = s.Names
	}
	r.table = NewTable(r.names)
	return r, nil
}

// seeds reserves n consecutive seeds and returns the first.
func (r *runner) seeds(n int) int64 {
	s := r.seed
	r.seed += int64(n)
	return s
}

// play plays matches side by side (seatings[i]: the bots by seat, on
// seeds[i]) and returns their results in the same order. A match the arena
// cannot play ends the tournament (it would bias everything after it).
func (r *runner) play(ctx context.Context, seatings [][]int, seeds []int64) ([]*replay.Result, error) {
	jobs := make([]Job, len(seatings))
	first := r.next
	for i, st := range seatings {
		jobs[i] = Job{Index: first + i, Seats: st, Seed: seeds[i]}
	}
	r.next += len(jobs)
	r.out.Scheduled += len(jobs)
	results := make([]*replay.Result, len(jobs))
	err := r.pool.Play(ctx, jobs, func(p Played) error {
		if p.Err != nil {
			return p.Err
		}
		r.table.Add(p.Index, p.Seats, p.Result)
		r.out.Finished++
		results[p.Index-first] = p.Result
		if r.OnMatch != nil {
			r.OnMatch(p)
		}
		return nil
	})
	return results, err
}

// finish sets the standings in the given order, with shared places where
// place says so (place[i] for order[i]).
func (r *runner) finish(order []int, place []int) *Outcome {
	r.out.Standings = r.table.Ordered(order, place)
	return r.out
}

// Rotate returns group's bots turned by k seats: the seating of the k-th
// game of a group, so that over len(group) games each bot sits once in
// every seat.
func Rotate(group []int, k int) []int {
	out := make([]int, len(group))
	for i := range group {
		out[i] = group[(i+k)%len(group)]
	}
	return out
}

// checkSize checks that the game accepts matches of n bots.
func checkSize(gameName string, n int) error {
	g, err := game.Lookup(gameName)
	if err != nil {
		return err
	}
	info := g.Info()
	if n < 2 || n < info.MinPlayers || n > info.MaxPlayers {
		return fmt.Errorf("%s matches have %s players, not %d", info.Name, game.CountRange(max(2, info.MinPlayers), info.MaxPlayers), n)
	}
	return nil
}
