package ants_test

import (
	"testing"

	"github.com/seed27749672/arena/platform/submission/allkits"
)

// Every starter kit of ants, zipped unchanged, builds on the platform
// and plays a match there (allkits.Play).
func TestEveryKitPlaysOnThePlatform(t *testing.T) {
	allkits.Play(t, "ants", allkits.Match{Options: []string{"max_turns=8"}})
}
