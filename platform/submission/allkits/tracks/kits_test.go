package tracks_test

import (
	"testing"

	"github.com/seed27749672/arena/platform/submission/allkits"
)

// Every starter kit of tracks, zipped unchanged, builds on the platform
// and plays a match there (allkits.Play).
func TestEveryKitPlaysOnThePlatform(t *testing.T) { allkits.Play(t, "tracks", allkits.Match{}) }
