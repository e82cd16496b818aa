package tracks

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
)

// BenchmarkTracksGame plays whole games (up to 100 turns) between builtin
// bots, without the match runner: every turn each bot parses its input
// bytes and answers, the referee resolves the turn and draws the frame.
// Run with -cpu 1 for the one-core figure; games/s is the headline.
func BenchmarkTracksGame(b *testing.B) {
	for _, pair := range [][2]string{{"wait", "wait"}, {"random", "random"}, {"boss3", "boss2"}, {"boss5", "boss4"}} {
		b.Run(pair[0]+"-vs-"+pair[1], func(b *testing.B) {
			turns := 0
			for i := 0; b.Loop(); i++ {
				r := playDirect(b, int64(i%50), 0, nil, pair)
				turns += r.turn
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
		})
	}
}

// largestMap returns a 30×20 map (the largest size) with the tracks of a
// whole game between the top bosses on it.
func largestMap(tb testing.TB) *referee {
	for seed := int64(0); ; seed++ {
		b, _ := generate(seed, true)
		if b.H == maxHeight {
			return playDirect(tb, seed, 0, nil, [2]string{"boss5", "boss4"})
		}
	}
}

// BenchmarkConnectionSearch measures the per-turn cost of the connection
// search (every desired pair's breadth-first search, the points and the
// cells' connection strings) on the largest map: "played" has the tracks
// of a boss game, "full" has a track on every cell but the towns (the
// worst case: every search floods the whole grid). The figure is compared
// with the 50 ms a bot gets per turn.
func BenchmarkConnectionSearch(b *testing.B) {
	played := largestMap(b)
	full := played.b.clone()
	for id := range full.Regions {
		full.Regions[id].Inked = false
	}
	for c := range full.Track {
		if full.TownAt[c] < 0 {
			full.Track[c] = int8(c % 3)
		}
	}
	pairs := 0
	for _, t := range played.b.Towns {
		pairs += len(t.Desired)
	}
	for name, board := range map[string]*Board{"played": played.b, "full": full} {
		b.Run(fmt.Sprintf("%s-%dx%d-%dpairs", name, board.W, board.H, pairs), func(b *testing.B) {
			var s searcher
			for b.Loop() {
				conns := s.activeConnections(board)
				cellConnections(len(board.Terrain), conns)
			}
			per := b.Elapsed() / time.Duration(b.N)
			b.ReportMetric(float64(per)/float64(50*time.Millisecond)*100, "%of50ms")
		})
	}
}

// BenchmarkAutoplace measures one AUTOPLACE plan between far towns of the
// largest map, with a whole game's tracks on it.
func BenchmarkAutoplace(b *testing.B) {
	r := largestMap(b)
	bd := r.b
	t0, t1 := bd.Towns[0], bd.Towns[len(bd.Towns)-1]
	for b.Loop() {
		newPlanner(bd).plan(t0.X, t0.Y, t1.X, t1.Y)
	}
}

// bossInputs records, for seeds 0 to n-1, what seat 0 of a game between
// the boss and boss4 reads every turn (the bytes a process bot reads).
func bossInputs(tb testing.TB, boss string, n int) [][][]byte {
	return gameInputs(tb, [2]string{boss, "boss4"}, 0, int64(n))
}

// gameInputs records, for seeds from to to-1, what seat 0 of a game between
// the builtins names reads every turn.
func gameInputs(tb testing.TB, names [2]string, from, to int64) [][][]byte {
	var games [][][]byte
	for seed := from; seed < to; seed++ {
		var msgs [][]byte
		o, _ := game.ParseOptions(options, nil)
		ref, _ := Game{}.New(game.Config{Seed: seed, Players: 2, Options: o})
		r := ref.(*referee)
		bots := [2]game.Bot{}
		for p, name := range names {
			bi, _ := Game{}.Info().FindBuiltin(name)
			bots[p] = bi.New(game.BotSeed(seed, p))
		}
		for !r.Over() {
			var reps [2]game.Reply
			for p := range bots {
				msg, _ := r.Prompt(p)
				if p == 0 {
					msgs = append(msgs, append([]byte(nil), msg...))
				}
				out := strings.TrimSuffix(string(bots[p].Respond(msg)), "\n")
				reps[p] = game.Reply{Status: game.Answered, Lines: []game.Line{{Text: out}}}
			}
			r.Play(reps[:])
		}
		games = append(games, msgs)
	}
	return games
}

// BenchmarkBosses: a planning boss's own time per move, over the inputs of
// whole games (seat 0 against boss4, seeds 0 to 5): each game is fed to a
// fresh bot, turn by turn.
func BenchmarkBosses(b *testing.B) {
	for _, boss := range []string{"boss3", "boss4", "boss5"} {
		games := bossInputs(b, boss, 6)
		bi, _ := Game{}.Info().FindBuiltin(boss)
		b.Run(boss, func(b *testing.B) {
			moves := 0
			for i := 0; b.Loop(); i++ {
				g := games[i%len(games)]
				bot := bi.New(1)
				for _, msg := range g {
					bot.Respond(msg)
				}
				moves += len(g)
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(moves), "µs/move")
			b.ReportMetric(0, "ns/op")
		})
	}
}
