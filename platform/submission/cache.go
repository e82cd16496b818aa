package submission

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/platform/store"
)

// share makes a submission whose tree (build.TreeHash: source, kit
// commands, toolchain) an earlier build had ready at once, playing that
// build's tree: no build, and no copy of it. Its own prepared tree is
// removed. It reports whether it did.
//
// A shared tree is never removed: a build tree is removed only by its
// own submission's build, before it ends (Build returns at once for a
// build that ended), and only a build that has its own tree is shared
// (store.BuiltTree).
func (in *Intake) share(ctx context.Context, sub store.Submission, tree string, m kits.Manifest) (bool, error) {
	from, err := in.Events.Store.BuiltTree(ctx, tree)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if err := os.RemoveAll(in.Builds.BuildDir(sub.ID)); err != nil {
		return false, err
	}
	if err := in.Events.Store.SetTree(ctx, sub.ID, tree, from.ID); err != nil {
		return false, err
	}
	return true, in.Events.Store.FinishBuild(ctx, sub.ID, store.StatusReady, m.Kit, "", in.sharedLog(ctx, sub, from))
}

// sharedLog is a shared build's log: what it is, and the earlier build's
// log when that build is the same team's (another team's log is its own,
// even of the same tree).
func (in *Intake) sharedLog(ctx context.Context, sub, from store.Submission) []byte {
	note := "the same source, kit and toolchain as an earlier build: ready at once, sharing its build\n"
	if from.TeamID != sub.TeamID {
		return []byte(note)
	}
	note = fmt.Sprintf("the same source, kit and toolchain as submission %d: ready at once, sharing its build; its log:\n", from.ID)
	log, err := in.Events.Store.BuildLog(ctx, from.ID)
	if err != nil {
		return []byte(note)
	}
	return append([]byte(note), log...)
}
