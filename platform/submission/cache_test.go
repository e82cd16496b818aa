package submission_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
)

// An upload whose tree, kit and toolchain an earlier build had is ready at
// once and plays that build's tree, with no copy of it; a changed byte
// builds again; the shared tree stays when the first build's job runs
// again.
func TestTheSameTreeIsBuiltOnce(t *testing.T) {
	if _, err := exec.LookPath("g++"); err != nil {
		t.Skip("no g++")
	}
	p := platformtest.Open(t)
	p.Intake.Options.Unsafe = true // the cache is the subject, not the sandbox
	ctx := context.Background()
	ev, invite := platformtest.Event(t, p, "tracks", "Cache")
	owls, _, _ := p.Join(ctx, invite, "Owls")
	bats, _, _ := p.Join(ctx, invite, "Bats")
	// one file, as a CodinGame player writes it (it is built alone)
	src := []byte("#include <iostream>\n#include <string>\nint main() {\n  std::string line;\n  while (std::getline(std::cin, line)) std::cout << \"WAIT\" << std::endl;\n}\n")
	build := func(team store.Team, source []byte) (store.Submission, time.Duration) {
		t.Helper()
		s, err := p.Submit(ctx, team, "bot.cpp", source)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		if err := p.Intake.Build(ctx, s.ID); err != nil {
			t.Fatal(err)
		}
		took := time.Since(start)
		if s, err = p.Store.Submission(ctx, s.ID); err != nil || s.Status != store.StatusReady {
			t.Fatalf("submission %d: %+v %v", s.ID, s, err)
		}
		return s, took
	}
	first, fresh := build(owls, src)
	again, cached := build(owls, src)
	t.Logf("a fresh build %v, the same tree again %v", fresh, cached)
	if first.Tree == "" || first.Artifact != 0 || again.Tree != first.Tree || again.Artifact != first.ID || again.Played() != first.ID {
		t.Fatalf("first %+v\nagain %+v", first, again)
	}
	if _, err := os.Stat(p.Builds.BuildDir(again.ID)); !os.IsNotExist(err) {
		t.Fatalf("the shared build has a tree of its own: %v", err)
	}
	log, _ := p.Store.BuildLog(ctx, again.ID)
	if !strings.Contains(string(log), "sharing its build") || !strings.Contains(string(log), "g++") {
		t.Fatalf("the shared build's log:\n%s", log)
	}
	// another team's upload of the same tree shares it too, without the
	// first team's log
	theirs, _ := build(bats, src)
	if theirs.Played() != first.ID {
		t.Fatalf("another team's same tree: %+v", theirs)
	}
	if log, _ := p.Store.BuildLog(ctx, theirs.ID); strings.Contains(string(log), "g++") || strings.Contains(string(log), "submission") {
		t.Fatalf("another team reads the first team's log:\n%s", log)
	}
	// one changed byte builds again
	changed, _ := build(owls, append(append([]byte{}, src...), '\n'))
	if changed.Artifact != 0 || changed.Tree == first.Tree {
		t.Fatalf("a changed tree: %+v", changed)
	}
	// the first build's job run again (a server stopped before River
	// recorded its end) leaves its tree for those that share it
	if err := p.Intake.Build(ctx, first.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(p.Builds.BuildDir(first.ID), "bot")); err != nil {
		t.Fatalf("the shared tree is gone: %v", err)
	}
	// the shared build's bot runs from the first build's tree
	g, _ := game.Lookup(ev.Game)
	spec, err := p.Player.BotSpec(ctx, g.Info(), ev.Settings, "", owls.ID, again.ID)
	if err != nil || spec.Dir != p.Builds.BuildDir(first.ID) {
		t.Fatalf("the shared build plays from %q (%v), want %q", spec.Dir, err, p.Builds.BuildDir(first.ID))
	}
}
