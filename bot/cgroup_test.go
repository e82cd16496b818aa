package bot

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/seed27749672/arena/sandbox"
)

// modes runs f once for each way Arena can follow a bot's processes on
// this machine: a version 2 group, a version 1 (cpuacct) group, and none
// (/proc, the process group and the environment marker). A mode the
// machine does not offer (not root, no such hierarchy) is skipped.
func modes(t *testing.T, f func(t *testing.T, cgroups []cgroupPlace)) {
	var v1, v2 []cgroupPlace
	for _, pl := range cgroupPlaces(CgroupRoot) {
		if pl.v2 && v2 == nil {
			v2 = []cgroupPlace{pl}
		}
		if !pl.v2 && v1 == nil {
			v1 = []cgroupPlace{pl}
		}
	}
	for _, m := range []struct {
		name  string
		place []cgroupPlace
	}{{"no cgroup", []cgroupPlace{}}, {"cgroup v1", v1}, {"cgroup v2", v2}} {
		t.Run(m.name, func(t *testing.T) {
			if m.place == nil {
				t.Skip("no such hierarchy at " + CgroupRoot)
			}
			if len(m.place) > 0 {
				g, err := newBotGroup(m.place, "probe."+strconv.Itoa(os.Getpid()))
				if err != nil {
					t.Skipf("cannot make a group: %v", err)
				}
				g.remove()
			}
			f(t, m.place)
		})
	}
}

// startIn starts p with its groups made in cgroups, and checks that it got
// one exactly when it was asked to.
func startIn(t *testing.T, p *Process, cgroups []cgroupPlace) *Process {
	t.Helper()
	p.cgroups = cgroups
	startProcess(t, p)
	if (p.group != nil) != (len(cgroups) > 0) {
		t.Fatalf("group %v with places %v", p.group, cgroups)
	}
	return p
}

func TestCPUTime(t *testing.T) {
	modes(t, func(t *testing.T, cgroups []cgroupPlace) {
		// A child that burns CPU counts for the bot once it has been
		// waited for.
		p := startIn(t, &Process{Argv: Command(`sh -c 'read l; i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; echo done; read l'`)}, cgroups)
		if got, ok := roundTrip(t, p, "go", 20*time.Second); !ok || got != "done" {
			t.Fatalf("answer %q", got)
		}
		d, ok := p.CPU()
		if !ok || d < 50*time.Millisecond {
			t.Fatalf("CPU %v ok=%v, want a busy loop's worth", d, ok)
		}
	})
}

// The CPU time is read in nanoseconds (the process's CPU clock, or the
// group's counter; microseconds in version 2), not in /proc's clock ticks.
func TestCPUTimeIsPrecise(t *testing.T) {
	modes(t, func(t *testing.T, cgroups []cgroupPlace) {
		p := startIn(t, &Process{Argv: Command(`sh -c 'read l; i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; echo done; read l'`)}, cgroups)
		if got, ok := roundTrip(t, p, "go", 20*time.Second); !ok || got != "done" {
			t.Fatalf("answer %q", got)
		}
		d, ok := p.CPU()
		if !ok || d <= 0 {
			t.Fatalf("CPU %v ok=%v", d, ok)
		}
		if d%clockTick == 0 {
			t.Errorf("CPU %v is a whole number of clock ticks: read from /proc", d)
		}
	})
}

