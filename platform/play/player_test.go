package play

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/seed27749672/arena/games/all" // the game the events are of
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/files"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store/sqlite"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"

	"github.com/seed27749672/arena/bot"
)

// TestMatchJobsHoldTheirCores: a match job holds a core per team bot (its
// house bots none, one at least) of the platform's cores while it plays,
// as arena tournament's pool does; another waits for them.
func TestMatchJobsHoldTheirCores(t *testing.T) {
	p := &Player{}
	p.SetCores(3)
	team := bot.Spec{Kind: "stdio", Target: "./bot"}
	house := bot.Spec{Kind: "builtin", Target: "wait"}
	ctx := context.Background()
	two, err := p.HoldCores(ctx, []bot.Spec{team, team, house})
	if err != nil {
		t.Fatal(err)
	}
	one, err := p.HoldCores(ctx, []bot.Spec{house, house}) // builtins only: one core
	if err != nil {
		t.Fatal(err)
	}
	if p.cores.TryAcquire(1) {
		t.Fatal("a core was left free: the two matches should hold all three")
	}
	stopped, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := p.HoldCores(stopped, []bot.Spec{team}); err == nil {
		t.Fatal("a match got a core none had free")
	}
	two()
	if !p.cores.TryAcquire(2) {
		t.Fatal("the released cores are not free")
	}
	p.cores.Release(2)
	one()
	// a match of more team bots than cores takes them all, and plays
	all, err := p.HoldCores(ctx, []bot.Spec{team, team, team, team})
	if err != nil || p.cores.TryAcquire(1) {
		t.Fatalf("a 4-bot match on 3 cores: %v", err)
	}
	all()
}

// A match that stays decided by the machine (a starved timeout in every
// play: tournament.ErrUnplayable) is recorded as unplayable here, with
// no replay and no rating; a format's game is an error, tried again.
func TestAnUnplayableMatchIsNoResult(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "arena.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ev := &event.Events{Store: db, Dir: t.TempDir()}
	e, _, err := ev.CreateEvent(ctx, "tracks", "Summer", nil)
	if err != nil {
		t.Fatal(err)
	}
	replays := files.DirReplays{Dir: t.TempDir()}
	plays := 0
	p := &Player{Events: ev, Replays: replays, run: func(context.Context, match.Match) (*replay.Replay, []tournament.Voided, error) {
		plays++
		return nil, nil, fmt.Errorf("match: %w", tournament.ErrUnplayable)
	}}
	houses := queue.Match{Event: e.ID, Key: "casual-1", Seed: 3, Teams: []int64{0, 0}, Submissions: []int64{0, 0}}
	rec, err := p.Play(ctx, houses)
	if err != nil || !strings.Contains(rec.Error, "unplayable") || plays != 1 {
		t.Errorf("a casual game: %+v %v after %d plays, want its record unplayable", rec, err, plays)
	}
	if _, err := replays.Get("casual-1"); err == nil {
		t.Error("an unplayable match has a replay")
	}
	houses.Key, houses.Format = "final-1", true
	if _, err := p.Play(ctx, houses); !errors.Is(err, tournament.ErrUnplayable) {
		t.Errorf("a format's game: %v, want the error (its job is tried again)", err)
	}
}
