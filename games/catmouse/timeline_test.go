package catmouse_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	_ "github.com/seed27749672/arena/games/catmouse"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// The timeline of §4.1 through the real runner, on a fake clock
// (testing/synctest): in-process bots answer after exact delays, and every
// message the runner writes is stamped with the fake time since the start
// of the match. S_1 is 0 when both READY come at once. When an AI still
// owes an answer at R_t, the runner waits 1 ms past R_t for the lines read
// by then (they may still be on their way from the transport), so the
// STATEs of turn t+1 are written at R_t + 1 ms; the grid itself (every
// R_t, every deadline) does not move.

// answerPlan says how an AI in one role answers: per STATE number (0 for
// INIT) a delay and the lines; silent: it never answers that request;
// crash: its process ends instead of answering.
type answerPlan struct {
	delay  map[int]time.Duration
	out    map[int]string
	silent map[int]bool
	crash  map[int]bool
	every  time.Duration // delay of every other answer
}

// sent is one message the runner wrote to an AI.
type sent struct {
	at   time.Duration
	seat int
	leg  int
	line string // the first line
	msg  string
}

type timeline struct {
	mu    sync.Mutex
	start time.Time
	sent  []sent
}

func (tl *timeline) log(seat, leg int, msg []byte) {
	tl.mu.Lock()
	defer tl.mu.Unlock()
	first, _, _ := strings.Cut(string(msg), "\n")
	tl.sent = append(tl.sent, sent{at: time.Since(tl.start), seat: seat, leg: leg, line: first, msg: string(msg)})
}

// got lists "at first-line" for one seat and leg.
func (tl *timeline) got(seat, leg int) []string {
	var out []string
	for _, s := range tl.sent {
		if s.seat == seat && s.leg == leg {
			out = append(out, fmt.Sprintf("%v %s", s.at, s.line))
		}
	}
	return out
}

func (tl *timeline) find(seat, leg int, line string) *sent {
	for i := range tl.sent {
		if s := &tl.sent[i]; s.seat == seat && s.leg == leg && s.line == line {
			return s
		}
	}
	return nil
}

// planBot plays its role's plan; it learns the role from INIT.
type planBot struct {
	plans map[string]answerPlan
	plan  answerPlan
}

func (b *planBot) Respond(msg []byte) []byte {
	text := string(msg)
	n := 0
	switch {
	case strings.HasPrefix(text, "INIT"):
		role := "CATS"
		if strings.Contains(text, "ROLE MOUSE") {
			role = "MOUSE"
		}
		b.plan = b.plans[role]
	case strings.HasPrefix(text, "STATE "):
		fmt.Sscanf(text, "STATE %d", &n)
	default:
		return nil
	}
	p := b.plan
	if p.crash[n] {
		panic("crashing on purpose")
	}
	if p.silent[n] {
		time.Sleep(time.Hour)
		return nil
	}
	d, ok := p.delay[n]
	if !ok {
		d = p.every
	}
	time.Sleep(d)
	out, ok := p.out[n]
	if !ok {
		out = "MOVE"
		if n == 0 {
			out = "READY"
		}
	}
	return []byte(out + "\n")
}

// logged records every message written to an in-process bot.
type logged struct {
	*bot.InProcess
	tl   *timeline
	seat int
	leg  *int
}

func (l logged) Send(msg []byte, deadline time.Time) error {
	l.tl.log(l.seat, *l.leg, msg)
	return l.InProcess.Send(msg, deadline)
}

// SendStamped is the runner's way in when the bot is a bot.Stamper (the
// embedded InProcess is one): it must log too.
func (l logged) SendStamped(msg []byte, deadline time.Time) (time.Time, error) {
	l.tl.log(l.seat, *l.leg, msg)
	return l.InProcess.SendStamped(msg, deadline)
}

