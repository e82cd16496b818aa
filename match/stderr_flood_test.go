package match_test

import (
	"testing"
	"time"

	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/match/matchtest"
)

// A bot flooding its stderr on every turn (a real tiny program) fills the
// replay only up to the match's caps: the last Turn bytes a turn, Match
// bytes a match; the rest is counted, turn by turn and in the result.
func TestStderrFloodIsCapped(t *testing.T) {
	const flood = `sh -c 'while read x; do head -c 50000 /dev/zero | tr "\0" e >&2; echo 1; done'`
	seed := int64(1)
	m := matchtest.Build(t, match.Setup{Game: "sum", Bots: []string{"builtin:count", flood}, Seed: &seed, Options: []string{"turns=6"}})
	m.Stderr = match.StderrCaps{Turn: 4 << 10, Match: 10 << 10}
	rep := matchtest.Run(t, m, time.Minute)
	var kept, dropped int64
	for _, tr := range rep.Turns {
		r := tr.Replies[1]
		if len(r.Stderr) > 4<<10 {
			t.Errorf("turn %d kept %d bytes", tr.Turn, len(r.Stderr))
		}
		kept += int64(len(r.Stderr))
		dropped += r.StderrDropped
	}
	if kept != 10<<10 || kept+dropped != 6*50000 {
		t.Errorf("kept %d bytes, dropped %d: want 10 KiB kept of %d", kept, dropped, 6*50000)
	}
	if got := rep.Result.Players[1].StderrDropped; got != dropped {
		t.Errorf("the result says %d bytes dropped, the turns %d", got, dropped)
	}
}
