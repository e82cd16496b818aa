package game

import (
	"math"
	"testing"
	"time"
)

func TestCheckTimeScale(t *testing.T) {
	for _, f := range []float64{0.5, 1, 2, 2.5, MaxTimeScale} {
		if err := CheckTimeScale(f); err != nil {
			t.Errorf("%g: %v", f, err)
		}
	}
	for _, f := range []float64{0, -1, MaxTimeScale + 1, math.NaN(), math.Inf(1)} {
		if err := CheckTimeScale(f); err == nil {
			t.Errorf("%g accepted", f)
		}
	}
}

// Every limit is scaled, start-up turns included; the pause for viewers
// is not a limit.
func TestClockScaled(t *testing.T) {
	c := Clock{First: time.Second, FirstTurns: 2, Turn: 50 * time.Millisecond, Pause: 10 * time.Millisecond, Policy: PolicySkip}
	got := c.Scaled(2.5)
	want := Clock{First: 2500 * time.Millisecond, FirstTurns: 2, Turn: 125 * time.Millisecond, Pause: 10 * time.Millisecond, Policy: PolicySkip}
	if got != want {
		t.Errorf("scaled %+v, want %+v", got, want)
	}
	if c.Scaled(0) != c || c.Scaled(1) != c {
		t.Error("scale 0 or 1 changed the clock")
	}
}
