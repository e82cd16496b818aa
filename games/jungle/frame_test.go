package jungle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
)

// TestStepsRepeatAsNull: a step writes null for a team, or for the
// diamonds, written exactly as in the tick's previous step, and nothing
// else changes. Two referees play the same games, one writing every step
// whole (as before steps could repeat); every frame of the other, its
// nulls replaced by the previous step's values, is the same byte for
// byte, and so are the 2022 viewer protocol's messages made from them.
// The games have timeouts (steps not accepted), a team that leaves (a
// tick with fewer steps), attacks and vines (a team changed by another's
// turn).
func TestStepsRepeatAsNull(t *testing.T) {
	nulls := 0
	for seed := int64(1); seed <= 3; seed++ {
		nulls += compareSteps(t, seed, []string{"greedy", "fighter", "random", "fighter"})
		nulls += compareSteps(t, seed, []string{"fighter", "fighter", "greedy", "fighter"})
	}
	if nulls == 0 {
		t.Fatal("no step repeated anything: the test compares nothing")
	}
}

// compareSteps plays one game between builtins with two referees and
// compares their frames; it returns how many nulls the steps held.
func compareSteps(t *testing.T, seed int64, names []string) int {
	t.Helper()
	newRef := func(full bool) *referee {
		ref, err := Game{}.New(game.Config{Seed: seed, Players: len(names), Options: game.MustOptions(options)})
		if err != nil {
			t.Fatal(err)
		}
		r := ref.(*referee)
		r.fullSteps = full
		return r
	}
	whole, short := newRef(true), newRef(false)
	bots := make([]game.Bot, len(names))
	for i, name := range names {
		bt, err := Game{}.Info().FindBuiltin(name)
		if err != nil {
			t.Fatal(err)
		}
		bots[i] = bt.New(game.BotSeed(seed, i))
	}
	initial, nulls := short.Frame(), 0
	replies := make([]game.Reply, len(bots))
	for tick := 0; !short.Over(); tick++ {
		for p := range bots {
			replies[p] = stepsReply(short, bots[p], p, tick)
		}
		whole.Play(replies)
		short.Play(replies)
		n, err := sameFrame(whole.Frame(), short.Frame())
		if err != nil {
			t.Fatalf("seed %d, tick %d: %v", seed, tick, err)
		}
		nulls += n
		wl, wr, err1 := ViewerMessages(initial, whole.Frame())
		sl, sr, err2 := ViewerMessages(initial, short.Frame())
		if err1 != nil || err2 != nil {
			t.Fatalf("seed %d, tick %d: %v, %v", seed, tick, err1, err2)
		}
		if !equalAll(wl, sl) || !equalAll(wr, sr) {
			t.Fatalf("seed %d, tick %d: the viewer protocol's messages differ", seed, tick)
		}
	}
	return nulls
}

// stepsReply is player p's reply at a tick: its builtin's answer, but
// player 1 times out every 17 ticks and player 2 leaves at tick 200.
func stepsReply(r *referee, bot game.Bot, p, tick int) game.Reply {
	switch {
	case p == 2 && tick == 200:
		return game.Reply{Status: game.Gone}
	case p == 1 && tick%17 == 5:
		return game.Reply{Status: game.Timeout}
	}
	view, ask := r.PromptView(p)
	if !ask {
		return game.Reply{Status: game.NotAsked}
	}
	out := bot.(game.ViewBot).RespondView(view)
	return game.Reply{Status: game.Answered, Lines: []game.Line{{Text: string(bytes.TrimSuffix(out, []byte{'\n'}))}}, Time: time.Millisecond}
}

