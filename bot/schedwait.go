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
type waitWatch struct {
	threads func() []int // the bot's threads now
	tasks   map[int]*waitTask
	ended   time.Duration // what the threads no longer there had waited
	reads   int
	buf     [256]byte
}

// lookEvery is how often read looks for new threads unasked: a look costs
// 100-200 µs on a loaded machine (a directory or a cgroup file), a read
// one pread per thread (measured: BenchmarkWaited).
const lookEvery = 1000

type waitTask struct {
	f    *os.File
	last time.Duration
}

func newWaitWatch(threads func() []int) *waitWatch {
	return &waitWatch{threads: threads, tasks: map[int]*waitTask{}}
}

// read returns the time the bot's threads have waited for a CPU so far;
// fresh looks for new threads first. The figure never decreases.
func (w *waitWatch) read(fresh bool) time.Duration {
	if fresh || w.reads%lookEvery == 0 {
		w.look()
	}
	w.reads++
	total := w.ended
	for tid, t := range w.tasks {
		n, _ := pread0(t.f, w.buf[:])
		d, ok := parseRunDelay(w.buf[:n])
		if !ok {
			// The thread has ended: it keeps what it had waited.
			w.ended += t.last
			total += t.last
			t.f.Close()
			delete(w.tasks, tid)
			continue
		}
		t.last = max(t.last, d)
		total += t.last
	}
	return total
}

// runnable tells whether a watched thread is runnable now (state R of
// /proc/TID/stat: running or waiting for a CPU).
func (w *waitWatch) runnable() bool {
	for tid := range w.tasks {
		if st, ok := procStat(tid); ok && st.state == "R" {
			return true
		}
	}
	return false
}

// look opens the schedstat file of every thread not yet watched.
func (w *waitWatch) look() {
	for _, tid := range w.threads() {
		if _, ok := w.tasks[tid]; ok {
			continue
		}
		f, err := os.Open("/proc/" + strconv.Itoa(tid) + "/schedstat")
		if err != nil {
			continue
		}
		w.tasks[tid] = &waitTask{f: f}
	}
}

// close releases the files; the figure stays what it was.
func (w *waitWatch) close() {
	for tid, t := range w.tasks {
		w.ended += t.last
		t.f.Close()
		delete(w.tasks, tid)
	}
	w.threads = func() []int { return nil }
}

// parseRunDelay reads the run_delay field of /proc/TID/schedstat:
// "time on CPU, time waiting for a CPU, timeslices", in nanoseconds. It
// is read for every bot every turn: it does not allocate.
func parseRunDelay(b []byte) (time.Duration, bool) {
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
	if n < len(fields) || len(fields[1]) > 18 {
		return 0, false
	}
	var d int64
	for _, c := range fields[1] {
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
