package jungle

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"hash"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/builtins-golden.txt")

// goldenLineups are the builtin line-ups of the golden matches; each is
// played on goldenSeeds seeds, on the map the seed chooses.
var goldenLineups = [][]string{
	{"random", "random", "random", "random"},
	{"greedy", "greedy", "greedy", "greedy"},
	{"fighter", "fighter", "fighter", "fighter"},
	{"greedy", "fighter", "greedy", "fighter"},
	{"fighter", "greedy"},
	{"greedy", "fighter", "random"},
}

const goldenSeeds = 4

// playHash plays one whole game between builtins without the runner, as
// BenchmarkJungleGame does (every reply taking 1 ms), and hashes every
// reply and every frame (game), then the result (result): two games with
// the same hashes are the same game byte for byte. The bots read the
// TICK's JSON (Respond), or with typed its Go values (PromptView and
// RespondView, as under the match runner).
func playHash(tb testing.TB, seed int64, names []string, typed bool) (moves, result string) {
	tb.Helper()
	ref, err := Game{}.New(game.Config{Seed: seed, Players: len(names), Options: game.MustOptions(options)})
	if err != nil {
		tb.Fatal(err)
	}
	bots := make([]game.Bot, len(names))
	for i, name := range names {
		bt, err := Game{}.Info().FindBuiltin(name)
		if err != nil {
			tb.Fatal(err)
		}
		bots[i] = bt.New(game.BotSeed(seed, i))
	}
	h := sha256.New()
	replies := make([]game.Reply, len(bots))
	for !ref.Over() {
		for p := range bots {
			var out []byte
			if typed {
				view, ask := ref.(game.ViewPrompter).PromptView(p)
				if !ask {
					replies[p] = game.Reply{Status: game.NotAsked}
					continue
				}
				out = bots[p].(game.ViewBot).RespondView(view)
			} else {
				msg, ask := ref.Prompt(p)
				if !ask {
					replies[p] = game.Reply{Status: game.NotAsked}
					continue
				}
				out = bots[p].Respond(msg)
			}
			text := strings.TrimSuffix(string(out), "\n")
			writeReply(h, p, text)
			replies[p] = game.Reply{Status: game.Answered, Lines: []game.Line{{Text: text}}, Time: time.Millisecond}
		}
		ref.Play(replies)
		h.Write(ref.Frame())
	}
	moves = hex.EncodeToString(h.Sum(nil))
	h.Reset()
	res := ref.Result()
	fmt.Fprintf(h, "%s\n", res.Summary)
	for _, p := range res.Players {
		fmt.Fprintf(h, "%d %v %s\n", p.Rank, p.Score, p.Status)
	}
	return moves, hex.EncodeToString(h.Sum(nil))
}

// writeReply hashes player p's answer (its frame follows the answers).
func writeReply(h hash.Hash, p int, text string) { fmt.Fprintf(h, "%d %s\n", p, text) }

// TestBuiltinsGolden: matches between the builtin bots are the same, byte
// for byte, as those recorded in testdata/builtins-golden.txt (go test
// -update rewrites it, after a deliberate change of the bots or the rules),
// whether the bots read the TICK as JSON or as Go values.
func TestBuiltinsGolden(t *testing.T) {
	for _, typed := range []bool{true, false} {
		t.Run(map[bool]string{true: "typed", false: "json"}[typed], func(t *testing.T) { testGolden(t, typed) })
	}
}

func testGolden(t *testing.T, typed bool) {
	const golden = "testdata/builtins-golden.txt"
	var got []string
	for _, lineup := range goldenLineups {
		for seed := range int64(goldenSeeds) {
			g, r := playHash(t, seed, lineup, typed)
			got = append(got, fmt.Sprintf("%s %d %s %s", strings.Join(lineup, ","), seed, g, r))
		}
	}
	if *updateGolden && !typed {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if *updateGolden {
		return
	}
	want := readLines(t, golden)
	if len(want) != len(got) {
		t.Fatalf("%d golden matches, %d played (go test -update rewrites %s)", len(want), len(got), golden)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("match differs from %s:\n got %s\nwant %s", golden, got[i], want[i])
		}
	}
}

func readLines(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatalf("%v (go test -update creates it)", err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}
