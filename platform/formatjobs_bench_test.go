package platform

import (
	"context"
	"fmt"
	"testing"

	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/format/blitz"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// BenchmarkBlitzFinalLook: one look of the server's clock at a Blitz
// final of 16 teams whose first round (4 games) is recorded, in an event
// with 20,000 casual games: the format replayed on the recorded games,
// the second round's games found. "every-match" reads the records as the
// first version did (every match of the event, then the final's kept);
// "of-kind" reads the final's games only (Store.MatchesOfKind). Same run,
// same data: compare the two.
func BenchmarkBlitzFinalLook(b *testing.B) {
	ctx := context.Background()
	p, err := Open(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	ev, invite, err := p.CreateEvent(ctx, "jungle", "Blitz", nil)
	if err != nil {
		b.Fatal(err)
	}
	f := &blitz.Final{Seed: 1, Size: 4, Played: map[int]blitz.FinalGame{}}
	for i := range 16 {
		tm, _, err := p.Join(ctx, invite, fmt.Sprintf("team%d", i))
		if err != nil {
			b.Fatal(err)
		}
		f.Teams, f.Names, f.Submissions = append(f.Teams, tm.ID), append(f.Names, tm.Name), append(f.Submissions, 0)
	}
	for i := range 20000 {
		m := store.Match{EventID: ev.ID, Key: fmt.Sprintf("casual-%d", i), Kind: store.KindCasual, Seed: int64(i),
			Teams: f.Teams[:2], Submissions: []int64{0, 0}, Ranks: []int{1, 2}}
		if _, err := p.Store.RecordMatch(ctx, m, nil); err != nil {
			b.Fatal(err)
		}
	}
	// the first round of the elimination: 4 games of 4, recorded
	run := func() format.Run {
		return blitz.Run(ctx, p.FormatHost(), ev, f.Teams, f.Names, f.Submissions, f.Seed, store.KindFinal, 1,
			func(j tournament.Job) string { return fmt.Sprintf("final-%d-%d", ev.ID, j.Index+1) },
			func(tournament.Job) *replay.Result { return nil }, func(tournament.Job, *replay.Result) {},
			func(s tournament.Setup) (*tournament.Outcome, error) {
				return tournament.Elimination{Setup: s, Size: 4, Advance: 2, Final: 2, BestOf: 1, FinalBestOf: 3}.Play(ctx)
			})
	}
	pl, err := run().Plan()
	if err != nil || len(pl.Pending) != 4 {
		b.Fatalf("first round: %+v %v", pl, err)
	}
	for _, g := range pl.Pending {
		rep := &replay.Replay{Format: replay.Format, Version: replay.Version, Game: "jungle", Result: &replay.Result{}}
		for s := range g.Args.Teams {
			rep.Result.Players = append(rep.Result.Players, replay.PlayerResult{PlayerResult: game.PlayerResult{Rank: s + 1}})
		}
		if err := p.Replays.Put(g.Args.Key, rep); err != nil {
			b.Fatal(err)
		}
		m := store.Match{EventID: ev.ID, Key: g.Args.Key, Kind: store.KindFinal, Round: 1, Seed: g.Args.Seed,
			Teams: g.Args.Teams, Submissions: g.Args.Submissions, Ranks: []int{1, 2, 3, 4}}
		if _, err := p.Store.RecordMatch(ctx, m, nil); err != nil {
			b.Fatal(err)
		}
	}
	look := func(b *testing.B) {
		for b.Loop() {
			pl, err := run().Plan()
			if err != nil || len(pl.Pending) != 2 {
				b.Fatalf("second round: %d games, %v", len(pl.Pending), err)
			}
		}
	}
	plain := p.Store
	b.Run("every-match", func(b *testing.B) {
		p.Store = loadEveryMatch{plain}
		defer func() { p.Store = plain }()
		look(b)
	})
	b.Run("of-kind", look)
}