// A live child's CPU time counts for the bot: at once with FreshCPU, and on
// every CPU call once the bot is known to have children (a group counts it
// on every call anyway).
func TestCPUTimeOfLiveChildren(t *testing.T) {
	modes(t, func(t *testing.T, cgroups []cgroupPlace) {
		p := startIn(t, &Process{Argv: Command(`sh -c 'read l; sh -c "i=0; while [ \$i -lt 300000 ]; do i=\$((i+1)); done; sleep 100" & echo started; read l'`)}, cgroups)
		if got, ok := roundTrip(t, p, "go", 20*time.Second); !ok || got != "started" {
			t.Fatalf("answer %q", got)
		}
		own := func() time.Duration { d, _ := cpuClock(p.Pid()); return d }
		// Wait until the child has burnt a good share of CPU (on a busy
		// machine this takes a while; give up after 30 s).
		var fresh time.Duration
		for start := time.Now(); time.Since(start) < 30*time.Second; time.Sleep(20 * time.Millisecond) {
			fresh, _ = p.FreshCPU()
			if fresh-own() >= 50*time.Millisecond {
				break
			}
		}
		if fresh-own() < 50*time.Millisecond {
			t.Fatalf("FreshCPU %v, the bot's own %v: the child's CPU is missing", fresh, own())
		}
		if p.group == nil && !p.kids {
			t.Fatal("the bot's live child was not noticed")
		}
		if d, _ := p.CPU(); d < fresh {
			t.Errorf("CPU %v after FreshCPU %v: the figure went down", d, fresh)
		}
	})
}

func TestCloseKillsTheGroup(t *testing.T) {
	modes(t, func(t *testing.T, cgroups []cgroupPlace) {
		p := startIn(t, &Process{Argv: Command("sh -c 'sleep 100 & sleep 100 & wait'")}, cgroups)
		time.Sleep(50 * time.Millisecond)
		pgid := p.Pid()
		if !GroupAlive(pgid) {
			t.Fatal("the group should be running")
		}
		var dir string
		if p.group != nil {
			dir = p.group.dir
		}
		e := p.Close(50 * time.Millisecond)
		if !e.Killed {
			t.Errorf("exit %+v: a bot that ignores the end of its input is killed", e)
		}
		if GroupAlive(pgid) {
			t.Fatal("the process group survived Close")
		}
		if dir != "" && fileExists(dir) {
			t.Errorf("the bot's cgroup %s is left behind", dir)
		}
	})
}

// A bot's descendants that leave its process group and its family (setsid,
// then a double fork: the daemon is orphaned) are ended with it, whether
// the bot exits by itself or is killed. With a cgroup, even one that also
// clears its environment.
func TestCloseEndsDaemons(t *testing.T) {
	modes(t, func(t *testing.T, cgroups []cgroupPlace) {
		for _, tc := range []struct {
			name, env, after string
			needGroup        bool
		}{
			{"bot exits", "", "exit 0", false},
			{"bot killed", "", "sleep 300", false},
			{"empty environment", "env -i ", "exit 0", true},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if tc.needGroup && len(cgroups) == 0 {
					t.Skip("without a cgroup, a daemon that clears its environment escapes (documented)")
				}
				pidfile := filepath.Join(t.TempDir(), "daemon.pid")
				script := tc.env + `setsid sh -c 'sleep 300 & echo $! > ` + pidfile + `'; read l; echo ok; read l; ` + tc.after
				p := startIn(t, &Process{Argv: []string{"/bin/sh", "-c", script}}, cgroups)
				if got, ok := roundTrip(t, p, "go", 10*time.Second); !ok || got != "ok" {
					t.Fatalf("answer %q", got)
				}
				daemon := readPid(t, pidfile)
				st, ok := procStat(daemon)
				if !ok || st.pgrp == p.Pid() {
					t.Fatalf("the daemon %d should run outside the bot's group: %+v %v", daemon, st, ok)
				}
				p.Close(50 * time.Millisecond)
				if err := syscall.Kill(daemon, 0); err != syscall.ESRCH {
					syscall.Kill(daemon, syscall.SIGKILL)
					t.Fatalf("the daemon %d survived Close (kill 0: %v)", daemon, err)
				}
			})
		}
	})
}

