package play

import (
	"context"
	"testing"

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