// playPlans runs one game with two plan bots; it must run in a bubble.
func playPlans(t *testing.T, opts []string, plans [2]map[string]answerPlan) (*replay.Replay, *timeline) {
	t.Helper()
	g, _ := game.Lookup("catmouse")
	o, err := game.ParseOptions(g.Info().Options, opts)
	if err != nil {
		t.Fatal(err)
	}
	tl := &timeline{start: time.Now()}
	var players []match.Player
	for seat := range 2 {
		leg := 0
		players = append(players, match.Player{Name: fmt.Sprintf("seat%d", seat), Open: func() (bot.Bot, error) {
			leg++
			return logged{InProcess: &bot.InProcess{Bot: &planBot{plans: plans[seat]}}, tl: tl, seat: seat, leg: &leg}, nil
		}})
	}
	rep, err := match.Run(context.Background(), match.Match{Game: g, Config: game.Config{Seed: 1, Options: o}, Players: players, Grace: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := match.Verify(rep); err != nil {
		t.Fatal(err)
	}
	// A silent bot is still asleep in its answer: let the fake clock run
	// until it wakes and sees that it was closed, so that the bubble ends
	// with no goroutine left.
	time.Sleep(2 * time.Hour)
	return rep, tl
}

var openSpawn = []string{"map=open", "spawn=0:0,0/0,-8/0,8"}

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

// TestScenario31LateAnswerRealtime: the cats answer STATE 10 at
// S_10+350 ms: no STATE 11 for them, the answer applied at turn 11, STATE
// 12 at S_10+400 ms whose LAST shows it; the mouse gets STATE 10, 11, 12.
func TestScenario31LateAnswerRealtime(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cats := answerPlan{delay: map[int]time.Duration{10: ms(350)}, out: map[int]string{10: "MOVE C0:5"}}
		plans := map[string]answerPlan{"CATS": cats, "MOUSE": {}}
		rep, tl := playPlans(t, append(openSpawn, "realtime=true", "maxturns=12"), [2]map[string]answerPlan{plans, plans})
		catsGot := strings.Join(tl.got(0, 1), " | ")
		for _, want := range []string{"0s INIT 1", "1.8s STATE 10", "2.2s STATE 12", "2.4s GAMEOVER ESCAPED 12"} {
			if !strings.Contains(catsGot, want) {
				t.Errorf("cats lack %q:\n%s", want, catsGot)
			}
		}
		if strings.Contains(catsGot, "STATE 11") {
			t.Errorf("the lagging cats were sent STATE 11:\n%s", catsGot)
		}
		mouseGot := strings.Join(tl.got(1, 1), " | ")
		for _, want := range []string{"1.8s STATE 10", "2.001s STATE 11", "2.2s STATE 12"} {
			if !strings.Contains(mouseGot, want) {
				t.Errorf("mouse lacks %q:\n%s", want, mouseGot)
			}
		}
		if s := tl.find(1, 1, "STATE 11"); s == nil || !strings.Contains(s.msg, "LAST C0:S C1:S M:S\n") {
			t.Errorf("mouse STATE 11: %+v", s)
		}
		if s := tl.find(0, 1, "STATE 12"); s == nil || !strings.Contains(s.msg, "CAT C0 0 -7\n") || !strings.Contains(s.msg, "LAST C0:5 C1:S M:S\n") {
			t.Errorf("cats STATE 12: %+v", s)
		}
		// Runner turn k+1 is turn k (turn 1 is the handshake).
		if r := rep.Turns[10].Replies[0]; r.Status != game.Timeout {
			t.Errorf("turn 10: %s", r.Status)
		}
		if r := rep.Turns[11].Replies[0]; r.Status != game.Answered || !r.Late || r.Time != ms(350) {
			t.Errorf("turn 11: %s late %v time %v", r.Status, r.Late, r.Time)
		}
	})
}

// TestScenario32LateAnswerFast: fast mode, the mouse answering every STATE
// in 5 ms: turn 10 resolves at S_10+200; STATE 11 goes to the mouse only;
// turn 11 resolves when the cats' answer is read, at S_10+350.
func TestScenario32LateAnswerFast(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cats := answerPlan{delay: map[int]time.Duration{10: ms(350)}, out: map[int]string{10: "MOVE C0:5"}}
		mouse := answerPlan{every: ms(5)}
		plans := map[string]answerPlan{"CATS": cats, "MOUSE": mouse}
		_, tl := playPlans(t, append(openSpawn, "maxturns=12"), [2]map[string]answerPlan{plans, plans})
		s10 := tl.find(0, 1, "STATE 10")
		m11 := tl.find(1, 1, "STATE 11")
		c12 := tl.find(0, 1, "STATE 12")
		if s10 == nil || m11 == nil || c12 == nil || tl.find(0, 1, "STATE 11") != nil {
			t.Fatalf("cats %v\nmouse %v", tl.got(0, 1), tl.got(1, 1))
		}
		if s10.at != ms(50) || m11.at-s10.at != ms(200) || c12.at-s10.at != ms(350) {
			t.Errorf("S_10 %v (want 50ms: a handshake and 9 turns of 5 ms), STATE 11 to the mouse at +%v (want +200ms), STATE 12 at +%v (want +350ms)",
				s10.at, m11.at-s10.at, c12.at-s10.at)
		}
		if !strings.Contains(c12.msg, "LAST C0:5 C1:S ") {
			t.Errorf("cats STATE 12:\n%s", c12.msg)
		}
	})
}

