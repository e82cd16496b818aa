// Package jungletest finds and builds jungle's starter kits for the tests
// that play them (the game's own and the host's).
package jungletest

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// kitDir is kits/jungle/NAME, found from this file's place in the module.
func kitDir(name string) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "kits", "jungle", name)
}

// JSKit returns the path of the JavaScript kit's index.js, skipping the
// test when node or the kit's dependencies are missing, except under CI
// (which installs them: see .ci/run), where that is a failure.
func JSKit(t testing.TB) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	dir := kitDir("javascript")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "ws")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("the JavaScript kit's dependencies are missing: npm ci --prefix kits/jungle/javascript")
		}
		t.Skip("run: npm ci --prefix kits/jungle/javascript")
	}
	return filepath.Join(dir, "index.js")
}

var (
	goKitOnce sync.Once
	goKitPath string
	goKitOut  []byte
	goKitErr  error
)

// GoKit builds the Go kit, once per test binary, and returns the binary.
func GoKit(t testing.TB) string {
	t.Helper()
	goKitOnce.Do(func() {
		dir, err := os.MkdirTemp("", "jungle-gokit")
		if err != nil {
			goKitErr = err
			return
		}
		goKitPath = filepath.Join(dir, "gokit")
		goKitOut, goKitErr = exec.Command("go", "build", "-o", goKitPath, kitDir("go")).CombinedOutput()
	})
	if goKitErr != nil {
		t.Fatalf("building the Go kit: %v\n%s", goKitErr, goKitOut)
	}
	return goKitPath
}