// Where no group can be made (not writable, not a cgroup file system), the
// bot runs without one.
func TestNoWritableCgroup(t *testing.T) {
	fake := t.TempDir()
	os.WriteFile(filepath.Join(fake, "cgroup.controllers"), nil, 0o644)
	places := cgroupPlaces(fake)
	if len(places) != 1 || !places[0].v2 {
		t.Fatalf("places %+v", places)
	}
	p := &Process{Argv: Command("sh -c 'read l; echo \"got $l\"; read l'"), cgroups: places}
	startProcess(t, p)
	if p.group != nil {
		t.Fatalf("a group in a directory that is not a cgroup: %s", p.group.dir)
	}
	if got, _ := roundTrip(t, p, "hi", 10*time.Second); got != "got hi" {
		t.Fatalf("answer %q", got)
	}
	if d, ok := p.CPU(); !ok || d <= 0 {
		t.Fatalf("CPU %v %v without a group", d, ok)
	}
}

func TestParseUsage(t *testing.T) {
	for _, c := range []struct {
		in   string
		v2   bool
		want time.Duration
		ok   bool
	}{
		{"123456789\n", false, 123456789, true},
		{"usage_usec 1500\nuser_usec 1000\nsystem_usec 500\n", true, 1500 * time.Microsecond, true},
		{"user_usec 1000\n", true, 0, false},
		{"x\n", false, 0, false},
	} {
		if d, ok := parseUsage([]byte(c.in), c.v2); d != c.want || ok != c.ok {
			t.Errorf("parseUsage(%q, %v) = %v %v", c.in, c.v2, d, ok)
		}
	}
}

// The bots of an Arena that died without ending them (its group is named
// after a process that no longer exists) are ended by the next Arena.
func TestSweepOrphanedGroups(t *testing.T) {
	modes(t, func(t *testing.T, cgroups []cgroupPlace) {
		if len(cgroups) == 0 {
			t.Skip("only groups outlive Arena's knowledge of them")
		}
		// A pid that is not running: a child that has ended and been reaped.
		dead := exec.Command("true")
		if err := dead.Run(); err != nil {
			t.Fatal(err)
		}
		name := strconv.Itoa(dead.Process.Pid) + ".1"
		g, err := newBotGroup(cgroups, name)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("sleep", "300")
		cmd.SysProcAttr = &syscall.SysProcAttr{}
		if err := g.start(cmd); err != nil {
			g.remove()
			t.Fatal(err)
		}
		g.usage.Close()
		swept.Delete(filepath.Dir(g.dir))
		// The next group made there sweeps the orphaned one.
		next, err := newBotGroup(cgroups, "sweep-test."+strconv.Itoa(os.Getpid()))
		if err != nil {
			t.Fatal(err)
		}
		next.remove()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Fatal("the orphaned bot was not ended")
		}
		if fileExists(g.dir) {
			t.Errorf("the orphaned group %s is left", g.dir)
		}
	})
}

// The bots of an earlier Arena that had this Arena's pid (a container's
// Arena is often pid 1 each time) are ended too: a group's owner is its
// pid and start time, not its pid alone. Such a group was taken for one of
// this Arena's own: never swept, its bots left running, and a new bot's
// group of the same name could not be made.
func TestSweepGroupsOfAnEarlierArenaWithOurPid(t *testing.T) {
	modes(t, func(t *testing.T, cgroups []cgroupPlace) {
		if len(cgroups) == 0 {
			t.Skip("only groups outlive Arena's knowledge of them")
		}
		own := strings.TrimPrefix(newMarker(), markerVar+"=")
		pid, _, _ := strings.Cut(own, ".")
		name := pid + ".1.1" // this pid, started at another moment (tick 1 after boot)
		g, err := newBotGroup(cgroups, name)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("sleep", "300")
		cmd.SysProcAttr = &syscall.SysProcAttr{}
		if err := g.start(cmd); err != nil {
			g.remove()
			t.Fatal(err)
		}
		g.usage.Close()
		swept.Delete(filepath.Dir(g.dir))
		next, err := newBotGroup(cgroups, own)
		if err != nil {
			cmd.Process.Kill()
			t.Fatal(err)
		}
		next.remove()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
			g.remove()
			t.Fatal("the earlier Arena's bot was not ended")
		}
		if fileExists(g.dir) {
			t.Errorf("the earlier Arena's group %s is left", g.dir)
		}
	})
}

