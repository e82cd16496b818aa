package submission_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/platformtest"
)

func TestSubmitRefusesWhatCannotBuild(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	_, invite, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	team, _, _ := p.Join(ctx, invite, "Owls")
	for _, c := range []struct{ name, body string }{
		{"bot.pl", "print 1"}, {"../bot.py", "x"}, {"", "x"},
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
