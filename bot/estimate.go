package bot

import "time"

// cpuEstimate stands in for most of a bot's whole CPU reads (Process.CPU:
// its group's counter, or its process tree in /proc) with its threads' own
// CPU times, which the runner reads anyway with their waits for a CPU
// (waitWatch, one file a thread), added to the last whole read.
//
// Those files show nothing of a thread or a child started since the watch
// last looked, whose CPU would come late, at the next whole read. So the
// estimate is used only once treeEvery whole reads in a row, one a call,
// have agreed with it, and a whole read every treeEvery calls checks it.
// One that disagrees has the watch look again (the threads of a sandbox's
// bot may start after the first look) and the agreement start over; after
// maxRelooks of them, whole reads only, for good -- a runtime that keeps
// starting threads, a bot that starts a child every turn. A fresh call
// always reads the whole: there the runner decides on a timeout.
type cpuEstimate struct {
	calls int
	// The last whole read, the threads' CPU time then, and how many
	// threads the watch had found by then (0: no whole read yet).
	base, baseRun time.Duration
	added         int
	agreed        int  // whole reads in a row that agreed with the estimate
	relooks       int  // whole reads that did not
	off           bool // maxRelooks did not: whole reads only, for good
}

// estimateSlack is how far a whole read may be from the estimate and
// agree: the group's counter and the threads' are the same kernel count,
// read a few microseconds apart while the bot waits for its prompt (the
// tree's counts its children in clock ticks: a bot with children does not
// agree).
const estimateSlack = 200 * time.Microsecond

// maxRelooks is how many disagreements a bot is given before whole reads
// for good: each costs a look at its threads (~100 µs).
const maxRelooks = 3

// estimate returns the bot's CPU time from its threads', run, when it can
// stand for a whole read on this call.
func (e *cpuEstimate) estimate(run time.Duration, w *waitWatch, fresh bool) (time.Duration, bool) {
	e.calls++
	if fresh || e.off || e.agreed < treeEvery || e.calls%treeEvery == 0 || !e.sameThreads(w) {
		return 0, false
	}
	return e.base + run - e.baseRun, true
}

// whole takes a whole read, cpu, with the threads' CPU time then, run.
func (e *cpuEstimate) whole(cpu, run time.Duration, w *waitWatch) {
	switch {
	case !e.sameThreads(w):
		e.agreed = 0
	case abs(cpu-(e.base+run-e.baseRun)) <= estimateSlack:
		e.agreed++
	case e.relooks < maxRelooks:
		e.relooks++
		e.agreed = 0
		w.lookNext = true
	default:
		e.off = true
	}
	e.base, e.baseRun, e.added = cpu, run, w.added
}

// sameThreads reports whether the watch follows the threads it followed
// at the last whole read: a thread found since brings all it has run,
// part of which that read counted.
func (e *cpuEstimate) sameThreads(w *waitWatch) bool {
	return e.added > 0 && w.added == e.added
}

func abs(d time.Duration) time.Duration { return max(d, -d) }
