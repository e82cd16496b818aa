package jungle

import (
	"bytes"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
)

// TestViewsStayAsTaken: a tick's view (PromptView) is never changed by
// the ticks played after it, though it shares memory with the state (the
// teams' errors): at the end of games with every kind of error, each
// view kept still writes the TICK its team was sent.
func TestViewsStayAsTaken(t *testing.T) {
	for _, legacy := range []string{"false", "true"} {
		o := game.MustOptions(options, "map=canopy", "nb_units_per_team=3", "nb_ticks=80", "legacy_errors="+legacy)
		ref, err := Game{}.New(game.Config{Seed: 5, Players: 4, Options: o})
		if err != nil {
			t.Fatal(err)
		}
		r := ref.(*referee)
		names := []string{"random", "greedy", "random", "fighter"}
		bots := make([]game.Bot, len(names))
		for i, name := range names {
			bt, _ := Game{}.Info().FindBuiltin(name)
			bots[i] = bt.New(game.BotSeed(5, i))
		}
		type kept struct {
			view *tickView
			msg  []byte
		}
		var views []kept
		errs := 0
		replies := make([]game.Reply, len(bots))
		for !r.Over() {
			for p := range bots {
				replies[p] = game.Reply{Status: game.NotAsked}
				v, ask := r.PromptView(p)
				if !ask {
					continue
				}
				msg, _ := r.Prompt(p)
				views = append(views, kept{v.(*tickView), bytes.Clone(msg)})
				errs += len(v.(*tickView).teams[p].errors)
				if r.tick%7 == 3 && p == 2 {
					continue // a timeout: an error of its own
				}
				out := bots[p].(game.ViewBot).RespondView(v)
				replies[p] = game.Reply{Status: game.Answered, Lines: []game.Line{{Text: string(out[:len(out)-1])}}, Time: time.Millisecond}
			}
			for p := range replies {
				if replies[p].Status == game.NotAsked && !r.st.Teams[p].Dead {
					replies[p].Status = game.Timeout
				}
			}
			r.Play(replies)
		}
		if errs == 0 {
			t.Fatalf("legacy_errors=%s: no team was told of an error", legacy)
		}
		for i, k := range views {
			if got := k.view.messages()[k.view.me]; !bytes.Equal(got, k.msg) {
				t.Fatalf("legacy_errors=%s: view %d (tick %d) now writes\n%s\nit was sent as\n%s", legacy, i, k.view.tick, got, k.msg)
			}
		}
	}
}
