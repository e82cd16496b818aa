package replay

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/seed27749672/arena/game"
)

// DidNotStart begins the error of a bot that could not be started.
const DidNotStart = "did not start: "

// BuildResult is the result of a match as shown: the referee's outcome
// merged with what the recorded turns show of each bot. A bot the referee
// timed out whose timeout of the last leg was starved (Reply.Starved) is
// starved, with a message that says what the machine gave it. A bot of the last
// leg that is gone (its error recorded) is crashed where the referee counted
// it fine, or did-not-start; one that stopped reading its input (a timeout
// reply with Unread) is stopped-reading where the referee counted it fine
// or timed out, whatever the game said; the time figures add up the
// recorded replies.
// The match runner builds its result with it, and verification builds it
// again from the re-simulated outcome: a result edited in the file differs.
func BuildResult(out game.Result, players []Player, turns []Turn) *Result {
	res := &Result{Turns: len(turns), Summary: out.Summary}
	leg := 0 // the first turn played by the bots running at the end
	for i, t := range turns {
		if t.Restart {
			leg = i + 1
		}
	}
	for i, p := range players {
		var pr game.PlayerResult
		if i < len(out.Players) {
			pr = out.Players[i]
		}
		if gone, why := goneIn(turns[leg:], i); gone {
			switch {
			case strings.HasPrefix(why, DidNotStart):
				pr.Status, pr.Message = game.DidNotStart, why
			case pr.Status == game.OK || pr.Status == "":
				pr.Status = game.Crashed
			}
			if pr.Message == "" {
				pr.Message = why
			}
		}
		if turn, unread, ok := stoppedReadingIn(turns[leg:], i); ok && (pr.Status == game.OK || pr.Status == game.TimedOut || pr.Status == "") {
			pr.Status, pr.Message = game.StoppedReading, StoppedReadingMessage(turn, unread)
		}
		if st, ok := firstStarved(turns[leg:], i); ok && pr.Status == game.TimedOut {
			pr.Status, pr.Message = game.Starved, StarvedMessage(st)
		}
		if pr.Status == "" {
			pr.Status = game.OK
		}
		res.Players = append(res.Players, figuresOf(turns, i, PlayerResult{Name: p.Name, PlayerResult: pr}))
	}
	return res
}

// goneIn reports whether seat's bot is gone in turns, and why.
func goneIn(turns []Turn, seat int) (bool, string) {
	for _, t := range turns {
		if seat < len(t.Replies) {
			if r := t.Replies[seat]; r.Status == game.Gone || r.Error != "" {
				return true, r.Error
			}
		}
	}
	return false, ""
}

// stoppedReadingIn returns the first turn of turns on which seat's bot had
// stopped reading its input (a timeout reply with Unread), and how many
// bytes were unread then.
func stoppedReadingIn(turns []Turn, seat int) (turn, unread int, ok bool) {
	for _, t := range turns {
		if seat < len(t.Replies) {
			if r := t.Replies[seat]; r.Status == game.Timeout && r.Unread > 0 {
				return t.Turn, r.Unread, true
			}
		}
	}
	return 0, 0, false
}

// StoppedReadingMessage is the result message of a bot that stopped
// reading its input: the prompt of turn could not be written, its input
// pipe full with unread bytes.
func StoppedReadingMessage(turn, unread int) string {
	return fmt.Sprintf("stopped reading its input: its input pipe was full when turn %d's prompt was due (%s unread)", turn, kib(unread))
}

// kib writes n bytes in KiB, with one decimal below 10 KiB.
func kib(n int) string {
	k := float64(n) / 1024
	if k < 10 {
		return strconv.FormatFloat(k, 'f', 1, 64) + " KiB"
	}
	return strconv.FormatFloat(k, 'f', 0, 64) + " KiB"
}

// figuresOf adds seat's time figures over turns to p.
func figuresOf(turns []Turn, seat int, p PlayerResult) PlayerResult {
	var f Figures
	f.Add(turns, seat)
	p.Timeouts, p.AvgMs, p.MaxMs, p.CPUMs = f.Timeouts, f.AvgMs(), f.MaxMs(), f.CPUMs()
	p.StderrDropped = f.StderrDropped
	return p
}

// Figures add up a seat's time figures over the turns of one or more
// matches: its timeouts, its answer times (answers, and timeouts at their
// limit; a bot that is gone is not timed, so its figures are those of its
// real answers) and its CPU time.
type Figures struct {
	Timeouts      int
	StderrDropped int64 // error output bytes not kept (the bot's and the match's caps)
	n             int
	total         time.Duration
	longest       time.Duration
	cpu           time.Duration
}

// Add counts seat's replies in turns.
func (f *Figures) Add(turns []Turn, seat int) {
	for _, t := range turns {
		if seat >= len(t.Replies) {
			continue
		}
		r := t.Replies[seat]
		f.cpu += r.CPU
		f.StderrDropped += r.StderrDropped
		switch r.Status {
		case game.Timeout:
			f.Timeouts++
		case game.Answered:
		default:
			continue
		}
		f.n++
		f.total += r.Time
		f.longest = max(f.longest, r.Time)
	}
}

// AvgMs is the average answer time in milliseconds (0 with no answer).
func (f Figures) AvgMs() float64 {
	if f.n == 0 {
		return 0
	}
	return ms(f.total / time.Duration(f.n))
}

// MaxMs is the longest answer time in milliseconds.
func (f Figures) MaxMs() float64 { return ms(f.longest) }

// CPUMs is the CPU time in milliseconds.
func (f Figures) CPUMs() float64 { return ms(f.cpu) }

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
