package match_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// Tools for testing the runner's rules on synctest's fake clock, where
// every moment is exact: a bot that writes what a script says when it says
// it, and a game whose clock and referee hooks are the test's.

// out is one thing a scripted bot does, after a delay counted from the
// moment its prompt was sent: write the line text, or, with end, close its
// output (it is gone).
type out struct {
	after time.Duration
	text  string
	end   bool
}

// at is a line written after a delay.
func at(d time.Duration, text string) out { return out{after: d, text: text} }

// scripted is a bot on the fake clock: script gives, for each prompt, what
// it writes and when.
type scripted struct {
	script func(prompt string) []out
	// unread, when it says so, makes the bot read a prompt too late: Send
	// fails at the deadline (what the bot writes still comes).
	unread func(prompt string) bool
	// dropLate drops what the bot writes after the deadline given to Send,
	// as the HTTP transport drops a reply completed after it.
	dropLate bool

	lines chan bot.Line
	stop  chan struct{}
	wg    sync.WaitGroup

	mu      sync.Mutex
	request int // bumped by Cancel: what an abandoned request writes is dropped
	ended   bool
	closed  bool
}

func (b *scripted) Start(context.Context) error {
	b.lines = make(chan bot.Line, 1<<14)
	b.stop = make(chan struct{})
	return nil
}

func (b *scripted) Send(msg []byte, deadline time.Time) error {
	b.mu.Lock()
	req, ended := b.request, b.ended
	b.mu.Unlock()
	if ended {
		return fmt.Errorf("the bot has ended")
	}
	sent := time.Now()
	prompt := strings.TrimSpace(string(msg))
	outs := b.script(prompt)
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		for _, o := range outs {
			select {
			case <-time.After(time.Until(sent.Add(o.after))):
			case <-b.stop:
				return
			}
			if b.dropLate && time.Now().After(deadline) {
				continue
			}
			b.emit(req, o)
		}
	}()
	if b.unread != nil && b.unread(prompt) {
		time.Sleep(time.Until(deadline))
		return bot.ErrDeadline
	}
	return nil
}

func (b *scripted) emit(req int, o out) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ended || b.request != req {
		return
	}
	if o.end {
		b.ended = true
		close(b.lines)
		return
	}
	b.lines <- bot.Line{Line: game.Line{Text: o.text}, At: time.Now()} // never full in these tests
}

func (b *scripted) Lines() <-chan bot.Line              { return b.lines }
func (b *scripted) Stderr() ([]byte, int64)             { return nil, 0 }
func (b *scripted) CPU() (time.Duration, bool)          { return 0, false }
func (b *scripted) Exit(time.Duration) (bot.Exit, bool) { return bot.Exit{}, b.isEnded() }

func (b *scripted) isEnded() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.ended
}

func (b *scripted) Close(time.Duration) bot.Exit {
	b.mu.Lock()
	if !b.closed {
		b.closed = true
		close(b.stop)
	}
	if !b.ended {
		b.ended = true
		close(b.lines)
	}
	b.mu.Unlock()
	b.wg.Wait()
	return bot.Exit{}
}

// cancelable is a scripted bot whose transport abandons a request at its
// deadline (bot.Canceler, like HTTP).
type cancelable struct{ *scripted }

func (b cancelable) Cancel() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.request++
}

// readyAtStart is a scripted bot whose Start returns once it is ready
// (bot.ReadyAtStart, like HTTP).
type readyAtStart struct{ *scripted }

func (readyAtStart) ReadyAtStart() bool { return true }

// player seats a bot made by open.
func player(name string, open func() bot.Bot) match.Player {
	return match.Player{Name: name, Spec: name, Open: func() (bot.Bot, error) { return open(), nil }}
}

// echo answers every prompt "turn T" with T at once.
func echo(prompt string) []out { return []out{at(0, strings.TrimPrefix(prompt, "turn "))} }

