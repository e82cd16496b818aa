package tournament

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game/gametest"
	"github.com/seed27749672/arena/match/matchtest"
)

// spinBot is a C bot that keeps a core busy for 60 % of the turn limit
// (18 ms of 30) before each answer.
const spinBot = `#include <stdio.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
int main(void) {
	char line[256];
	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof line, stdin)) {
		double t0 = now();
		while (now() - t0 < 0.018) {}
		puts("1");
	}
	return 0;
}
`

// Matches side by side must not make bots late: on the same games, bots
// that use 60 % of their turn limit get as many timeouts at the default
// parallelism as one match at a time, in every format. On a machine so
// loaded that the kernel reports CPU pressure during the run, a
// difference is not counted against Arena: the test skips.
func TestFairnessUnderParallelism(t *testing.T) {
	if testing.Short() {
		t.Skip("plays timed matches")
	}
	gametest.Register()
	dir := t.TempDir()
	bin := filepath.Join(dir, "spin")
	src := filepath.Join(dir, "spin.c")
	os.WriteFile(src, []byte(spinBot), 0o644)
	if out, err := exec.Command("cc", "-O2", "-o", bin, src).CombinedOutput(); err != nil {
		t.Skipf("no C compiler: %v %s", err, out)
	}
	var bots []string
	for i := range 4 {
		bots = append(bots, "s"+strconv.Itoa(i)+"="+bin)
	}
	opts := []string{"turns=5", "turn_ms=30", "first_ms=1000", "policy=skip"}
	type player interface {
		Play(context.Context) (*Outcome, error)
	}
	formats := map[string]func(Setup) player{
		"round-robin":        func(s Setup) player { return RoundRobin{Setup: s} },
		"elimination":        func(s Setup) player { return Elimination{Setup: s, BestOf: 2} },
		"double-elimination": func(s Setup) player { return DoubleElimination{Setup: s} },
		"swiss":              func(s Setup) player { return Swiss{Setup: s, Rounds: 2} },
		"groups":             func(s Setup) player { return Groups{Setup: s, Size: 2, Rounds: 2} },
		"rounds":             func(s Setup) player { return PointRounds{Setup: s, Size: 2} },
	}
	var diffs []string
	p0, psi := matchtest.CPUPressure()
	t0 := time.Now()
	for name, mk := range formats {
		count := func(cores int) int {
			o, err := mk(Setup{Game: "sum", Bots: bots, Options: opts, Cores: cores, Seed: 1}).Play(context.Background())
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			n := 0
			for _, s := range o.Standings {
				n += s.Timeouts
			}
			return n
		}
		one, all := count(1), count(0)
		if one != all {
			diffs = append(diffs, fmt.Sprintf("%s: %d timeouts one match at a time, %d side by side", name, one, all))
		}
	}
	if len(diffs) == 0 {
		return
	}
	p1, _ := matchtest.CPUPressure()
	share := float64(p1-p0) / float64(time.Since(t0))
	if !psi || share > 0.3 {
		t.Skipf("the machine was loaded (CPU pressure %.0f %% of the run): %s", 100*share, strings.Join(diffs, "; "))
	}
	t.Errorf("%s (CPU pressure %.0f %%)", strings.Join(diffs, "; "), 100*share)
}

// TestMatchCores: the rule the pool and the platform's match jobs share:
// a core per process bot, one at least, all at most.
func TestMatchCores(t *testing.T) {
	proc := bot.Spec{Kind: "cmd", Target: "./bot"}
	builtin := bot.Spec{Kind: "builtin", Target: "wait"}
	for _, c := range []struct {
		specs []bot.Spec
		cores int
		want  int64
	}{
		{[]bot.Spec{proc, proc}, 4, 2},
		{[]bot.Spec{proc, builtin, builtin}, 4, 1},
		{[]bot.Spec{builtin, builtin}, 4, 1},
		{[]bot.Spec{proc, proc, proc, proc}, 2, 2},
	} {
		if got := MatchCores(c.specs, c.cores); got != c.want {
			t.Errorf("MatchCores(%v, %d) = %d, want %d", c.specs, c.cores, got, c.want)
		}
	}
	if Cores(0) != runtime.NumCPU() || Cores(3) != 3 {
		t.Errorf("Cores(0) = %d, Cores(3) = %d", Cores(0), Cores(3))
	}
}
