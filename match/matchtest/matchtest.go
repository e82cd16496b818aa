// Package matchtest helps tests play matches through the real runner, the
// way `arena play` does: every game's tests use it.
package matchtest

import (
	"context"
	"os/exec"
	"testing"
	"time"

	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// Build is Setup.Build, failing the test on an error.
func Build(t testing.TB, s match.Setup) match.Match {
	t.Helper()
	m, err := s.Build()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// Run plays m to its end and returns its replay, failing the test on an
// arena error or when the match lasts longer than timeout (a hung runner
// fails the test instead of the whole test binary).
func Run(t testing.TB, m match.Match, timeout time.Duration) *replay.Replay {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	rep, err := match.Run(ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// Verified is Run, then checks that the replay re-simulates identically.
func Verified(t testing.TB, m match.Match, timeout time.Duration) *replay.Replay {
	t.Helper()
	rep := Run(t, m, timeout)
	if err := match.Verify(rep); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return rep
}

// Python returns the path of python3, or skips the test without it.
func Python(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	return p
}
