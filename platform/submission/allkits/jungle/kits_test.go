package jungle_test

import (
	"testing"

	"github.com/seed27749672/arena/platform/submission/allkits"
)

// Every starter kit of jungle, zipped unchanged, builds on the platform
// and plays a match there (allkits.Play).
func TestEveryKitPlaysOnThePlatform(t *testing.T) {
	allkits.Play(t, "jungle", allkits.Match{Options: []string{"nb_ticks=15"}})
}
