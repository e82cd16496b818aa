package bot

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/seed27749672/arena/sandbox"
	"github.com/seed27749672/arena/sandbox/sandboxtest"
)

// Figures' CPU time, taken from the threads' own files between whole
// reads, matches a whole read for a bot that computes in its own thread,
// turn after turn; and the CPU of a child it starts, which those files do
// not show, counts within treeEvery calls, and at once on a fresh call.
func TestFiguresAddUp(t *testing.T) {
	for _, c := range []struct {
		name   string
		places []cgroupPlace
	}{{"group", nil}, {"tree", []cgroupPlace{}}} {
		t.Run(c.name, func(t *testing.T) {
			if c.places == nil && len(machineCgroups()) == 0 {
				t.Skip("this machine gives Arena no control group")
			}
			t.Run("own thread", func(t *testing.T) {
				checkOwnThread(t, &Process{Argv: shLoop, cgroups: c.places}, true)
			})
			// As a sandbox's bot: under a parent that waits for it. The
			// tree counts live children in clock ticks, which the
			// threads' nanoseconds never agree with: read whole there.
			t.Run("under a parent", func(t *testing.T) {
				p := &Process{Argv: []string{"/bin/sh", "-c", "sh -c '" + shLoop[2] + "'; :"}, cgroups: c.places}
				checkOwnThread(t, p, c.places == nil)
			})
			t.Run("children", func(t *testing.T) { checkChildren(t, c.places) })
		})
	}
}

// spin is a shell loop of about 20 ms of CPU here; bigSpin of about 100
// ms, so that three of them stand out of the tree's clock ticks (10 ms a
// child) on a machine several times faster.
const (
	spin    = `i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done`
	bigSpin = `i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done`
)

// turn sends a line to p and waits for its answer, then for p to sleep
// (blocked on its next read), so that its figures stand still.
func turn(t *testing.T, p *Process, line string) {
	t.Helper()
	if err := p.Send([]byte(line), time.Now().Add(10*time.Second)); err != nil {
		t.Fatal(err)
	}
	select {
	case <-p.Lines():
	case <-time.After(30 * time.Second):
		t.Fatal("no answer")
	}
	quiet(t, p)
}

// shLoop is a bot that computes about 20 ms a turn, in its own thread.
var shLoop = []string{"/bin/sh", "-c", "while read l; do " + spin + "; echo done; done"}

// A contained bot's figures come from its own thread, not from its
// sandbox's processes, which wait for it: its waits are its own, and its
// CPU is read from the same file most turns.
func TestSandboxedFigures(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	p := &Process{Argv: shLoop, Sandbox: &sandbox.Limits{}}
	checkOwnThread(t, p, p.group != nil || len(machineCgroups()) > 0)
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.waits.tasks) != 1 {
		t.Fatalf("the watch follows %d threads, want the bot's one", len(p.waits.tasks))
	}
	if b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", p.waits.tasks[0].tid)); string(b) != "sh\n" {
		t.Errorf("the watch follows %q, want the bot (sh)", b)
	}
}

// A contained bot starts after its sandbox's processes, which the watch
// leaves out: a watch that found nothing at its first look (as the
// runner's, right after the start) looks again at the next read.
func TestSandboxedBotFoundAtOnce(t *testing.T) {
	sandboxtest.NeedSandbox(t)
	p := &Process{Argv: shLoop, Sandbox: &sandbox.Limits{}}
	startProcess(t, p)
	p.Figures(true)
	p.mu.Lock()
	n := len(p.waits.tasks)
	p.mu.Unlock()
	if n > 0 {
		t.Skip("the bot had started by the first look: nothing to check")
	}
	quiet(t, p)
	turn(t, p, "go")
	p.Figures(false)
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.waits.tasks) != 1 {
		t.Fatalf("after its first turn, the watch follows %d threads, want the bot's", len(p.waits.tasks))
	}
}

func checkOwnThread(t *testing.T, p *Process, estimated bool) {
	startProcess(t, p)
	quiet(t, p)
	p.Figures(true)
	for i := range 3 * treeEvery {
		turn(t, p, "go")
		got, _, ok := p.Figures(false)
		whole := wholeCPU(t, p)
		if !ok {
			t.Fatal("a process bot's figures are not known")
		}
		// The tree's figure counts its children in clock ticks: none here.
		if d := whole - got; d < 0 || d > time.Millisecond {
			t.Fatalf("turn %d: Figures says %v of CPU, a whole read %v", i, got, whole)
		}
	}
	if estimated && (p.est.off || p.est.agreed < treeEvery) {
		t.Errorf("the bot is read whole every turn: %+v", p.est)
	}
}