// A contained bot joins its sandbox's version 2 group when it starts, so
// it is never given a version 2 group of its own (it would leave it).
func TestContainedBotsSkipVersion2(t *testing.T) {
	both := []cgroupPlace{{mount: "/v2", v2: true}, {mount: "/v1"}}
	p := &Process{cgroups: both}
	if got := p.places(); len(got) != 2 {
		t.Fatalf("places %v", got)
	}
	p.Sandbox = &sandbox.Limits{}
	if got := p.places(); len(got) != 1 || got[0].v2 {
		t.Fatalf("contained: places %v, want the version 1 one only", got)
	}
}

// Without a group, a single-threaded bot's children that ran and ended
// since the last look count on the next CPU call (its own /proc files are
// read every call), not ten calls later.
func TestCPUTimeOfEndedChildWithoutGroup(t *testing.T) {
	p := startIn(t, &Process{Argv: Command(`sh -c 'read l; sh -c "i=0; while [ \$i -lt 300000 ]; do i=\$((i+1)); done"; echo done; read l'`)}, []cgroupPlace{})
	before, _ := p.CPU() // the first call looks at the children anyway
	if got, ok := roundTrip(t, p, "go", 30*time.Second); !ok || got != "done" {
		t.Fatalf("answer %q", got)
	}
	own, _ := cpuClock(p.Pid())
	after, _ := p.CPU()
	if after-before < 50*time.Millisecond || after-own < 50*time.Millisecond {
		t.Fatalf("CPU %v -> %v (own %v): the child's busy loop is missing", before, after, own)
	}
}

func TestOwnV2Group(t *testing.T) {
	dir := t.TempDir()
	for in, want := range map[string]string{
		"12:cpuacct:/\n0::/user.slice/user-1000.slice/user@1000.service/app.slice/x.scope\n": "/user.slice/user-1000.slice/user@1000.service/app.slice/x.scope",
		"0::/\n":          "/",
		"2:cpuacct:/a\n":  "",
		"0::/a/../../b\n": "",
	} {
		f := filepath.Join(dir, "cgroup")
		os.WriteFile(f, []byte(in), 0o644)
		if got := ownV2Group(f); got != want {
			t.Errorf("ownV2Group(%q) = %q, want %q", in, got, want)
		}
	}
}

// An ordinary user whose version 2 group is delegated to them (as systemd
// does for a desktop session) gets bot groups inside it. The test makes
// such a group as root, gives it to nobody, and runs this test binary there
// as nobody (TestDelegatedHelper).
func TestDelegatedV2Group(t *testing.T) {
	var v2 *cgroupPlace
	for _, pl := range cgroupPlaces(CgroupRoot) {
		if pl.v2 && pl.base == "" {
			v2 = &pl
		}
	}
	if v2 == nil || os.Getuid() != 0 {
		t.Skip("needs root and a cgroup v2 hierarchy")
	}
	const nobody = 65534
	deleg := filepath.Join(v2.mount, "arena-deleg-test."+strconv.Itoa(os.Getpid()))
	if err := os.Mkdir(deleg, 0o755); err != nil {
		t.Skipf("cannot make a group: %v", err)
	}
	defer func() {
		for i := 0; i < 100 && syscall.Rmdir(filepath.Join(deleg, cgroupParent)) != nil && fileExists(filepath.Join(deleg, cgroupParent)); i++ {
			time.Sleep(10 * time.Millisecond)
		}
		syscall.Rmdir(deleg)
	}()
	for _, f := range []string{"", "cgroup.procs", "cgroup.threads", "cgroup.subtree_control"} {
		if err := os.Chown(filepath.Join(deleg, f), nobody, nobody); err != nil {
			t.Fatal(err)
		}
	}
	// nobody must be able to run the test binary.
	bin, err := os.MkdirTemp("", "arena-deleg")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(bin)
	os.Chmod(bin, 0o755)
	exe := filepath.Join(bin, "bot.test")
	self, _ := os.Executable()
	data, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(exe, data, 0o755); err != nil {
		t.Fatal(err)
	}
	d, err := os.Open(deleg)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	cmd := exec.Command(exe, "-test.run", "^TestDelegatedHelper$", "-test.v", "-test.count=1")
	cmd.Dir = bin
	cmd.Env = append(os.Environ(), "ARENA_TEST_DELEGATED="+deleg)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody},
		UseCgroupFD: true, CgroupFD: int(d.Fd())}
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestDelegatedHelper") {
		t.Fatalf("as nobody in %s: %v\n%s", deleg, err, out)
	}
}

