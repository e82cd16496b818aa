package match_test

import (
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/match/matchtest"
)

// A process bot's stdout and stderr are read by the runner itself while it
// waits (bot.DirectReader): a bot writing more on stderr before each
// answer than its pipe holds (64 KiB) is not held up, and every byte is
// read and counted. Beside it a builtin, whose answers come through the
// runner's event channel, wakes the runner's poll.
func TestDirectStderrFloodIsRead(t *testing.T) {
	const size = 300000
	const flood = `sh -c 'while read x; do head -c 300000 /dev/zero | tr "\0" e >&2; echo 1; done'`
	seed := int64(1)
	m := matchtest.Build(t, match.Setup{Game: "sum", Bots: []string{"builtin:count", flood}, Seed: &seed,
		Options: []string{"turns=4", "first_ms=10000", "turn_ms=10000"}})
	m.Stderr = match.StderrCaps{Turn: 4 << 10, Match: 10 << 10}
	rep := matchtest.Run(t, m, 2*time.Minute)
	var all int64
	for _, tr := range rep.Turns {
		r := tr.Replies[1]
		if r.Status != game.Answered {
			t.Errorf("turn %d: %s", tr.Turn, r.Status)
		}
		all += int64(len(r.Stderr)) + r.StderrDropped
	}
	if all != 4*size {
		t.Errorf("%d bytes of stderr read, want %d", all, 4*size)
	}
}