// TestScenario33FastEqualsRealtime: when every answer comes within 5 ms,
// fast and real-time modes give the same moves, catches and frames.
func TestScenario33FastEqualsRealtime(t *testing.T) {
	var frames [2][]string
	for i, mode := range []string{"realtime=false", "realtime=true"} {
		synctest.Test(t, func(t *testing.T) {
			g, _ := game.Lookup("catmouse")
			o := game.MustOptions(g.Info().Options, mode, "maxturns=60")
			var players []match.Player
			for seat, name := range []string{"pursuit", "evasive"} {
				b, _ := g.Info().FindBuiltin(name)
				players = append(players, match.Player{Name: name, Open: func() (bot.Bot, error) {
					inner := b.New(game.BotSeed(7, seat))
					return &bot.InProcess{Bot: game.BotFunc(func(msg []byte) []byte {
						time.Sleep(ms(4))
						return inner.Respond(msg)
					})}, nil
				}})
			}
			rep, err := match.Run(context.Background(), match.Match{Game: g, Config: game.Config{Seed: 7, Options: o}, Players: players, Grace: ms(50)})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range rep.Frames() {
				frames[i] = append(frames[i], strings.Replace(string(f), `"realtime":true`, `"realtime":false`, 1))
			}
		})
	}
	if len(frames[0]) < 10 || strings.Join(frames[0], "\n") != strings.Join(frames[1], "\n") {
		t.Errorf("fast mode (%d frames) and real-time mode (%d frames) differ", len(frames[0]), len(frames[1]))
	}
}

// TestScenario34LateReady: cats READY at 50 ms, mouse READY at 2300 ms:
// S_1 = 2000, R_1 = 2200, R_2 = 2400; the mouse's READY is applied at turn
// 2 and its first STATE is STATE 3, at 2400 ms.
func TestScenario34LateReady(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		plans := map[string]answerPlan{"CATS": {delay: map[int]time.Duration{0: ms(50)}}, "MOUSE": {delay: map[int]time.Duration{0: ms(2300)}}}
		rep, tl := playPlans(t, append(openSpawn, "realtime=true", "maxturns=5"), [2]map[string]answerPlan{plans, plans})
		cats, mouse := strings.Join(tl.got(0, 1), " | "), strings.Join(tl.got(1, 1), " | ")
		if !strings.HasPrefix(cats, "0s INIT 1 | 2s STATE 1 | 2.201s STATE 2 | 2.4s STATE 3") {
			t.Errorf("cats: %s", cats)
		}
		if !strings.HasPrefix(mouse, "0s INIT 1 | 2.4s STATE 3 | 2.6s STATE 4") {
			t.Errorf("mouse: %s", mouse)
		}
		if r := rep.Turns[2].Replies[1]; r.Status != game.Answered || !r.Late || r.Lines[0].Text != "READY" {
			t.Errorf("turn 2, mouse: %+v", r)
		}
	})
}

// TestScenario34FastReady: in fast mode S_1 is the moment both READY are
// read.
func TestScenario34FastReady(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		plans := map[string]answerPlan{"CATS": {delay: map[int]time.Duration{0: ms(50)}}, "MOUSE": {delay: map[int]time.Duration{0: ms(120)}}}
		_, tl := playPlans(t, append(openSpawn, "maxturns=3"), [2]map[string]answerPlan{plans, plans})
		if s := tl.find(1, 1, "STATE 1"); s == nil || s.at != ms(120) {
			t.Errorf("STATE 1: %+v", s)
		}
		// Real-time mode ends the handshake early too; its turns then last
		// 200 ms each.
	})
	synctest.Test(t, func(t *testing.T) {
		plans := map[string]answerPlan{"CATS": {delay: map[int]time.Duration{0: ms(50)}}, "MOUSE": {delay: map[int]time.Duration{0: ms(120)}}}
		_, tl := playPlans(t, append(openSpawn, "maxturns=3", "realtime=true"), [2]map[string]answerPlan{plans, plans})
		if got := strings.Join(tl.got(1, 1), " | "); !strings.HasPrefix(got, "0s INIT 1 | 120ms STATE 1 | 320ms STATE 2 | 520ms STATE 3 | 720ms GAMEOVER ESCAPED 3") {
			t.Errorf("mouse: %s", got)
		}
		if got := strings.Join(tl.got(1, 2), " | "); !strings.HasPrefix(got, "720ms INIT 1 | 840ms STATE 1") {
			t.Errorf("leg 2 starts with fresh bots and its own handshake: %s", got)
		}
	})
}

