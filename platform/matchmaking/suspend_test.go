package matchmaking_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/riverqueue/river/rivertype"

	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/play"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
)

// TestASuspendedTeamGetsNoNewMatch: the scheduler pairs a suspended team
// in no casual match, and again once it is let back; a match job queued
// before its suspension is dropped when it comes up (cancelled, nothing
// recorded), and a format's game waits (its job fails, to be tried
// again).
func TestASuspendedTeamGetsNoNewMatch(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, invite := platformtest.Event(t, p, "tracks", "Summer")
	teams, _ := platformtest.JoinReady(t, p, invite, "Owls", "Bats", "Crows")
	crows := teams[2]
	if _, err := p.SuspendTeam(ctx, ev.ID, crows.ID, true, "a fork bomb"); err != nil {
		t.Fatal(err)
	}
	paired := func() (all, withCrows int) {
		for _, j := range platformtest.MatchJobs(t, p) {
			var a queue.Match
			if err := queue.Decode(j, &a); err != nil {
				t.Fatal(err)
			}
			all++
			if slices.Contains(a.Teams, crows.ID) {
				withCrows++
			}
		}
		return all, withCrows
	}
	if n, err := p.Schedule(ctx, 30); err != nil || n == 0 {
		t.Fatalf("scheduled %d (%v)", n, err)
	}
	if all, with := paired(); all == 0 || with != 0 {
		t.Fatalf("%d of %d matches queued with the suspended team", with, all)
	}

	// let back, it is paired again
	if _, err := p.SuspendTeam(ctx, ev.ID, crows.ID, false, ""); err != nil {
		t.Fatal(err)
	}
	if n, err := p.Schedule(ctx, 60); err != nil || n == 0 {
		t.Fatalf("scheduled %d (%v)", n, err)
	}
	all, with := paired()
	if with == 0 {
		t.Fatalf("none of %d matches has the team let back", all)
	}

	// suspended again: the jobs queued with it are dropped as they come up
	if _, err := p.SuspendTeam(ctx, ev.ID, crows.ID, true, ""); err != nil {
		t.Fatal(err)
	}
	casual := queue.Match{Event: ev.ID, Key: "casual-x", Seed: 1, Teams: []int64{teams[0].ID, crows.ID}, Submissions: []int64{teams[0].Active, crows.Active}}
	err := p.PlayMatch(ctx, casual)
	var cancel *rivertype.JobCancelError
	if !errors.As(err, &cancel) || !errors.Is(err, play.ErrSuspended) {
		t.Fatalf("a casual match with the suspended team: %v, want it cancelled", err)
	}
	round := casual
	round.Key, round.MatchKind, round.Format = "round-x", store.KindRanked, true
	if err := p.PlayMatch(ctx, round); errors.As(err, &cancel) || !errors.Is(err, play.ErrSuspended) {
		t.Fatalf("a round's game with the suspended team: %v, want it failed (tried again)", err)
	}
	if ms, _ := p.Store.Matches(ctx, ev.ID, 10); len(ms) != 0 {
		t.Fatalf("recorded: %+v", ms)
	}
}
