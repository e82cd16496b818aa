package bot

import (
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// waitWatch adds up the time a bot's threads were runnable but not
// running: ready to compute, kept waiting for a CPU by the machine. The
// kernel keeps it per thread (run_delay, the second field of
// /proc/TID/schedstat, in nanoseconds). A bot's threads are found from its
// control group's thread list, or without a group from its process tree;
// each thread's file is kept open, so a turn costs one pread per thread.
// The list is looked at again every lookEvery reads and on a fresh read
// (every deadline the runner checks), so a thread that starts and ends
// between two looks is not counted; one that ended after a look keeps what
// it had then, and one found late brings all it had waited since it began.
// The same files give each thread's CPU time (the first field), which
// Process.Figures adds up in place of a read of the whole bot's CPU.
type waitWatch struct {
	threads func() []int // the bot's threads now
	tasks   []*waitTask  // a slice, not a map: read every turn, ranged over cheaply
	// what the threads no longer there had waited, and run
	ended, endedRun time.Duration
	reads           int
	added           int  // threads look found, ever: a new one brings all it has run
	lookNext        bool // look at the next read (cpuEstimate)
	emptyLooks      int  // looks that found no thread
	buf             [256]byte
}

// lookEvery is how often read looks for new threads unasked: a look costs
// 100-200 µs on a loaded machine (a directory or a cgroup file), a read
// one pread per thread (measured: BenchmarkWaited).
const lookEvery = 1000

// maxEmptyLooks bounds the looks read makes because it watches no thread
// yet: a bot that is gone has none for good.
const maxEmptyLooks = 16

type waitTask struct {
	tid       int
	f         *os.File
	fd        int // f's descriptor, taken once (see sysFD)
	last, run time.Duration
}

func newWaitWatch(threads func() []int) *waitWatch {
	return &waitWatch{threads: threads}
}

// read returns the time the bot's threads have waited for a CPU so far;
// fresh looks for new threads first. The figure never decreases.
func (w *waitWatch) read(fresh bool) time.Duration {
	wait, _ := w.readBoth(fresh)
	return wait
}

// readBoth is read, and returns as well the CPU time of the threads it
// watches and of those it saw end: the bot's CPU time, less what threads
// it has not looked at yet used (a thread or a child started since the
// last look).
func (w *waitWatch) readBoth(fresh bool) (wait, run time.Duration) {
	if fresh || w.lookNext || w.reads%lookEvery == 0 {
		w.look()
		w.lookNext = false
	}
	w.reads++
	if len(w.tasks) == 0 && w.emptyLooks < maxEmptyLooks {
		// Nothing to watch yet (a sandbox's bot starts after its
		// sandbox's processes, which are not watched): look again next
		// time, a few times.
		w.emptyLooks++
		w.lookNext = true
	}
	live := w.tasks[:0]
	for _, t := range w.tasks {
		n, _ := pread(t.fd, w.buf[:])
		r, d, ok := parseSchedstat(w.buf[:n])
		if !ok {
			// The thread has ended: it keeps what it had waited and run.
			w.ended += t.last
			w.endedRun += t.run
			t.f.Close()
			continue
		}
		t.last, t.run = max(t.last, d), max(t.run, r)
		live = append(live, t)
	}
	clear(w.tasks[len(live):])
	w.tasks = live
	wait, run = w.ended, w.endedRun
	for _, t := range w.tasks {
		wait += t.last
		run += t.run
	}
	return wait, run
}

// runnable tells whether a watched thread is runnable now (state R of
// /proc/TID/stat: running or waiting for a CPU).
func (w *waitWatch) runnable() bool {
	for _, t := range w.tasks {
		if st, ok := procStat(t.tid); ok && st.state == "R" {
			return true
		}
	}
	return false
}

// look opens the schedstat file of every thread not yet watched.
func (w *waitWatch) look() {
	for _, tid := range w.threads() {
		if w.watches(tid) {
			continue
		}
		f, err := os.Open("/proc/" + strconv.Itoa(tid) + "/schedstat")
		if err != nil {
			continue
		}
		w.tasks = append(w.tasks, &waitTask{tid: tid, f: f, fd: sysFD(f)})
		w.added++
	}
}

func (w *waitWatch) watches(tid int) bool {
	for _, t := range w.tasks {
		if t.tid == tid {
			return true
		}
	}
	return false
}

// close releases the files; the figure stays what it was.
func (w *waitWatch) close() {
	for _, t := range w.tasks {
		w.ended += t.last
		w.endedRun += t.run
		t.f.Close()
	}
	w.tasks = nil
	w.threads = func() []int { return nil }
}

// parseSchedstat reads /proc/TID/schedstat: "time on CPU, time waiting
// for a CPU, timeslices", in nanoseconds; it returns the first two. It is
// read for every bot every turn: it does not allocate.
func parseSchedstat(b []byte) (run, wait time.Duration, ok bool) {
	var fields [3][]byte
	n := 0
	for i := 0; i < len(b) && n < len(fields); {
		for i < len(b) && isBlank(b[i]) {
			i++
		}
		j := i
		for j < len(b) && !isBlank(b[j]) {
			j++
		}
		if j > i {
			fields[n] = b[i:j]
			n++
		}
		i = j
	}
	if n < len(fields) {
		return 0, 0, false
	}
	r, ok1 := parseNanos(fields[0])
	d, ok2 := parseNanos(fields[1])
	return r, d, ok1 && ok2
}

// parseNanos reads a count of nanoseconds, at most 18 digits (no overflow).
func parseNanos(f []byte) (time.Duration, bool) {
	if len(f) > 18 {
		return 0, false
	}
	var d int64
	for _, c := range f {
		if c < '0' || c > '9' {
			return 0, false
		}
		d = d*10 + int64(c-'0')
	}
	return time.Duration(d), true
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

// groupThreads lists the threads of every process in a control group:
// version 1's tasks file, version 2's cgroup.threads.
func groupThreads(dir string, v2 bool) []int {
	name := "tasks"
	if v2 {
		name = "cgroup.threads"
	}
	b, _ := os.ReadFile(filepath.Join(dir, name))
	return pids(b)
}

// treeThreads lists the threads of process pid and of its live
// descendants, from /proc.
func treeThreads(pid int) []int {
	tasks, err := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/task")
	if err != nil {
		return nil
	}
	var out []int
	for _, t := range tasks {
		if tid, err := strconv.Atoi(t.Name()); err == nil {
			out = append(out, tid)
		}
	}
	for _, c := range children(pid) {
		out = append(out, treeThreads(c)...)
	}
	return out
}