// TestScenario41AnswerAtResolution: the mouse's MOVE for STATE 5 is read
// exactly at R_5 = S_5 + 200 ms: it is applied at turn 5, and the mouse
// gets STATE 6 with everybody else. The runner's timer and the answer
// come at the same moment of the fake clock, in either order: 10 games.
func TestScenario41AnswerAtResolution(t *testing.T) {
	for range 10 {
		synctest.Test(t, func(t *testing.T) {
			mouse := answerPlan{delay: map[int]time.Duration{5: ms(200)}, out: map[int]string{5: "MOVE M:0"}}
			plans := map[string]answerPlan{"CATS": {}, "MOUSE": mouse}
			rep, tl := playPlans(t, append(openSpawn, "realtime=true", "maxturns=6"), [2]map[string]answerPlan{plans, plans})
			if s := tl.find(1, 1, "STATE 6"); s == nil || s.at != ms(1000) || !strings.Contains(s.msg, "MOUSE 1 0\n") {
				t.Fatalf("mouse: %v\nSTATE 6: %+v", tl.got(1, 1), s)
			}
			if r := rep.Turns[5].Replies[1]; r.Status != game.Answered || r.Late || r.Time != ms(200) {
				t.Errorf("turn 5: %s late %v after %v", r.Status, r.Late, r.Time)
			}
		})
	}
}

// TestScenario42SilentCats: the cats never answer STATE 10 (their process
// runs on): turn 60 is not resolved, both AIs get GAMEOVER CRASH CATS 60,
// the cats' team loses.
func TestScenario42SilentCats(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		plans := map[string]answerPlan{"CATS": {silent: map[int]bool{10: true}}, "MOUSE": {}}
		rep, tl := playPlans(t, append(openSpawn, "realtime=true"), [2]map[string]answerPlan{plans, plans})
		for seat := range 2 {
			got := tl.got(seat, 1)
			if last := got[len(got)-1]; last != "12.001s GAMEOVER CRASH CATS 60" {
				t.Errorf("seat %d's last message: %q", seat, last)
			}
		}
		if len(rep.Turns) != 61 || rep.Result.Players[0].Rank != 2 || rep.Result.Players[0].Status != game.TimedOut {
			t.Errorf("%d turns, result %+v", len(rep.Turns), rep.Result.Players)
		}
		if w := rep.Turns[59].Replies[0]; w.Status != game.Waiting || w.Waiting != 10*time.Second {
			t.Errorf("turn 59: %s waiting %v, want exactly 10s", w.Status, w.Waiting)
		}
	})
}

// TestScenario35And43Crashes: a process that ends during a turn is found
// at R_t: one side (CRASH MOUSE 40) or both (CRASH BOTH 7).
func TestScenario35And43Crashes(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		plans := map[string]answerPlan{"CATS": {}, "MOUSE": {crash: map[int]bool{40: true}}}
		rep, tl := playPlans(t, append(openSpawn, "realtime=true"), [2]map[string]answerPlan{plans, plans})
		got := tl.got(0, 1)
		// STATE 40 at 7.8 s, the crash found at R_40.
		if last := got[len(got)-1]; last != "8s GAMEOVER CRASH MOUSE 40" {
			t.Errorf("cats' last message %q", last)
		}
		if p := rep.Result.Players; p[1].Status != game.Crashed || p[1].Rank != 2 || p[0].Stats["own"] != 0 || p[1].Stats["own"] != 301 {
			t.Errorf("result %+v", p)
		}
		if len(tl.got(0, 2)) != 0 {
			t.Error("leg 2 must not be played after a crash")
		}
	})
	synctest.Test(t, func(t *testing.T) {
		plans := map[string]answerPlan{"CATS": {crash: map[int]bool{7: true}}, "MOUSE": {crash: map[int]bool{7: true}}}
		rep, _ := playPlans(t, append(openSpawn, "realtime=true"), [2]map[string]answerPlan{plans, plans})
		if rep.Result.Summary != "draw: both AIs crashed in leg 1 at turn 7" || rep.Result.Players[0].Rank != 1 || rep.Result.Players[1].Rank != 1 {
			t.Errorf("result %q %+v", rep.Result.Summary, rep.Result.Players)
		}
	})
}
