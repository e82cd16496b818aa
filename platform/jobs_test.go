package platform

import (
	"archive/zip"
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/files"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/sandbox/sandboxtest"
)

// dataDir is a data directory the sandbox's identity can pass through.
func dataDir(t *testing.T) string {
	d := t.TempDir()
	os.Chmod(filepath.Dir(d), 0o755)
	os.Chmod(d, 0o755)
	return filepath.Join(d, "data")
}

// needSandbox is sandboxtest.NeedSandbox, by the name this package's tests use.
func needSandbox(t *testing.T) { sandboxtest.NeedSandbox(t) }

// testKitZip zips a game's kit, wrapped in a folder as zips often are, with
// edit applied to its files.
func testKitZip(t *testing.T, game, lang string, edit map[string]string) []byte {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "kit")
	if err := kits.Write(game, lang, dir); err != nil {
		t.Fatal(err)
	}
	for name, body := range edit {
		os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(filepath.Dir(dir), p)
		w, _ := zw.Create(filepath.ToSlash(rel))
		b, _ := os.ReadFile(p)
		w.Write(b)
		return nil
	})
	zw.Close()
	return buf.Bytes()
}

// waitBuilt waits for a submission's build to end; the limit is generous
// (a loaded machine), the test ends as soon as the build does.
func waitBuilt(t *testing.T, p *Platform, id int64) store.Submission {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		s, err := p.Store.Submission(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if s.Status == store.StatusReady || s.Status == store.StatusFailed {
			return s
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("submission %d was not built in 3 minutes", id)
	return store.Submission{}
}

func TestBuildJobsSurviveARestart(t *testing.T) {
	needSandbox(t)
	ctx := context.Background()
	dir := dataDir(t)
	p, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	_, invite := newEvent(t, p, "tracks", "Summer")
	owls, _, _ := p.Join(ctx, invite, "Owls")
	bats, _, _ := p.Join(ctx, invite, "Bats")
	// queued by a server that stops before running them
	good, err := p.Submit(ctx, owls, "bot.zip", testKitZip(t, "tracks", "cpp", nil))
	if err != nil {
		t.Fatal(err)
	}
	bad, err := p.Submit(ctx, bats, "bot.cpp", []byte("int main() { return not_declared; }\n"))
	if err != nil {
		t.Fatal(err)
	}
	py, err := p.Submit(ctx, bats, "kit.zip", testKitZip(t, "tracks", "python", nil))
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := p.Store.Submission(ctx, good.ID); s.Status != store.StatusQueued {
		t.Fatalf("status %q before any worker ran", s.Status)
	}
	p.Close()

	p, err = Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if err := p.StartJobs(ctx, JobOptions{Workers: 2, PollInterval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	if s := waitBuilt(t, p, good.ID); s.Status != store.StatusReady || s.Language != "cpp" {
		log, _ := p.Store.BuildLog(ctx, good.ID)
		t.Fatalf("the cpp kit: %+v\n%s", s, log)
	}
	if _, err := os.Stat(filepath.Join(p.buildDir(good.ID), "src", "kit", "bot")); err != nil {
		t.Fatalf("no built binary: %v", err)
	}
	if s := waitBuilt(t, p, bad.ID); s.Status != store.StatusFailed || !strings.Contains(s.Error, "status 1") {
		t.Fatalf("the broken file: %+v", s)
	}
	if log, _ := p.Store.BuildLog(ctx, bad.ID); !strings.Contains(string(log), "not_declared") {
		t.Fatalf("the compiler's error is not in the log:\n%s", log)
	}
	if s := waitBuilt(t, p, py.ID); s.Status != store.StatusReady || s.Language != "python" {
		t.Fatalf("the python kit: %+v", s)
	}
	// each team's last ready build is its active one; a failed one is not
	if tm, _ := p.Store.Team(ctx, owls.ID); tm.Active != good.ID {
		t.Errorf("Owls' active submission %d, want %d", tm.Active, good.ID)
	}
	if tm, _ := p.Store.Team(ctx, bats.ID); tm.Active != py.ID {
		t.Errorf("Bats' active submission %d, want %d", tm.Active, py.ID)
	}
	if st, err := os.Stat(p.buildDir(good.ID)); err != nil || st.Mode().Perm() != 0o755 {
		t.Fatalf("a built tree the sandbox's identity cannot read: %v %v", st.Mode(), err)
	}
}

func TestSubmitRefusesWhatCannotBuild(t *testing.T) {
	p := openTest(t)
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

func TestStartJobsRefusesADataDirTheSandboxCannotReach(t *testing.T) {
	needSandbox(t)
	private := t.TempDir() // 0700: the sandbox's identity cannot pass
	os.Chmod(filepath.Dir(private), 0o755)
	os.Chmod(private, 0o700)
	p, err := Open(context.Background(), filepath.Join(private, "data"))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	err = p.StartJobs(context.Background(), JobOptions{})
	if err == nil || !strings.Contains(err.Error(), "builds cannot run") {
		p.StopJobs(context.Background())
		t.Fatalf("StartJobs in a private directory: %v", err)
	}
}

// TestAStoredSubmissionWithoutAJobIsBuilt: a server that stopped between
// storing a submission and queuing its build leaves it queued; the next
// server queues it, once.
func TestAStoredSubmissionWithoutAJobIsBuilt(t *testing.T) {
	needSandbox(t)
	ctx := context.Background()
	p := openTest(t)
	_, invite, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	owls, _, _ := p.Join(ctx, invite, "Owls")
	queued, err := p.Submit(ctx, owls, "bot.py", []byte("print(1)\n")) // row and job
	if err != nil {
		t.Fatal(err)
	}
	orphan, err := p.Store.CreateSubmission(ctx, store.Submission{TeamID: owls.ID, Filename: "bot.py"}) // row, no job
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Dir(p.uploadPath(orphan.ID)), 0o700)
	os.WriteFile(p.uploadPath(orphan.ID), []byte("print(2)\n"), 0o600)
	if err := p.StartJobs(ctx, JobOptions{PollInterval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	for _, id := range []int64{queued.ID, orphan.ID} {
		if s := waitBuilt(t, p, id); s.Status != store.StatusReady {
			t.Fatalf("submission %d: %+v", id, s)
		}
	}
	var jobs int
	sqlOf(p).QueryRow(`SELECT COUNT(*) FROM river_job WHERE kind = 'build'`).Scan(&jobs)
	if jobs != 2 {
		t.Fatalf("%d build jobs for 2 submissions", jobs)
	}
}

// TestTheJobOfADeadServerIsRunAgain: a server killed while building left
// its job running and the submission building; the next server rescues
// the job and builds it once.
func TestTheJobOfADeadServerIsRunAgain(t *testing.T) {
	needSandbox(t)
	ctx := context.Background()
	p := openTest(t)
	_, invite, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	owls, _, _ := p.Join(ctx, invite, "Owls")
	sub, err := p.Submit(ctx, owls, "bot.py", []byte("print(1)\n"))
	if err != nil {
		t.Fatal(err)
	}
	// as the dead server left it: its job running for 40 minutes, longer
	// than any job may run (River's own default would wait an hour)
	since := time.Now().UTC().Add(-40 * time.Minute).Format("2006-01-02 15:04:05.000") // River's SQLite time format
	if _, err := sqlOf(p).Exec(`UPDATE river_job SET state = 'running', attempt = 1, attempted_at = ?,
		attempted_by = '["dead-server"]' WHERE kind = 'build'`, since); err != nil {
		t.Fatal(err)
	}
	if err := p.Store.SetBuildStatus(ctx, sub.ID, store.StatusBuilding); err != nil {
		t.Fatal(err)
	}
	if err := p.StartJobs(ctx, JobOptions{PollInterval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	if s := waitBuilt(t, p, sub.ID); s.Status != store.StatusReady {
		t.Fatalf("%+v", s)
	}
	var jobs int
	sqlOf(p).QueryRow(`SELECT COUNT(*) FROM river_job WHERE kind = 'build'`).Scan(&jobs)
	if jobs != 1 {
		t.Fatalf("%d build jobs for 1 submission", jobs)
	}
}

// TestBuiltRootFollowsTheUpload: a single file's kit is built in the
// build directory even when its kit has a src directory (the tree of a
// zip's kit is under src).
func TestBuiltRootFollowsTheUpload(t *testing.T) {
	p := openTest(t)
	ctx := context.Background()
	_, invite, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	team, _, _ := p.Join(ctx, invite, "Owls")
	file, err := p.Submit(ctx, team, "bot.py", []byte("print(1)\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(p.buildDir(file.ID), "src", "pkg"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got := p.builtRoot(file.ID); got != p.buildDir(file.ID) {
		t.Errorf("a single file's kit with a src directory: built in %s, want %s", got, p.buildDir(file.ID))
	}
	z, err := files.KitZip("tracks", "python")
	if err != nil {
		t.Fatal(err)
	}
	zipped, err := p.Submit(ctx, team, "kit.zip", z)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(p.buildDir(zipped.ID), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, root, err := prepare("tracks", "kit.zip", z, p.buildDir(zipped.ID)); err != nil {
		t.Fatal(err)
	} else if got := p.builtRoot(zipped.ID); got != root {
		t.Errorf("a zip's kit: built in %s, want %s", got, root)
	}
}

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
