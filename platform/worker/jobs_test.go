package worker_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/worker"
)

// TestOneServerRunsADataDirectorysJobs: a second server's jobs on the
// same data directory are refused while the first runs them, and taken
// once it stops.
func TestOneServerRunsADataDirectorysJobs(t *testing.T) {
	ctx := context.Background()
	dir := platformtest.DataDir(t)
	a, err := platform.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := platform.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	o := worker.Options{Build: build.Options{Unsafe: true}, PollInterval: 50 * time.Millisecond}
	if err := a.StartJobs(ctx, o); err != nil {
		t.Fatal(err)
	}
	if err := b.StartJobs(ctx, o); err == nil || !strings.Contains(err.Error(), "another arena serve") {
		t.Fatalf("a second server's jobs: %v", err)
	}
	a.StopJobs(ctx)
	if err := b.StartJobs(ctx, o); err != nil {
		t.Fatalf("after the first stopped: %v", err)
	}
	b.StopJobs(ctx)
}

// TestAMatchJobLeftRunningIsPlayedOnStart: a match job a killed server
// left running is played as soon as the next server starts (not after
// River's rescue delay), and recorded once.
func TestAMatchJobLeftRunningIsPlayedOnStart(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
	ev, _, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	q, err := p.Jobs.Client()
	if err != nil {
		t.Fatal(err)
	}
	res, err := q.Insert(ctx, queue.Match{Event: ev.ID, Key: "casual-killed", Seed: 5, Teams: []int64{0, 0}, Submissions: []int64{0, 0}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// as the killed server left it: running, its attempt begun a minute ago
	since := time.Now().UTC().Add(-time.Minute).Format("2006-01-02 15:04:05.000")
	if _, err := platformtest.SQL(p).Exec(`UPDATE river_job SET state = 'running', attempt = 1, attempted_at = ?, attempted_by = '["killed"]' WHERE id = ?`, since, res.Job.ID); err != nil {
		t.Fatal(err)
	}
	if err := p.StartJobs(ctx, worker.Options{Matches: 1, Build: build.Options{Unsafe: true}, PollInterval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var n int
		platformtest.SQL(p).QueryRow(`SELECT COUNT(*) FROM matches WHERE key = 'casual-killed'`).Scan(&n)
		if n == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the job left running was not played in 2 minutes")
		}
		time.Sleep(50 * time.Millisecond)
	}
	var state string
	var attempt int
	platformtest.SQL(p).QueryRow(`SELECT state, attempt FROM river_job WHERE id = ?`, res.Job.ID).Scan(&state, &attempt)
	if state != "completed" || attempt != 2 {
		t.Errorf("the job: %s after %d attempts, want completed after 2", state, attempt)
	}
}
func TestBuildJobsSurviveARestart(t *testing.T) {
	platformtest.NeedSandbox(t)
	ctx := context.Background()
	dir := platformtest.DataDir(t)
	p, err := platform.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	_, invite := platformtest.Event(t, p, "tracks", "Summer")
	owls, _, _ := p.Join(ctx, invite, "Owls")
	bats, _, _ := p.Join(ctx, invite, "Bats")
	eels, _, _ := p.Join(ctx, invite, "Eels")
	// queued by a server that stops before running them
	good, err := p.Submit(ctx, owls, "bot.zip", platformtest.KitZip(t, "tracks", "cpp", nil))
	if err != nil {
		t.Fatal(err)
	}
	bad, err := p.Submit(ctx, eels, "bot.cpp", []byte("int main() { return not_declared; }\n"))
	if err != nil {
		t.Fatal(err)
	}
	py, err := p.Submit(ctx, bats, "kit.zip", platformtest.KitZip(t, "tracks", "python", nil))
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := p.Store.Submission(ctx, good.ID); s.Status != store.StatusQueued {
		t.Fatalf("status %q before any worker ran", s.Status)
	}
	p.Close()

	p, err = platform.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if err := p.StartJobs(ctx, worker.Options{Workers: 2, PollInterval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	if s := platformtest.WaitBuilt(t, p, good.ID); s.Status != store.StatusReady || s.Language != "cpp" {
		log, _ := p.Store.BuildLog(ctx, good.ID)
		t.Fatalf("the cpp kit: %+v\n%s", s, log)
	}
	if _, err := os.Stat(filepath.Join(p.Builds.BuildDir(good.ID), "src", "kit", "bot")); err != nil {
		t.Fatalf("no built binary: %v", err)
	}
	if s := platformtest.WaitBuilt(t, p, bad.ID); s.Status != store.StatusFailed || !strings.Contains(s.Error, "status 1") {
		t.Fatalf("the broken file: %+v", s)
	}
	if log, _ := p.Store.BuildLog(ctx, bad.ID); !strings.Contains(string(log), "not_declared") {
		t.Fatalf("the compiler's error is not in the log:\n%s", log)
	}
	// a failed build's tree is deleted at once (its log is kept)
	if _, err := os.Stat(p.Builds.BuildDir(bad.ID)); !os.IsNotExist(err) {
		t.Errorf("the failed build's tree is still there: %v", err)
	}
	if s := platformtest.WaitBuilt(t, p, py.ID); s.Status != store.StatusReady || s.Language != "python" {
		t.Fatalf("the python kit: %+v", s)
	}
	// each team's last ready build is its active one; a failed one is not
	if tm, _ := p.Store.Team(ctx, owls.ID); tm.Active != good.ID {
		t.Errorf("Owls' active submission %d, want %d", tm.Active, good.ID)
	}
	if tm, _ := p.Store.Team(ctx, bats.ID); tm.Active != py.ID {
		t.Errorf("Bats' active submission %d, want %d", tm.Active, py.ID)
	}
	if st, err := os.Stat(p.Builds.BuildDir(good.ID)); err != nil || st.Mode().Perm() != 0o755 {
		t.Fatalf("a built tree the sandbox's identity cannot read: %v %v", st.Mode(), err)
	}
	// ... and that no local user can: the data directory is Arena's.
	if os.Geteuid() == 0 {
		out, err := exec.Command("setpriv", "--reuid", "1234", "--regid", "1234", "--clear-groups",
			"ls", p.Builds.BuildDir(good.ID)).CombinedOutput()
		if err == nil || !strings.Contains(string(out), "Permission denied") {
			t.Fatalf("a local user listed a team's build: %v: %s", err, out)
		}
	}
}

func TestStartJobsRefusesADataDirTheSandboxCannotReach(t *testing.T) {
	platformtest.NeedSandbox(t)
	private := t.TempDir() // 0700: the sandbox's identity cannot pass
	os.Chmod(filepath.Dir(private), 0o755)
	os.Chmod(private, 0o700)
	p, err := platform.Open(context.Background(), filepath.Join(private, "data"))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	err = p.StartJobs(context.Background(), worker.Options{})
	if err == nil || !strings.Contains(err.Error(), "builds cannot run") {
		p.StopJobs(context.Background())
		t.Fatalf("StartJobs in a private directory: %v", err)
	}
}

// TestAStoredSubmissionWithoutAJobIsBuilt: a server that stopped between
// storing a submission and queuing its build leaves it queued; the next
// server queues it, once.
func TestAStoredSubmissionWithoutAJobIsBuilt(t *testing.T) {
	platformtest.NeedSandbox(t)
	ctx := context.Background()
	p := platformtest.Open(t)
	_, invite, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	owls, _, _ := p.Join(ctx, invite, "Owls")
	bats, _, _ := p.Join(ctx, invite, "Bats")                                   // another team: a team's newer upload would replace its queued one
	queued, err := p.Submit(ctx, owls, "bot.py", []byte("input()\nprint(1)\n")) // row and job
	if err != nil {
		t.Fatal(err)
	}
	orphan, err := p.Store.CreateSubmission(ctx, store.Submission{TeamID: bats.ID, Filename: "bot.py"}) // row, no job
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Dir(p.Builds.UploadPath(orphan.ID)), 0o700)
	os.WriteFile(p.Builds.UploadPath(orphan.ID), []byte("input()\nprint(2)\n"), 0o600)
	if err := p.StartJobs(ctx, worker.Options{PollInterval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	for _, id := range []int64{queued.ID, orphan.ID} {
		if s := platformtest.WaitBuilt(t, p, id); s.Status != store.StatusReady {
			t.Fatalf("submission %d: %+v", id, s)
		}
	}
	var jobs int
	platformtest.SQL(p).QueryRow(`SELECT COUNT(*) FROM river_job WHERE kind = 'build'`).Scan(&jobs)
	if jobs != 2 {
		t.Fatalf("%d build jobs for 2 submissions", jobs)
	}
}

// TestTheJobOfADeadServerIsRunAgain: a server killed while building left
// its job running and the submission building; the next server rescues
// the job and builds it once.
func TestTheJobOfADeadServerIsRunAgain(t *testing.T) {
	platformtest.NeedSandbox(t)
	ctx := context.Background()
	p := platformtest.Open(t)
	_, invite, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	owls, _, _ := p.Join(ctx, invite, "Owls")
	sub, err := p.Submit(ctx, owls, "bot.py", []byte("input()\nprint(1)\n"))
	if err != nil {
		t.Fatal(err)
	}
	// as the dead server left it: its job running for 40 minutes, longer
	// than any job may run (River's own default would wait an hour)
	since := time.Now().UTC().Add(-40 * time.Minute).Format("2006-01-02 15:04:05.000") // River's SQLite time format
	if _, err := platformtest.SQL(p).Exec(`UPDATE river_job SET state = 'running', attempt = 1, attempted_at = ?,
		attempted_by = '["dead-server"]' WHERE kind = 'build'`, since); err != nil {
		t.Fatal(err)
	}
	if err := p.Store.SetBuildStatus(ctx, sub.ID, store.StatusBuilding); err != nil {
		t.Fatal(err)
	}
	if err := p.StartJobs(ctx, worker.Options{PollInterval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	if s := platformtest.WaitBuilt(t, p, sub.ID); s.Status != store.StatusReady {
		t.Fatalf("%+v", s)
	}
	var jobs int
	platformtest.SQL(p).QueryRow(`SELECT COUNT(*) FROM river_job WHERE kind = 'build'`).Scan(&jobs)
	if jobs != 1 {
		t.Fatalf("%d build jobs for 1 submission", jobs)
	}
}

// Builds are shared fairly: a team's newer upload replaces its queued one
// (the older ends at once, "replaced"), and a team that uploaded three
// times waits behind a team that uploaded once.
func TestBuildsAreFairBetweenTeams(t *testing.T) {
	platformtest.NeedSandbox(t)
	ctx := context.Background()
	p := platformtest.Open(t)
	_, invite := platformtest.Event(t, p, "tracks", "Summer")
	spam, _, _ := p.Join(ctx, invite, "Spam")
	calm, _, _ := p.Join(ctx, invite, "Calm")
	var spams []store.Submission
	for range 3 {
		s, err := p.Submit(ctx, spam, "kit.zip", platformtest.KitZip(t, "tracks", "python", nil))
		if err != nil {
			t.Fatal(err)
		}
		spams = append(spams, s)
	}
	one, err := p.Submit(ctx, calm, "kit.zip", platformtest.KitZip(t, "tracks", "python", nil))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.StartJobs(ctx, worker.Options{Workers: 1, PollInterval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	for _, s := range spams[:2] {
		if got := platformtest.WaitBuilt(t, p, s.ID); got.Status != store.StatusFailed || !strings.Contains(got.Error, "replaced") {
			t.Errorf("an upload replaced while queued: %+v", got)
		}
	}
	last := platformtest.WaitBuilt(t, p, spams[2].ID)
	calmed := platformtest.WaitBuilt(t, p, one.ID)
	if last.Status != store.StatusReady || calmed.Status != store.StatusReady {
		t.Fatalf("the last uploads: %+v, %+v", last, calmed)
	}
	if calmed.Built.After(last.Built) {
		t.Errorf("the team that uploaded once was built at %v, after the team that uploaded three times (%v)", calmed.Built, last.Built)
	}
}

// A team over its storage cap loses its oldest submissions' files first,
// never its active one's; the evicted one stays listed, failed, with why.
func TestTeamStorageEvictsTheOldest(t *testing.T) {
	platformtest.NeedSandbox(t)
	ctx := context.Background()
	p := platformtest.Open(t)
	_, invite := platformtest.Event(t, p, "tracks", "Summer")
	owls, _, _ := p.Join(ctx, invite, "Owls")
	// every build is over the cap: only the active one stays
	if err := p.StartJobs(ctx, worker.Options{Workers: 1, TeamStorage: 1, PollInterval: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	var subs []store.Submission
	for i := range 2 {
		// two trees (the same one twice would share its build)
		s, err := p.Submit(ctx, owls, "kit.zip", platformtest.KitZip(t, "tracks", "python", map[string]string{"NOTES.txt": fmt.Sprint(i)}))
		if err != nil {
			t.Fatal(err)
		}
		if got := platformtest.WaitBuilt(t, p, s.ID); got.Status != store.StatusReady {
			t.Fatalf("build %d: %+v", s.ID, got)
		}
		subs = append(subs, s)
	}
	// the eviction follows the newer build's end: the submission is
	// marked first (a crash then leaves files to evict again, never a
	// ready submission without them), its files removed after
	var old store.Submission
	gone := func(path string) bool { _, err := os.Stat(path); return os.IsNotExist(err) }
	platformtest.WaitFor(t, time.Minute, "the oldest submission evicted", func() bool {
		old, _ = p.Store.Submission(ctx, subs[0].ID)
		return old.Status == store.StatusFailed && gone(p.Builds.UploadPath(old.ID)) && gone(p.Builds.BuildDir(old.ID))
	})
	if !strings.Contains(old.Error, "storage was over its cap") {
		t.Errorf("the oldest submission: %+v", old)
	}
	if tm, _ := p.Store.Team(ctx, owls.ID); tm.Active != subs[1].ID {
		t.Fatalf("active %d, want %d", tm.Active, subs[1].ID)
	}
	if _, err := os.Stat(p.Builds.BuildDir(subs[1].ID)); err != nil {
		t.Errorf("the active build's tree: %v", err)
	}
}