func equalAll(a, b [][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

// sameFrame compares a frame written whole with one whose steps may
// repeat as null, field by field, byte for byte; it returns the nulls.
func sameFrame(whole, short []byte) (int, error) {
	var w, s map[string]json.RawMessage
	if err := json.Unmarshal(whole, &w); err != nil {
		return 0, err
	}
	if err := json.Unmarshal(short, &s); err != nil {
		return 0, err
	}
	if len(w) != len(s) {
		return 0, fmt.Errorf("fields %d and %d", len(w), len(s))
	}
	for k, v := range w {
		if k != "steps" && !bytes.Equal(v, s[k]) {
			return 0, fmt.Errorf("field %s: %s, and %s", k, v, s[k])
		}
	}
	ws, ss, err := stepsOf(w["steps"], s["steps"])
	if err != nil {
		return 0, err
	}
	nulls := 0
	for k := range ws {
		n, err := sameStep(ws[k], &ss[k], ss[:k])
		if err != nil {
			return 0, fmt.Errorf("step %d: %v", k, err)
		}
		nulls += n
	}
	return nulls, nil
}

type rawStep struct {
	PlayingTeamID string            `json:"playingTeamId"`
	Accepted      bool              `json:"accepted"`
	Teams         []json.RawMessage `json:"teams"`
	Diamonds      json.RawMessage   `json:"diamonds"`
}

func stepsOf(whole, short json.RawMessage) ([]rawStep, []rawStep, error) {
	var ws, ss []rawStep
	if err := json.Unmarshal(whole, &ws); err != nil {
		return nil, nil, err
	}
	if err := json.Unmarshal(short, &ss); err != nil {
		return nil, nil, err
	}
	if len(ws) != len(ss) {
		return nil, nil, fmt.Errorf("%d steps and %d", len(ws), len(ss))
	}
	return ws, ss, nil
}

// sameStep compares one step; before are the short frame's earlier steps,
// already resolved (a null in s is replaced in place).
func sameStep(w rawStep, s *rawStep, before []rawStep) (int, error) {
	nulls := 0
	if w.PlayingTeamID != s.PlayingTeamID || w.Accepted != s.Accepted || len(w.Teams) != len(s.Teams) {
		return 0, fmt.Errorf("%+v against %+v", *s, w)
	}
	prev := func() (*rawStep, error) {
		if len(before) == 0 {
			return nil, fmt.Errorf("the first step repeats")
		}
		return &before[len(before)-1], nil
	}
	if string(s.Diamonds) == "null" {
		p, err := prev()
		if err != nil {
			return 0, err
		}
		s.Diamonds, nulls = p.Diamonds, nulls+1
	}
	if !bytes.Equal(w.Diamonds, s.Diamonds) {
		return 0, fmt.Errorf("diamonds: %s, and %s", s.Diamonds, w.Diamonds)
	}
	for i := range w.Teams {
		if string(s.Teams[i]) == "null" {
			p, err := prev()
			if err != nil {
				return 0, err
			}
			s.Teams[i], nulls = p.Teams[i], nulls+1
		}
		if !bytes.Equal(w.Teams[i], s.Teams[i]) {
			return 0, fmt.Errorf("team %d: %s, and %s", i, s.Teams[i], w.Teams[i])
		}
	}
	return nulls, nil
}

// TestFirstStepCannotRepeat: a step's null stands for the step before
// it; in a frame's first step there is none, and ViewerMessages says the
// frame is not one.
func TestFirstStepCannotRepeat(t *testing.T) {
	ref, err := Game{}.New(game.Config{Seed: 1, Players: 2, Options: game.MustOptions(options)})
	if err != nil {
		t.Fatal(err)
	}
	initial := ref.Frame()
	team := `{"id":"a","isDead":false,"name":"A","score":0,"errors":[],"units":[],"events":[],"stats":{}}`
	for _, first := range []string{
		`{"playingTeamId":"a","accepted":true,"teams":[null,` + team + `],"diamonds":[]}`,
		`{"playingTeamId":"a","accepted":true,"teams":[` + team + `],"diamonds":null}`,
	} {
		frame := `{"tick":0,"totalTick":1,"order":["a"],"teams":[` + team + `],"diamonds":[],"steps":[` + first + `],"log":[],"over":true}`
		if _, _, err := ViewerMessages(initial, []byte(frame)); err == nil {
			t.Errorf("a first step that repeats was read: %s", first)
		}
	}
}
