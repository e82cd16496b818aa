package stages

import (
	"testing"

	"github.com/seed27749672/arena/platform/apitypes"
)

// TestWatchWaitsForThreeLooks: a command that waits lets the scheduler's
// look fail for three of its looks (apitypes.Watch keeps the figure
// without the scheduler's clock).
func TestWatchWaitsForThreeLooks(t *testing.T) {
	if apitypes.LookLasting != 3*clockEvery {
		t.Errorf("apitypes.LookLasting is %s, three looks are %s", apitypes.LookLasting, 3*clockEvery)
	}
}