// probe is a test game: each turn every seat is sent "turn T" and answers
// anything; its frames record every reply, so that Verify checks them. The
// clock, the number of turns, a Prompt that takes time (on the fake clock)
// and the players it retires are the test's.
type probe struct {
	name       string
	players    int
	clock      game.Clock
	turns      int
	slowPrompt func(turn, p int) time.Duration
	retired    func(turn, p int) bool
	// timeoutStatus: a player that times out is timed out of the match
	// (its result's status), as under PolicyDisqualify.
	timeoutStatus bool
	// log, when set, is told of every Prompt ("prompt T P", T the turn it
	// prompts for), Play ("play T") and Frame ("frame T", T the last turn
	// played).
	log func(string)
}

var registerMu sync.Mutex

// register registers g under its name once (Verify looks games up by name).
func register(g probe) probe {
	registerMu.Lock()
	defer registerMu.Unlock()
	if _, err := game.Lookup(g.name); err != nil {
		game.Register(g)
	}
	return g
}

func (g probe) Info() game.Info {
	return game.Info{Name: g.name, Title: g.name, Summary: "a test game", Version: "1",
		MinPlayers: g.players, MaxPlayers: g.players, Clock: g.clock}
}

func (g probe) New(cfg game.Config) (game.Referee, error) { return &probeRef{g: g}, nil }

type probeRef struct {
	g        probe
	turn     int
	last     []string
	timedOut map[int]bool
}

func (r *probeRef) note(format string, args ...any) {
	if r.g.log != nil {
		r.g.log(fmt.Sprintf(format, args...))
	}
}

func (r *probeRef) Prompt(p int) ([]byte, bool) {
	r.note("prompt %d %d", r.turn+1, p)
	if r.g.slowPrompt != nil {
		time.Sleep(r.g.slowPrompt(r.turn+1, p))
	}
	return fmt.Appendf(nil, "turn %d\n", r.turn+1), true
}

func (r *probeRef) Play(replies []game.Reply) {
	r.turn++
	r.note("play %d", r.turn)
	r.last = r.last[:0]
	for p, rp := range replies {
		r.last = append(r.last, describe(replay.Reply{Reply: rp, Asked: true}))
		if rp.Status == game.Timeout && r.g.timeoutStatus {
			if r.timedOut == nil {
				r.timedOut = map[int]bool{}
			}
			r.timedOut[p] = true
		}
	}
}

func (r *probeRef) Retired(p int) bool { return r.g.retired != nil && r.g.retired(r.turn, p) }
func (r *probeRef) Over() bool         { return r.turn == r.g.turns }

func (r *probeRef) Frame() json.RawMessage {
	r.note("frame %d", r.turn)
	b, _ := json.Marshal(map[string]any{"turn": r.turn, "replies": r.last})
	return b
}

func (r *probeRef) Result() game.Result {
	res := game.Result{}
	for p := range r.g.players {
		st := game.OK
		if r.timedOut[p] {
			st = game.TimedOut
		}
		res.Players = append(res.Players, game.PlayerResult{Rank: 1, Status: st})
	}
	return res
}

// describe sums a recorded reply up: "answered:2 (late) (not asked)
// [stray x y]".
func describe(r replay.Reply) string {
	var texts []string
	for _, l := range r.Lines {
		texts = append(texts, l.Text)
	}
	s := string(r.Status) + ":" + strings.Join(texts, ",")
	if r.Late {
		s += " (late)"
	}
	if !r.Asked {
		s += " (not asked)"
	}
	if len(r.Stray) > 0 {
		var stray []string
		for _, l := range r.Stray {
			stray = append(stray, l.Text)
		}
		s += " [stray " + strings.Join(stray, " ") + "]"
	}
	return s
}

// runFake plays g between players (on the fake clock of the synctest
// bubble it is called in), checks that the replay verifies, and returns it
// with how long the match lasted.
func runFake(t *testing.T, g game.Game, players ...match.Player) (*replay.Replay, time.Duration) {
	t.Helper()
	start := time.Now()
	rep, err := match.Run(context.Background(), match.Match{Game: g, Players: players, Grace: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(start)
	if err := match.Verify(rep); err != nil {
		t.Errorf("verify: %v", err)
	}
	return rep, elapsed
}

// seatReplies describes seat p's reply on every turn.
func seatReplies(rep *replay.Replay, p int) []string {
	var got []string
	for _, tr := range rep.Turns {
		got = append(got, describe(tr.Replies[p]))
	}
	return got
}
