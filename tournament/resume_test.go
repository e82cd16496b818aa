package tournament

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/seed27749672/arena/replay"
)

type record struct {
	seats []int
	seed  int64
	res   *replay.Result
}

// interruptAndResume plays a tournament built by mk, interrupts it after
// stopAfter matches, resumes it from what it recorded, and checks that the
// resumed run plays only the missing matches and ends where a run without
// interruption ends.
func interruptAndResume(t *testing.T, mk func(Setup) interface {
	Play(context.Context) (*Outcome, error)
}, setup Setup, stopAfter int) {
	t.Helper()
	whole, err := mk(setup).Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	journal := map[int]record{}
	ctx, cancel := context.WithCancel(context.Background())
	first := setup
	first.Cores = 1
	first.OnMatch = func(p Played) {
		journal[p.Index] = record{p.Seats, p.Seed, p.Result}
		if len(journal) == stopAfter {
			cancel()
		}
	}
	if _, err := mk(first).Play(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: %v", err)
	}
	kept := len(journal)
	played := 0
	second := setup
	second.Known = func(j Job) (*replay.Result, bool) {
		r, ok := journal[j.Index]
		if !ok || r.seed != j.Seed || !reflect.DeepEqual(r.seats, j.Seats) {
			return nil, false
		}
		return r.res, true
	}
	second.OnMatch = func(p Played) {
		if p.Replays != nil {
			played++
		}
	}
	resumed, err := mk(second).Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if played != whole.Finished-kept || resumed.Finished != whole.Finished {
		t.Errorf("resumed run played %d matches (%d finished in all); %d were kept of %d", played, resumed.Finished, kept, whole.Finished)
	}
	if !reflect.DeepEqual(resumed.Standings, whole.Standings) {
		t.Errorf("resumed standings\n%+v\nwhole run\n%+v", resumed.Standings, whole.Standings)
	}
}

func TestResume(t *testing.T) {
	type player = interface {
		Play(context.Context) (*Outcome, error)
	}
	setup := Setup{Game: "strength", Bots: cs(3, 1, 4, 1, 5, 9, 2, 6), Seed: 1}
	interruptAndResume(t, func(s Setup) player { return RoundRobin{Setup: s} }, setup, 9)
	interruptAndResume(t, func(s Setup) player { return Elimination{Setup: s, BestOf: 3} }, setup, 3)
	interruptAndResume(t, func(s Setup) player { return Swiss{Setup: s, Rounds: 3} }, setup, 5)
	interruptAndResume(t, func(s Setup) player { return DoubleElimination{Setup: s, BestOf: 3} }, setup, 6)
	interruptAndResume(t, func(s Setup) player {
		return Groups{Setup: s, Size: 4, Rounds: 2, Final: &Elimination{Size: 4, Advance: 2, FinalBestOf: 3}}
	}, setup, 5)
	interruptAndResume(t, func(s Setup) player { return PointRounds{Setup: s, Size: 4, Rounds: 2} }, setup, 2)
}