// TestDelegatedHelper runs as nobody in a delegated group (see above).
func TestDelegatedHelper(t *testing.T) {
	deleg := os.Getenv("ARENA_TEST_DELEGATED")
	if deleg == "" {
		t.Skip("run by TestDelegatedV2Group")
	}
	p := startProcess(t, &Process{Argv: Command(`sh -c 'read l; i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; echo done; read l'`)})
	if p.group == nil || !strings.HasPrefix(p.group.dir, deleg+"/") {
		t.Fatalf("group %+v, want one in %s", p.group, deleg)
	}
	dir := p.group.dir
	if got, ok := roundTrip(t, p, "go", 20*time.Second); !ok || got != "done" {
		t.Fatalf("answer %q", got)
	}
	if d, ok := p.CPU(); !ok || d <= 0 || d%clockTick == 0 {
		t.Fatalf("CPU %v %v", d, ok)
	}
	p.Close(0)
	if fileExists(dir) {
		t.Fatalf("the group %s is left", dir)
	}
}

// When the thread that forked a bot into its version 1 group cannot move
// back to Arena's group, it must neither end (a thread that ends gives
// every program forked on it, other bots included, its parent-death
// signal) nor stay in the group (Go keeps its main thread when the
// goroutine locked to it ends: the group could not be removed). The test's
// program is forked on that thread as the move back fails.
func TestV1StartFailureKeepsItsThread(t *testing.T) {
	modes(t, func(t *testing.T, cgroups []cgroupPlace) {
		if len(cgroups) == 0 || cgroups[0].v2 {
			t.Skip("version 1 only: the thread that forks joins the group")
		}
		g, err := newBotGroup(cgroups, "thread-test."+strconv.Itoa(os.Getpid())+"."+strconv.FormatInt(botSeq.Add(1), 10))
		if err != nil {
			t.Fatal(err)
		}
		var other *exec.Cmd
		real := threadTo
		defer func() { threadTo = real }()
		threadTo = func(dir string) error {
			if other == nil { // the first move back out of the group
				other = exec.Command("sleep", "300")
				other.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
				if err := other.Start(); err != nil {
					t.Error(err)
					other = nil
				}
				return errors.New("refused by the test")
			}
			return real(dir)
		}
		cmd := exec.Command("sleep", "300")
		cmd.SysProcAttr = &syscall.SysProcAttr{}
		if err := g.start(cmd); err == nil {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatal("start succeeded though the thread could not move back")
		}
		if other == nil {
			t.Fatal("the hook did not run")
		}
		// A thread that ends signals its programs at once.
		done := make(chan struct{})
		go func() {
			other.Wait()
			close(done)
		}()
		select {
		case <-done:
			t.Fatal("the program forked on the thread was killed: the thread ended")
		case <-time.After(time.Second):
			other.Process.Kill()
			<-done
		}
		// Nor does the thread stay in the group (Go keeps its main thread
		// when the goroutine locked to it ends): the group can go.
		g.remove()
		if fileExists(g.dir) {
			t.Errorf("the group %s is left: the thread stayed in it", g.dir)
		}
	})
}
