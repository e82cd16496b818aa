package bot

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/internal/cpuhog"
)

func TestParseSchedstat(t *testing.T) {
	cases := []struct {
		in        string
		run, wait time.Duration
		ok        bool
	}{
		{"160832203 23058724 538\n", 160832203, 23058724, true},
		{"0 0 1", 0, 0, true},
		{"1 2", 0, 0, false},
		{"1 -2 3", 0, 0, false},
		{"1 x 3", 0, 0, false},
		{"x 1 3", 0, 0, false},
		{"", 0, 0, false},
		{"1 99999999999999999999 3", 0, 0, false},
		{"99999999999999999999 1 3", 0, 0, false},
		{"5\t7\t3", 5, 7, true},
	}
	for _, c := range cases {
		run, wait, ok := parseSchedstat([]byte(c.in))
		if ok != c.ok || ok && (run != c.run || wait != c.wait) {
			t.Errorf("parseSchedstat(%q) = %v, %v, %v; want %v, %v, %v", c.in, run, wait, ok, c.run, c.wait, c.ok)
		}
	}
}

// FuzzParseSchedstat: whatever the file holds, no panic, and it is read
// when, and only when, its first two fields are counts of nanoseconds,
// which it returns.
func FuzzParseSchedstat(f *testing.F) {
	f.Add([]byte("160832203 23058724 538\n"))
	f.Add([]byte("1\t2\t3"))
	f.Add([]byte(" 1 2"))
	f.Fuzz(func(t *testing.T, b []byte) {
		run, wait, ok := parseSchedstat(b)
		fs := strings.FieldsFunc(string(b), func(r rune) bool { return r < 128 && isBlank(byte(r)) })
		count := func(s string) (time.Duration, bool) {
			if len(s) > 18 || strings.Trim(s, "0123456789") != "" {
				return 0, false
			}
			n, err := strconv.ParseInt(s, 10, 64)
			return time.Duration(n), err == nil
		}
		want := len(fs) >= 3
		var r, w time.Duration
		if want {
			var ok1, ok2 bool
			r, ok1 = count(fs[0])
			w, ok2 = count(fs[1])
			want = ok1 && ok2
		}
		if ok != want || ok && (run != r || wait != w) {
			t.Errorf("parseSchedstat(%q) = %v, %v, %v; want %v, %v, %v", b, run, wait, ok, r, w, want)
		}
	})
}

// A bot that computes beside a CPU hog on every core is kept waiting for a
// CPU, its children too; one that sleeps is not, however busy the machine.
// Its threads are found in its control group, or without one in its
// process tree.
func TestWaitedBesideCPUHogs(t *testing.T) {
	stop, err := cpuhog.Start(0)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	t.Run("group", func(t *testing.T) {
		if len(machineCgroups()) == 0 {
			t.Skip("this machine gives Arena no control group")
		}
		checkWaited(t, nil)
	})
	t.Run("tree", func(t *testing.T) { checkWaited(t, []cgroupPlace{}) })
}

func checkWaited(t *testing.T, places []cgroupPlace) {
	busy := startProcess(t, &Process{Argv: []string{"/bin/sh", "-c", "while :; do :; done & while :; do :; done"}, cgroups: places})
	idle := startProcess(t, &Process{Argv: []string{"sleep", "30"}, cgroups: places})
	if (busy.group == nil) != (places != nil) {
		t.Fatalf("the bot's group is %v", busy.group)
	}
	// The sleeping bot waits for a CPU while it starts (exec, the
	// loader): its figure counts from when it sleeps.
	asleep(t, idle.Pid())
	w0, _ := busy.Waited(true)
	i0, _ := idle.Waited(true)
	c0, _ := busy.FreshCPU()
	t0 := time.Now()
	time.Sleep(400 * time.Millisecond)
	w1, ok := busy.Waited(true)
	if !ok {
		t.Fatal("a process bot's wait is not known")
	}
	i1, _ := idle.Waited(true)
	c1, _ := busy.FreshCPU()
	wall := time.Since(t0)
	waited, cpu := w1-w0, c1-c0
	t.Logf("busy bot (two processes): %v waited, %v CPU in %v; sleeping bot: %v waited", waited, cpu, wall, i1-i0)
	// Two busy processes among at least twice as many hogs per core: each
	// gets a third of a core at best, so together they wait more than the
	// whole span.
	if waited < wall/2 {
		t.Errorf("the busy bot waited %v for a CPU in %v beside hogs on every core", waited, wall)
	}
	// Its processes' time is spent either on a CPU or waiting for one. A
	// wait is counted when it ends, so one that began before the first
	// reading counts whole: each process may add one, at most 200 ms on
	// this loaded a machine.
	if cpu+waited > 2*(wall+200*time.Millisecond) {
		t.Errorf("the busy bot's %v of CPU and %v of waiting exceed its two processes' %v", cpu, waited, 2*wall)
	}
	if i1-i0 > 10*time.Millisecond {
		t.Errorf("a sleeping bot waited %v for a CPU", i1-i0)
	}
}

// BenchmarkWaited is the per-turn cost of the wait figure for a
// single-threaded bot: one pread of its thread's schedstat (and a look
// for new threads every 10th call).
func BenchmarkWaited(b *testing.B) {
	for _, c := range []struct {
		name   string
		places []cgroupPlace
	}{{"group", nil}, {"tree", []cgroupPlace{}}} {
		b.Run(c.name, func(b *testing.B) {
			p := &Process{Argv: []string{"sleep", "30"}, cgroups: c.places}
			if err := p.Start(b.Context()); err != nil {
				b.Fatal(err)
			}
			defer p.Close(0)
			for b.Loop() {
				p.Waited(false)
			}
		})
	}
}

// BenchmarkFigures measures what the runner reads at each turn's
// resolution, a sleeping process bot's CPU and wait figures: together
// (Process.Figures), and apart (CPU, then Waited) as before.
func BenchmarkFigures(b *testing.B) {
	for _, c := range []struct {
		name   string
		places []cgroupPlace
	}{{"group", nil}, {"tree", []cgroupPlace{}}} {
		p := &Process{Argv: []string{"sleep", "30"}, cgroups: c.places}
		if err := p.Start(b.Context()); err != nil {
			b.Fatal(err)
		}
		b.Run(c.name+"/together", func(b *testing.B) {
			for b.Loop() {
				p.Figures(false)
			}
		})
		b.Run(c.name+"/apart", func(b *testing.B) {
			for b.Loop() {
				p.CPU()
				p.Waited(false)
			}
		})
		p.Close(0)
	}
}

// asleep waits until process pid sleeps (state S), up to 10 s.
func asleep(t *testing.T, pid int) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(time.Millisecond) {
		if st, ok := procStat(pid); ok && st.state == "S" {
			return
		}
	}
	t.Fatalf("process %d never slept", pid)
}
