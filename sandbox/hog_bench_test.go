package sandbox_test

import (
	"context"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/sandbox"
	"github.com/seed27749672/arena/sandbox/sandboxtest"
)

// victimScript times 20 units of fixed CPU work (a busy loop of 2 M
// steps), printing each unit's wall time in ms: how long a bot's answer
// takes when its computation is the same.
const victimScript = `python3 -c "
import time
for _ in range(20):
    t = time.monotonic()
    n = 0
    for i in range(2000000): n += i
    print((time.monotonic() - t) * 1000)"`

// BenchmarkVictimBesideHog: a victim bot's time for the same work beside
// a quiet sandbox and beside a sandbox forking 24 busy loops, with each
// sandbox's CPU quota at one core and with none, interleaved in one run.
// The metrics are the victim's median ms a unit (lower is better); with
// quotas, hog/quiet should stay near 1 where the machine has two cores.
func BenchmarkVictimBesideHog(b *testing.B) {
	sandboxtest.NeedSandbox(b)
	if _, err := exec.LookPath("python3"); err != nil {
		b.Skip("no python3")
	}
	var quiet, hogQuota, hogFree []float64
	for b.Loop() {
		quiet = append(quiet, victimMedian(b, 1, ""))
		hogQuota = append(hogQuota, victimMedian(b, 1, "quota"))
		hogFree = append(hogFree, victimMedian(b, 0, "free"))
	}
	b.ReportMetric(median(quiet), "quiet-ms")
	b.ReportMetric(median(hogQuota), "hog-quota-ms")
	b.ReportMetric(median(hogFree), "hog-noquota-ms")
}

// victimMedian runs the victim in a sandbox of cores beside a hog (none
// when hog is "") and returns its median time a unit.
func victimMedian(b *testing.B, cores float64, hog string) float64 {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if hog != "" {
		hogDone := make(chan struct{})
		go func() {
			defer close(hogDone)
			sandbox.RunIn(ctx, sandbox.Config{Limits: sandbox.Limits{Cores: cores}},
				`for i in $(seq 24); do (while :; do :; done) & done; wait`, nil)
		}()
		defer func() { cancel(); <-hogDone }()
		time.Sleep(500 * time.Millisecond) // the loops are running
	}
	r, err := sandbox.RunIn(context.Background(), sandbox.Config{Limits: sandbox.Limits{Cores: cores}}, victimScript, nil)
	if err != nil || !r.OK() {
		b.Fatalf("victim: %v %s %s", err, r.Status, r.Output)
	}
	var ms []float64
	for _, f := range strings.Fields(string(r.Output)) {
		if v, err := strconv.ParseFloat(f, 64); err == nil {
			ms = append(ms, v)
		}
	}
	return median(ms)
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}
