package game

import (
	"fmt"
	"math"
	"time"
)

// Policy says what the runner does when a player misses its deadline.
type Policy int

const (
	// PolicyDisqualify: the late player gets a Timeout reply; the game is
	// expected to deactivate it (ants, tracks). Lines that arrive later stay
	// queued and are read as later answers, as on CodinGame.
	PolicyDisqualify Policy = iota
	// PolicySkip: the player gets a Timeout reply for the turn and is asked
	// again next turn; the answers it still owes are discarded when they come.
	PolicySkip
	// PolicyLate: the player is not sent anything new until its outstanding
	// answer arrives; that answer is handed to Play, marked Late, on the turn
	// it arrives (catmouse applies it, territory discards it). Lines read
	// while nothing is outstanding reach Play as Reply.Stray.
	PolicyLate
	// PolicyGame: the runner only reports the timeout; every line read
	// while an answer is expected goes through the Referee's Framer (jungle
	// checks the tick number of each COMMAND), and lines read while nothing
	// is asked (after a timeout, or before the next prompt) reach Play as
	// Reply.Stray, so that the game decides what they mean.
	PolicyGame
)

var policyNames = []string{"disqualify", "skip", "late", "game"}

// String returns the policy's name, as replays and `arena games` show it.
func (p Policy) String() string {
	if int(p) < len(policyNames) {
		return policyNames[p]
	}
	return fmt.Sprintf("Policy(%d)", int(p))
}

// MarshalText encodes the policy by name.
func (p Policy) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText decodes a policy name.
func (p *Policy) UnmarshalText(b []byte) error {
	for i, n := range policyNames {
		if n == string(b) {
			*p = Policy(i)
			return nil
		}
	}
	return fmt.Errorf("unknown timeout policy %q", b)
}

// Clock is a game's time control.
type Clock struct {
	// First is the limit of each of the first FirstTurns turns (start-up,
	// reading the initial input), counted from the start of the bots: a
	// game.Restarter's fresh bots get them again. Turn is the limit of
	// every later turn.
	First      time.Duration `json:"first"`
	FirstTurns int           `json:"firstTurns"`
	Turn       time.Duration `json:"turn"`
	Policy     Policy        `json:"policy"`
	// Realtime makes every turn after the start-up ones last its whole
	// limit even when all answers are in (catmouse's real-time mode), on a
	// fixed grid: a turn starts when the previous one was due to end and
	// its deadline is its own end. Otherwise, and always for the start-up
	// turns, a turn ends as soon as no answer is outstanding.
	Realtime bool `json:"realtime,omitempty"`
	// Pause is a wait after every turn but the last, before the next
	// prompts go out (jungle's delay_between_ticks_ms), so that live
	// viewers can follow. 0 means none.
	Pause time.Duration `json:"pause,omitempty"`
}

// MaxTimeScale is the largest time scale accepted: enough for a debugger
// or a very slow machine, small enough to catch a typing mistake.
const MaxTimeScale = 100

// CheckTimeScale validates a time scale (--time-scale).
func CheckTimeScale(f float64) error {
	if math.IsNaN(f) || f <= 0 || f > MaxTimeScale {
		return fmt.Errorf("time scale %g: must be more than 0 and at most %d (2 makes every time limit of the match twice as long)", f, MaxTimeScale)
	}
	return nil
}

// ScaleDuration multiplies d by the time scale f (0 means 1), to the
// microsecond.
func ScaleDuration(d time.Duration, f float64) time.Duration {
	if f == 0 || f == 1 {
		return d
	}
	return time.Duration(math.Round(float64(d)*f/1e3)) * time.Microsecond
}

// Scaled returns the clock with every limit multiplied by the time scale f
// (0 means 1), start-up turns included. The pause between turns is for
// viewers, not a limit: it is kept.
func (c Clock) Scaled(f float64) Clock {
	c.First = ScaleDuration(c.First, f)
	c.Turn = ScaleDuration(c.Turn, f)
	return c
}

// Limit returns the time allowed on turn t (turns count from 1).
func (c Clock) Limit(t int) time.Duration {
	if t <= c.FirstTurns {
		return c.First
	}
	return c.Turn
}

// String describes the clock for humans: "1000/100 ms".
func (c Clock) String() string {
	ms := func(d time.Duration) int64 { return d.Milliseconds() }
	switch {
	case c.FirstTurns == 0 || c.First == c.Turn:
		return fmt.Sprintf("%d ms", ms(c.Turn))
	case c.FirstTurns == 1:
		return fmt.Sprintf("%d/%d ms", ms(c.First), ms(c.Turn))
	default:
		return fmt.Sprintf("%d ms (%d ms on the first %d turns)", ms(c.Turn), ms(c.First), c.FirstTurns)
	}
}
