package matchtest

import (
	"testing"
	"time"

	"github.com/seed27749672/arena/internal/psi"
)

// Timed runs a timing check up to attempts times. An attempt that failed
// while the machine could not keep time proves nothing and does not count:
// the evidence is the kernel's CPU pressure (the share of the attempt
// during which some runnable task waited for a CPU, /proc/pressure/cpu)
// above 30 %, or, where the kernel does not report it, a 1 ms timer of this
// process firing later than slack. A failure on a machine that kept time is
// a real failure; if every attempt ran on an overloaded machine, the test
// is skipped, saying so.
//
// Timing tests should not run in parallel with tests that burn CPU: they
// would measure their neighbours.
func Timed(t testing.TB, attempts int, slack time.Duration, check func() error) {
	t.Helper()
	var last error
	for attempt := 0; attempt < attempts; attempt++ {
		stop := make(chan struct{})
		late := make(chan time.Duration)
		go func() {
			var worst time.Duration
			for {
				select {
				case <-stop:
					late <- worst
					return
				default:
				}
				t0 := time.Now()
				time.Sleep(time.Millisecond)
				worst = max(worst, time.Since(t0)-time.Millisecond)
			}
		}()
		p0, psi := CPUPressure()
		t0 := time.Now()
		err := check()
		elapsed := time.Since(t0)
		p1, _ := CPUPressure()
		close(stop)
		worst := <-late
		if err == nil {
			return
		}
		share := float64(p1-p0) / float64(elapsed)
		loaded := worst >= slack
		if psi {
			loaded = share > 0.3
		}
		if !loaded {
			t.Fatalf("%v (CPU pressure %.0f %%, timers %v late)", err, 100*share, worst)
		}
		last = err
		t.Logf("attempt %d failed on a loaded machine (CPU pressure %.0f %%, timers %v late): %v", attempt+1, 100*share, worst, err)
	}
	t.Skipf("the machine was too loaded to test timing margins; last failure: %v", last)
}

// CPUPressure returns the kernel's cumulated CPU pressure ("some" total),
// and whether the kernel reports it.
func CPUPressure() (time.Duration, bool) {
	p, err := psi.Read(psi.CPUFile)
	return p.Some.Total, err == nil
}
