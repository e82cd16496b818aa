package submission_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
)

func TestSubmitRefusesWhatCannotBuild(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	_, invite, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	team, _, _ := p.Join(ctx, invite, "Owls")
	for _, c := range []struct{ name, body string }{
		{"bot.cobol", "DISPLAY 1"}, {"../bot.py", "x"}, {"", "x"},
	} {
		if _, err := p.Submit(ctx, team, c.name, []byte(c.body)); err == nil {
			t.Errorf("Submit(%q) accepted", c.name)
		}
	}
	if _, err := p.Submit(ctx, team, "a.zip", make([]byte, 21<<20)); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("a 21 MiB upload: %v", err)
	}
	if subs, _ := p.Store.Submissions(ctx, team.ID); len(subs) != 0 {
		t.Errorf("refused uploads were stored: %+v", subs)
	}
}

// An upload in a language whose toolchain the builds do not find is
// refused at once, saying what to install; a kit whose kit.json requires
// a program they do not find fails its build with the same reason.
func TestSubmitRefusesALanguageThePlatformLacks(t *testing.T) {
	p := platformtest.Open(t)
	p.Intake.ToolDirs = []string{t.TempDir()} // no program at all
	ctx := context.Background()
	_, invite, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	team, _, _ := p.Join(ctx, invite, "Owls")
	_, err := p.Submit(ctx, team, "Solution.kt", []byte("fun main() {}\n"))
	if err == nil || !strings.Contains(err.Error(), "kotlinc") || !strings.Contains(err.Error(), "apt-get install kotlin") {
		t.Errorf("a Kotlin file without kotlinc: %v", err)
	}
	sub, err := p.Submit(ctx, team, "kit.zip", platformtest.KitZip(t, "tracks", "python", nil))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Intake.Build(ctx, sub.ID); err != nil {
		t.Fatal(err)
	}
	if s, _ := p.Store.Submission(ctx, sub.ID); s.Status != store.StatusFailed || !strings.Contains(s.Error, "apt-get install python3") {
		t.Errorf("a kit requiring a python3 the builds lack: %s %q", s.Status, s.Error)
	}
}

// Builds use the data directory's npm cache once the organiser filled one
// (arena npm-cache), and none before.
func TestBuildsUseTheNPMCacheOfTheDataDirectory(t *testing.T) {
	p := platformtest.Open(t)
	if c := p.BuildOptions().NPMCache; c != "" {
		t.Fatalf("no cache yet, but builds use %q", c)
	}
	cache := filepath.Join(p.Dir, build.NPMCacheDir)
	os.Mkdir(cache, 0o755)
	if c := p.BuildOptions().NPMCache; c != cache {
		t.Fatalf("builds use %q, want %q", c, cache)
	}
}
