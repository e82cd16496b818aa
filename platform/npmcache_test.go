package platform

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/seed27749672/arena/platform/build"
)

// Builds use the data directory's npm cache once the organiser filled one
// (arena npm-cache), and none before.
func TestBuildsUseTheNPMCacheOfTheDataDirectory(t *testing.T) {
	p := openTest(t)
	if c := p.buildOptions().NPMCache; c != "" {
		t.Fatalf("no cache yet, but builds use %q", c)
	}
	cache := filepath.Join(p.Dir, build.NPMCacheDir)
	os.Mkdir(cache, 0o755)
	if c := p.buildOptions().NPMCache; c != cache {
		t.Fatalf("builds use %q, want %q", c, cache)
	}
}
