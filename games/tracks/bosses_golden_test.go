package tracks

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

var updateBosses = flag.Bool("update-bosses", false, "rewrite testdata/bosses-golden.txt")

// bossPairs are the line-ups of the golden games: every boss that plans
// (3, 4 and 5) in both seats, against each other and against the bots that
// make the board change the most (random builder, random stress bot).
var bossPairs = [][2]string{
	{"boss5", "boss4"},
	{"boss4", "boss3"},
	{"boss3", "boss5"},
	{"boss2", "boss5"},
	{"random", "boss4"},
	{"boss5", "boss5"},
}

const bossSeeds = 16

// bossGame plays one golden game: odd seeds under the reference ruleset
// (ink threshold 4, which the planner boss guesses from the board), even
// seeds under the seed ruleset; every second pair in league 3 (rules of
// the early leagues differ in how a game ends).
func bossGame(tb testing.TB, i int, seed int64) (league int, opts []string) {
	if seed%2 == 1 {
		opts = []string{"ruleset=reference"}
	}
	if i%2 == 1 {
		league = 3
	}
	return league, opts
}

// movesHash plays a game between builtins and hashes every move of both
// bots, every frame and the result.
func movesHash(tb testing.TB, seed int64, league int, opts []string, names [2]string) string {
	h := sha256.New()
	r := playDirectTo(tb, seed, league, opts, names, func(turn, p int, move string, frame []byte) {
		if frame != nil {
			h.Write(frame)
			return
		}
		fmt.Fprintf(h, "%d %d %s\n", turn, p, move)
	})
	res := r.Result()
	fmt.Fprintf(h, "%s\n", res.Summary)
	for _, p := range res.Players {
		fmt.Fprintf(h, "%d %v %s\n", p.Rank, p.Score, p.Status)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TestBossesGolden: the bosses make exactly the moves recorded in
// testdata/bosses-golden.txt, over many maps (go test -update-bosses
// rewrites it after a deliberate change of a boss or of the rules).
func TestBossesGolden(t *testing.T) {
	const golden = "testdata/bosses-golden.txt"
	var got []string
	for i, pair := range bossPairs {
		for seed := range int64(bossSeeds) {
			league, opts := bossGame(t, i, seed)
			got = append(got, fmt.Sprintf("%s-vs-%s %d %d %s", pair[0], pair[1], seed, league,
				movesHash(t, seed, league, opts, pair)))
		}
	}
	if *updateBosses {
		if err := os.WriteFile(golden, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(golden)
	if err != nil {
		t.Fatalf("%v (go test -update-bosses creates it)", err)
	}
	defer f.Close()
	var want []string
	for sc := bufio.NewScanner(f); sc.Scan(); {
		want = append(want, sc.Text())
	}
	if len(want) != len(got) {
		t.Fatalf("%d golden games, %d played", len(want), len(got))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("game differs from %s:\n got %s\nwant %s", golden, got[i], want[i])
		}
	}
}