func checkChildren(t *testing.T, places []cgroupPlace) {
	// A bot of one thread for treeEvery turns and more, whose work then
	// goes to a child each turn: a process the watch has not seen.
	p := startProcess(t, &Process{Argv: []string{"/bin/sh", "-c", `while read l; do if [ "$l" = kid ]; then sh -c '` + bigSpin + `'; else ` + spin + `; fi; echo done; done`}, cgroups: places})
	quiet(t, p)
	p.Figures(true)
	for range treeEvery + 2 {
		turn(t, p, "own")
		p.Figures(false)
	}
	start := wholeCPU(t, p)
	for range 3 {
		turn(t, p, "kid")
		p.Figures(false)
	}
	whole := wholeCPU(t, p)
	if whole-start < 30*time.Millisecond {
		t.Fatalf("three turns of children took %v of CPU: too little to tell", whole-start)
	}
	var got time.Duration
	for range treeEvery {
		got, _, _ = p.Figures(false)
	}
	// The tree counts ended children in clock ticks: 10 ms a child at most.
	if whole-got > 30*time.Millisecond {
		t.Errorf("after %d calls Figures says %v of CPU for the children, a whole read %v: their CPU is missing", treeEvery, got-start, whole-start)
	}
	// Having seen CPU its thread did not show, it reads the whole each call.
	turn(t, p, "kid")
	got, _, _ = p.Figures(false)
	if now := wholeCPU(t, p); now-got > 10*time.Millisecond {
		t.Errorf("after a child's turn Figures says %v, a whole read %v", got, now)
	}
	turn(t, p, "kid")
	fresh, _, _ := p.Figures(true)
	if now := wholeCPU(t, p); now-fresh > 10*time.Millisecond {
		t.Errorf("a fresh call says %v, a whole read right after %v", fresh, now)
	}
}

// estimateRun drives a cpuEstimate as Process.Figures does, for a bot of
// one thread whose whole reads are 100 ms more than its thread's CPU time,
// which grows by 1 ms a call.
type estimateRun struct {
	e     cpuEstimate
	one   *waitWatch
	run   int
	extra time.Duration // added to the next whole read: CPU the thread did not show
}

func newEstimateRun() *estimateRun {
	return &estimateRun{one: &waitWatch{tasks: []*waitTask{{tid: 1}}, added: 1}}
}

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

// next makes one call; it returns the estimate, if one was made.
func (r *estimateRun) next(fresh bool) (time.Duration, bool) {
	r.run++
	d, ok := r.e.estimate(ms(r.run), r.one, fresh)
	if !ok {
		r.e.whole(ms(100+r.run)+r.extra, ms(r.run), r.one)
		r.extra = 0
	}
	return d, ok
}

// TestCPUEstimate: when cpuEstimate stands for a whole read, and what it
// says then.
func TestCPUEstimate(t *testing.T) {
	r := newEstimateRun()
	// The first whole read has nothing to agree with.
	for i := range treeEvery + 1 {
		if _, ok := r.next(false); ok {
			t.Fatalf("call %d estimated before %d whole reads agreed", i+1, treeEvery)
		}
	}
	for range 3 * treeEvery {
		d, ok := r.next(false)
		if want := r.e.calls%treeEvery != 0; ok != want {
			t.Fatalf("call %d: estimated %v, want %v (a whole read every %d calls)", r.e.calls, ok, want, treeEvery)
		}
		if ok && d != ms(100+r.run) {
			t.Fatalf("call %d: estimate %v, want %v", r.e.calls, d, ms(100+r.run))
		}
	}
	if _, ok := r.next(true); ok {
		t.Fatal("a fresh call was estimated")
	}
	two := &waitWatch{tasks: []*waitTask{{tid: 1}, {tid: 2}}, added: 2}
	if _, ok := r.e.estimate(ms(r.run), two, false); ok {
		t.Fatal("estimated with a thread found since the whole read")
	}
}

// Whole reads that disagree with the estimate: the watch looks again and
// the agreement starts over, maxRelooks times; then whole reads for good.
func TestCPUEstimateDisagreements(t *testing.T) {
	r := newEstimateRun()
	for i := range maxRelooks + 1 {
		for r.e.calls%treeEvery != treeEvery-1 || r.e.agreed < treeEvery {
			r.next(false)
		}
		r.extra = 2 * estimateSlack
		r.next(false)
		if i < maxRelooks && (!r.one.lookNext || r.e.agreed != 0 || r.e.off) {
			t.Fatalf("disagreement %d: look again %v, agreed %d, off %v", i+1, r.one.lookNext, r.e.agreed, r.e.off)
		}
		r.one.lookNext = false
		r.e.base -= 2 * estimateSlack // (the estimate goes on from that whole read)
	}
	if !r.e.off {
		t.Fatalf("still estimated after %d disagreements", maxRelooks+1)
	}
	for range 2 * treeEvery {
		if _, ok := r.next(false); ok {
			t.Fatal("estimated after the last disagreement")
		}
	}
}

// quiet waits until p's bot has threads, every one asleep (in a sandbox:
// the bot's, not the sandbox's), up to 10 s.
func quiet(t *testing.T, p *Process) {
	t.Helper()
	list := p.threads()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(time.Millisecond) {
		tids := list()
		n := 0
		for _, tid := range tids {
			if st, ok := procStat(tid); ok && st.state == "S" {
				n++
			}
		}
		if n > 0 && n == len(tids) {
			return
		}
	}
	t.Fatal("the bot never slept")
}

// wholeCPU reads p's CPU time as Process.CPU does on a fresh call, without
// touching p's figures (CPU never returns less than it did).
func wholeCPU(t *testing.T, p *Process) time.Duration {
	t.Helper()
	if p.group != nil {
		d, ok := p.group.cpu()
		if !ok {
			t.Fatal("the group's CPU cannot be read")
		}
		return d
	}
	own, ok1 := cpuClock(p.Pid())
	kids, _, ok2 := descendantsCPU(p.Pid())
	if !ok1 || !ok2 {
		t.Fatal("the process's CPU cannot be read")
	}
	return own + kids
}
