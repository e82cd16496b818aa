package match_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
)

// viewGame's referee offers its prompts as Go values (game.ViewPrompter).
type viewGame struct{}

func (viewGame) Info() game.Info {
	return game.Info{Name: "viewgame", Title: "viewgame", Summary: "a test game", Version: "1",
		MinPlayers: 2, MaxPlayers: 2, Clock: game.Clock{First: time.Second, Turn: time.Second}}
}

func (viewGame) New(game.Config) (game.Referee, error) { return &viewRef{}, nil }

type viewRef struct {
	turn int
	last []string
}

// turnView is the prompt as a value.
type turnView struct{ turn int }

func (r *viewRef) Prompt(p int) ([]byte, bool) { return fmt.Appendf(nil, "turn %d\n", r.turn+1), true }
func (r *viewRef) PromptView(p int) (any, bool) {
	return &turnView{turn: r.turn + 1}, true
}
func (r *viewRef) Play(replies []game.Reply) {
	r.turn++
	r.last = r.last[:0]
	for _, rp := range replies {
		r.last = append(r.last, rp.Text())
	}
}
func (r *viewRef) Over() bool { return r.turn == 3 }
func (r *viewRef) Frame() json.RawMessage {
	b, _ := json.Marshal(r.last)
	return b
}
func (r *viewRef) Result() game.Result {
	return game.Result{Players: []game.PlayerResult{{Rank: 1, Status: game.OK}, {Rank: 1, Status: game.OK}}}
}

// viewBot says whether it read the bytes or the value.
type viewBot struct{}

func (viewBot) Respond(msg []byte) []byte {
	return fmt.Appendf(nil, "bytes %s\n", strings.TrimSpace(string(msg)))
}
func (viewBot) RespondView(v any) []byte { return fmt.Appendf(nil, "view %d\n", v.(*turnView).turn) }

// TestViewsForBuiltins: the runner hands an in-process bot that reads
// values (game.ViewBot) the referee's PromptView, and every other bot the
// bytes of Prompt.
func TestViewsForBuiltins(t *testing.T) {
	open := func(b game.Bot) bot.Opener {
		return func() (bot.Bot, error) { return &bot.InProcess{Bot: b, Builtin: true}, nil }
	}
	plain := game.BotFunc(func(msg []byte) []byte { return fmt.Appendf(nil, "bytes %s\n", strings.TrimSpace(string(msg))) })
	rep, err := match.Run(context.Background(), match.Match{Game: viewGame{}, Grace: 10 * time.Millisecond,
		Players: []match.Player{{Name: "values", Open: open(viewBot{})}, {Name: "bytes", Open: open(plain)}}})
	if err != nil {
		t.Fatal(err)
	}
	for i, tr := range rep.Turns {
		got := []string{tr.Replies[0].Text(), tr.Replies[1].Text()}
		want := []string{fmt.Sprintf("view %d", i+1), fmt.Sprintf("bytes turn %d", i+1)}
		if got[0] != want[0] || got[1] != want[1] {
			t.Errorf("turn %d: replies %q, want %q", i+1, got, want)
		}
	}
}
