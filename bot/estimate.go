package bot

import "time"

// cpuEstimate stands in for most of a bot's whole CPU reads (Process.CPU:
// its group's counter, or its process tree in /proc) when the bot is one
// thread: that thread's own CPU time, which the runner reads anyway with
// its wait for a CPU (waitWatch, one file), added to the last whole read.
//
// The thread's file shows nothing of a thread or a child started since
// the watch last looked (every lookEvery reads, and every fresh one), whose
// CPU would come late, at the next whole read. So the estimate is used
// only once treeEvery whole reads in a row, one a call, have agreed with
// it -- a JVM or a Go runtime that started as one thread has more by then,
// and the bots that start children do so on their first turns -- and
// never again once a whole read, made every treeEvery calls, disagrees.
// A fresh call always reads the whole: there the runner decides on a
// timeout.
type cpuEstimate struct {
	calls int
	// The last whole read, the thread's CPU time then, and how many
	// threads the watch had found by then (0: no whole read yet).
	base, baseRun time.Duration
	added         int
	agreed        int  // whole reads in a row that agreed with the estimate
	off           bool // one did not: whole reads only, for good
}

// estimateSlack is how far a whole read may be from the estimate and
// agree: the group's counter and the thread's are the same kernel count,
// read a few microseconds apart while the bot waits for its prompt.
const estimateSlack = 200 * time.Microsecond

// estimate returns the bot's CPU time from its thread's, run, when it can
// stand for a whole read on this call.
func (e *cpuEstimate) estimate(run time.Duration, w *waitWatch, fresh bool) (time.Duration, bool) {
	e.calls++
	if fresh || e.off || e.agreed < treeEvery || e.calls%treeEvery == 0 || !e.oneThread(w) {
		return 0, false
	}
	return e.base + run - e.baseRun, true
}

// whole takes a whole read, cpu, with the thread's CPU time then, run.
func (e *cpuEstimate) whole(cpu, run time.Duration, w *waitWatch) {
	if e.oneThread(w) {
		if d := cpu - (e.base + run - e.baseRun); d > estimateSlack || d < -estimateSlack {
			e.off = true
		}
		e.agreed++
	} else {
		e.agreed = 0
	}
	e.base, e.baseRun, e.added = cpu, run, w.added
}

// oneThread reports whether the watch follows one thread, the same as at
// the last whole read: a thread found since brings all it has run, part of
// which that read counted.
func (e *cpuEstimate) oneThread(w *waitWatch) bool {
	return e.added > 0 && w.added == e.added && len(w.tasks) == 1
}
