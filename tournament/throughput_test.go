package tournament

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/seed27749672/arena/game/gametest"
)

// instantBot answers every prompt at once.
const instantBot = `#include <stdio.h>
int main(void) {
	char line[256];
	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof line, stdin)) puts("1");
	return 0;
}
`

// BenchmarkProcessTournament plays b.N matches of 100 turns between two
// trivial process bots (a C program that answers at once) at the default
// parallelism, and reports matches per second and Arena's own share of
// the CPU used during the run (Arena's user+system time against that of
// the bots it waited for).
func BenchmarkProcessTournament(b *testing.B) {
	gametest.Register()
	dir := b.TempDir()
	bin := filepath.Join(dir, "instant")
	src := filepath.Join(dir, "instant.c")
	os.WriteFile(src, []byte(instantBot), 0o644)
	if out, err := exec.Command("cc", "-O2", "-o", bin, src).CombinedOutput(); err != nil {
		b.Skipf("no C compiler: %v %s", err, out)
	}
	rr := RoundRobin{Rounds: max(1, b.N/2), Setup: Setup{Game: "sum", Bots: []string{"a=" + bin, "b=" + bin},
		Options: []string{"turns=100", "turn_ms=1000", "first_ms=2000", "policy=skip"}}}
	var self0, kids0 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self0)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids0)
	t0 := time.Now()
	b.ResetTimer()
	o, err := rr.Play(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	b.StopTimer()
	elapsed := time.Since(t0)
	var self1, kids1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self1)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids1)
	arena := cpu(self1) - cpu(self0)
	bots := cpu(kids1) - cpu(kids0)
	b.ReportMetric(float64(o.Finished)/elapsed.Seconds(), "matches/s")
	b.ReportMetric(100*arena.Seconds()/(arena+bots).Seconds(), "arenaCPU%")
	b.ReportMetric(float64(arena.Microseconds())/float64(o.Finished*100), "arenaµs/turn")
}

func cpu(r syscall.Rusage) time.Duration {
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}
