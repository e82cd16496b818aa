package territory_test

import (
	"testing"

	"github.com/seed27749672/arena/platform/submission/allkits"
)

// Every starter kit of territory, zipped unchanged, builds on the platform
// and plays a match there (allkits.Play).
func TestEveryKitPlaysOnThePlatform(t *testing.T) {
	allkits.Play(t, "territory", allkits.Match{Options: []string{"turns=15"}, Seats: 4})
}
