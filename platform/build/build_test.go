package build

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/sandbox"
)

func TestCheckSourceNameTakesTheRegistrysLanguages(t *testing.T) {
	for name, want := range map[string]string{"mine.cpp": "cpp", "Solution.JAVA": "java", "main.c": "c", "bot.kt": "kotlin"} {
		if l, err := CheckSourceName(name); err != nil || l.Name != want {
			t.Errorf("%s: %q %v, want %s", name, l.Name, err, want)
		}
	}
	for _, bad := range []string{"bot.cobol", "../bot.py", "a/bot.py", ".py", "", "bot"} {
		if _, err := CheckSourceName(bad); err == nil {
			t.Errorf("CheckSourceName(%q) accepted", bad)
		}
	}
}

func TestDetect(t *testing.T) {
	dir := t.TempDir()
	if err := kits.Write("ants", "go", dir); err != nil {
		t.Fatal(err)
	}
	m, err := Detect("ants", dir)
	if err != nil || m.Language != "go" || m.Build == "" {
		t.Fatalf("%+v %v", m, err)
	}
	if _, err := Detect("tracks", dir); err == nil || !strings.Contains(err.Error(), "event plays tracks") {
		t.Fatalf("an ants kit for a tracks event: %v", err)
	}
	if _, err := Detect("ants", t.TempDir()); err == nil || !strings.Contains(err.Error(), "no kit.json") {
		t.Fatalf("no kit.json: %v", err)
	}
	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, "kit.json"), []byte(`{"game":"ants","language":"cobol"}`), 0o644)
	if _, err := Detect("ants", bad); err == nil || !strings.Contains(err.Error(), "cobol") {
		t.Fatalf("unknown language: %v", err)
	}
}

func buildOptions(t *testing.T) Options {
	if err := sandbox.Ready(); err != nil {
		t.Skip(err)
	}
	return Options{}
}

// workDir returns a directory the sandbox's identity can reach.
func workDir(t *testing.T) string {
	d := t.TempDir()
	os.Chmod(filepath.Dir(d), 0o755)
	os.Chmod(d, 0o755)
	return d
}

func TestRunBuildsAKitAndReportsAFailure(t *testing.T) {
	o := buildOptions(t)
	good := workDir(t)
	if err := kits.Write("tracks", "cpp", good); err != nil {
		t.Fatal(err)
	}
	m, _ := kits.Read("tracks", "cpp")
	r, err := Run(context.Background(), good, m, nil, o)
	if err != nil || !r.OK {
		t.Fatalf("%+v %v\n%s", r, err, r.Log)
	}
	if _, err := os.Stat(filepath.Join(good, "bot")); err != nil {
		t.Fatal("the build made no binary")
	}
	bad := workDir(t)
	kits.Write("tracks", "cpp", bad)
	os.WriteFile(filepath.Join(bad, "bot.cpp"), []byte("int main() { return undeclared_thing; }\n"), 0o644)
	r, err = Run(context.Background(), bad, m, nil, o)
	if err != nil || r.OK || !strings.Contains(string(r.Log), "undeclared_thing") || !strings.Contains(r.Status, "status 1") {
		t.Fatalf("%+v %v\n%s", r, err, r.Log)
	}
}

func TestRunTimesOut(t *testing.T) {
	o := buildOptions(t)
	o.Timeout = 300 * 1e6 // 300 ms: the build sleeps 60 s
	r, err := Run(context.Background(), workDir(t), kits.Manifest{Language: "sh", Build: "sleep 60"}, nil, o)
	if err != nil || r.OK || r.Status != "timed out" {
		t.Fatalf("%+v %v", r, err)
	}
}

func TestNothingToBuild(t *testing.T) {
	r, err := Run(context.Background(), t.TempDir(), kits.Manifest{Language: "python"}, nil, Options{})
	if err != nil || !r.OK || !strings.Contains(string(r.Log), "nothing to build") {
		t.Fatalf("%+v %v", r, err)
	}
}

func TestUnsafeRunKeepsTheTailOfItsOutput(t *testing.T) {
	// 3 MB of output then END: only the last sandbox.MaxOutput bytes are
	// kept, and the log says how many were dropped
	cmd := `head -c 3000000 /dev/zero | tr '\0' x; echo END; exit 3`
	r, err := Run(context.Background(), t.TempDir(), kits.Manifest{Language: "sh", Build: cmd}, nil, Options{Unsafe: true})
	if err != nil || r.OK || r.Status != "exited with status 3" {
		t.Fatalf("%+v %v", r.Status, err)
	}
	log := string(r.Log)
	if !strings.Contains(log, "WITHOUT the sandbox") || !strings.Contains(log, "[1951428 earlier bytes of output dropped]") || !strings.Contains(log, "xEND\n") {
		t.Fatalf("log of %d bytes begins %q", len(log), log[:min(len(log), 200)])
	}
	if len(log) > sandbox.MaxOutput+1000 {
		t.Fatalf("log of %d bytes", len(log))
	}
}

func TestCheckLinks(t *testing.T) {
	root := filepath.Join(t.TempDir(), "kit")
	os.MkdirAll(filepath.Join(root, "node_modules", "pkg", "bin"), 0o755)
	os.WriteFile(filepath.Join(root, "node_modules", "pkg", "bin", "x"), nil, 0o755)
	os.MkdirAll(filepath.Join(root, "node_modules", ".bin"), 0o755)
	os.Symlink("../pkg/bin/x", filepath.Join(root, "node_modules", ".bin", "x"))
	if err := CheckLinks(root); err != nil {
		t.Fatalf("a link inside the tree: %v", err)
	}
	other := filepath.Join(filepath.Dir(root), "other", "dist")
	os.MkdirAll(other, 0o755)
	for _, target := range []string{"../other/dist", other, "../nothing-yet", "."} {
		link := filepath.Join(root, "dist")
		os.Remove(link)
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
		err := CheckLinks(root)
		if target == "." {
			if err != nil {
				t.Errorf("a link to the tree itself: %v", err)
			}
		} else if err == nil || !strings.Contains(err.Error(), "outside its tree") {
			t.Errorf("dist -> %s: %v", target, err)
		}
	}
}

func TestUnsafeRunEndsWhenItsCommandDoes(t *testing.T) {
	// a daemon left behind holds the output open for 40 s
	dir := t.TempDir()
	start := time.Now()
	r, err := Run(context.Background(), dir, kits.Manifest{Language: "sh", Build: "setsid sleep 40 & echo $! >daemon; echo built"}, nil, Options{Unsafe: true})
	if b, _ := os.ReadFile(filepath.Join(dir, "daemon")); len(b) > 0 {
		exec.Command("kill", strings.TrimSpace(string(b))).Run()
	}
	if err != nil || !r.OK || !strings.Contains(string(r.Log), "built") {
		t.Fatalf("%+v %v", r.Status, err)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Fatalf("the build ended after %s: it waited for the daemon", d)
	}
}
