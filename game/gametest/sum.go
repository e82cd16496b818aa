// Package gametest holds a small game for testing the runner, the replay
// tools and the viewer without any real game: "sum", where every turn each
// active player is sent "turn T" and answers an integer added to its score.
// Its options choose the clock and the timeout policy, so one game
// exercises every path of the runner.
package gametest

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/seed27749672/arena/game"
)

// Sum is the test game.
type Sum struct{}

var sumOptions = []game.Option{
	game.IntOption("turns", 5, 1, 1000, "number of turns"),
	game.EnumOption("policy", "timeout policy", "disqualify", "skip", "late", "game"),
	game.IntOption("turn_ms", 50, 1, 10000, "turn limit"),
	game.IntOption("first_ms", 200, 1, 10000, "first-turn limit"),
	game.IntOption("pad", 0, 0, 1<<24, "bytes of padding in each prompt"),
	game.BoolOption("realtime", false, "every turn lasts its whole limit"),
}

// Info describes the game.
func (Sum) Info() game.Info {
	return game.Info{
		Name: "sum", Title: "Sum (test game)", Summary: "answer numbers", Version: "1",
		MinPlayers: 1, MaxPlayers: 8,
		Clock:   game.Clock{First: 200 * time.Millisecond, FirstTurns: 1, Turn: 50 * time.Millisecond},
		Options: sumOptions,
		Builtins: []game.Builtin{
			{Name: "count", Help: "answers the turn number", New: func(seed int64) game.Bot {
				return game.BotFunc(func(msg []byte) []byte {
					return []byte(strings.TrimPrefix(strings.Fields(string(msg))[1], "turn ") + "\n")
				})
			}},
			{Name: "seeded", Help: "answers a number drawn from its seed", New: func(seed int64) game.Bot {
				r := game.NewRand(seed, 0)
				return game.BotFunc(func([]byte) []byte { return []byte(strconv.Itoa(r.IntN(100)) + "\n") })
			}},
		},
	}
}

// New creates a referee.
func (Sum) New(cfg game.Config) (game.Referee, error) {
	r := &sumRef{cfg: cfg, scores: make([]int, cfg.Players), status: make([]game.Status, cfg.Players),
		msg: make([]string, cfg.Players), got: make([]string, cfg.Players)}
	for i := range r.status {
		r.status[i] = game.OK
	}
	return r, nil
}

type sumRef struct {
	cfg    game.Config
	turn   int
	scores []int
	status []game.Status
	msg    []string
	got    []string
}

// Clock is the clock chosen by the options.
func (r *sumRef) Clock() game.Clock {
	var p game.Policy
	p.UnmarshalText([]byte(r.cfg.Options.String("policy")))
	return game.Clock{
		First: time.Duration(r.cfg.Options.Int("first_ms")) * time.Millisecond, FirstTurns: 1,
		Turn:     time.Duration(r.cfg.Options.Int("turn_ms")) * time.Millisecond,
		Policy:   p,
		Realtime: r.cfg.Options.Bool("realtime"),
	}
}

func (r *sumRef) active(p int) bool { return r.status[p] == game.OK }

func (r *sumRef) Prompt(p int) ([]byte, bool) {
	if !r.active(p) {
		return nil, false
	}
	return []byte(fmt.Sprintf("turn %d%s\n", r.turn+1, strings.Repeat(" ", r.cfg.Options.Int("pad")))), true
}

func (r *sumRef) Play(replies []game.Reply) {
	r.turn++
	disq := r.Clock().Policy == game.PolicyDisqualify
	for p, rp := range replies {
		r.got[p] = string(rp.Status)
		if !r.active(p) {
			continue
		}
		switch rp.Status {
		case game.Answered:
			r.got[p] = rp.Text()
			if rp.Late {
				r.got[p] = "late " + rp.Text()
			}
			if rp.Lines[0].TooLong {
				r.status[p], r.msg[p] = game.Invalid, "line too long"
				continue
			}
			n, err := strconv.Atoi(rp.Text())
			if err != nil {
				r.status[p], r.msg[p] = game.Invalid, fmt.Sprintf("not a number: %q", clip(rp.Text()))
				continue
			}
			r.scores[p] += n
		case game.Timeout:
			if disq {
				r.status[p], r.msg[p] = game.TimedOut, "no answer in time"
			}
		case game.Gone:
			r.status[p], r.msg[p] = game.Crashed, rp.Error
		}
	}
}

func clip(s string) string {
	if len(s) > 20 {
		return s[:20]
	}
	return s
}

func (r *sumRef) Over() bool {
	if r.turn >= r.cfg.Options.Int("turns") {
		return true
	}
	for p := range r.status {
		if r.active(p) {
			return false
		}
	}
	return true
}

func (r *sumRef) Frame() json.RawMessage {
	b, _ := json.Marshal(map[string]any{"turn": r.turn, "scores": r.scores, "got": r.got})
	return b
}

func (r *sumRef) Result() game.Result {
	var res game.Result
	for p := range r.scores {
		res.Players = append(res.Players, game.PlayerResult{Score: float64(r.scores[p]), Status: r.status[p], Message: r.msg[p]})
	}
	game.RankByScore(res.Players)
	return res
}

var once sync.Once

// Register registers the sum game (once, whatever the number of calls).
func Register() { once.Do(func() { game.Register(Sum{}) }) }
