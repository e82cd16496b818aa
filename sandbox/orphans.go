package sandbox

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// A sandbox is three processes seen from the host: bwrap's monitor (the
// command Wrap made, its caller's child), the PID namespace's init (the
// monitor's child, in a session of its own: --new-session) and the
// program. Killing the caller's process group kills the monitor first; the
// init dies after it (--die-with-parent), reparented meanwhile to the
// nearest child subreaper, which Arena is (bot.Process makes it one). No
// wait of Arena's waits for that process: each ended sandbox left a zombie
// until Arena stopped, enough to exhaust the machine's PIDs in hours.
//
// So each sandbox learns its init's PID from bwrap (--info-fd) and, once
// closed, hands it to the orphan reaper below, which reaps it as soon as
// it is a zombie that is Arena's child. A PID is only ever reaped when its
// start time is the one recorded, so a later process that got the same
// number is never touched, and never while it runs: it is the caller's
// child only once orphaned, and then no other wait of Arena's is for it.

// orphan is a process that may become Arena's child when it dies.
type orphan struct {
	pid   int
	start string // field 22 of its stat when it was recorded
	since time.Time
}

// orphanTimeout is how long a recorded orphan is watched: the init dies
// within milliseconds of its monitor, so one still running after that
// belongs to a parent that reaps it (or to an init that never does).
const orphanTimeout = time.Minute

var reaper = struct {
	sync.Mutex
	waiting []orphan
	wake    chan struct{}
	running bool
}{wake: make(chan struct{}, 1)}

// adopt hands a closed sandbox's init to the reaper.
func adopt(o orphan) {
	reaper.Lock()
	reaper.waiting = append(reaper.waiting, o)
	if !reaper.running {
		reaper.running = true
		go reapLoop()
	}
	reaper.Unlock()
	select {
	case reaper.wake <- struct{}{}:
	default:
	}
}

// reapLoop looks at the waiting orphans when one is added and then at
// growing intervals while some remain; it ends when none does.
func reapLoop() {
	pause := time.Millisecond
	for {
		select {
		case <-reaper.wake:
			pause = time.Millisecond
		case <-time.After(pause):
			pause = min(2*pause, 500*time.Millisecond)
		}
		reaper.Lock()
		reaper.waiting = reapSome(reaper.waiting, time.Now())
		if len(reaper.waiting) == 0 {
			reaper.running = false
			reaper.Unlock()
			return
		}
		reaper.Unlock()
	}
}

// reapSome reaps the orphans that are Arena's zombies and returns those
// still to watch.
func reapSome(waiting []orphan, now time.Time) []orphan {
	keep := waiting[:0]
	for _, o := range waiting {
		if !reapOne(o) && now.Sub(o.since) < orphanTimeout {
			keep = append(keep, o)
		}
	}
	return keep
}

// reapOne reaps o if it is Arena's zombie; it reports whether o needs no
// more watching (reaped, or gone: its parent reaped it).
func reapOne(o orphan) bool {
	st, ok := readStat(o.pid)
	if !ok || st.start != o.start {
		return true
	}
	if st.ppid != os.Getpid() || st.state != "Z" {
		return false
	}
	// A zombie child of ours: nobody else waits for it (see above), and
	// its PID cannot be reused before it is reaped.
	var ws unix.WaitStatus
	got, err := unix.Wait4(o.pid, &ws, unix.WNOHANG, nil)
	return got == o.pid || err == unix.ECHILD
}

// procStat is what the reaper reads of a process's stat.
type procStat struct {
	state, start string
	ppid         int
}

// readStat reads /proc/PID/stat; false when the process is gone.
func readStat(pid int) (procStat, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return procStat{}, false
	}
	// The name, in parentheses, may hold anything: fields start after
	// its last ')'. From the state (field 3), the start time (22) is the
	// 20th.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return procStat{}, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 20 {
		return procStat{}, false
	}
	ppid, _ := strconv.Atoi(f[1])
	return procStat{state: f[0], ppid: ppid, start: f[19]}, true
}

// infoPipe receives bwrap's --info-fd report: the PID of the sandbox's
// init, recorded with its start time.
type infoPipe struct {
	r, w *os.File
	mu   sync.Mutex
	init orphan // pid 0 until reported
	done chan struct{}
}

func newInfoPipe() (*infoPipe, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	ip := &infoPipe{r: r, w: w, done: make(chan struct{})}
	go ip.read()
	return ip, nil
}

// read decodes bwrap's one JSON object; bwrap writes it once the init
// exists, before the program starts.
func (ip *infoPipe) read() {
	defer close(ip.done)
	var info struct {
		ChildPid int `json:"child-pid"`
	}
	if err := json.NewDecoder(ip.r).Decode(&info); err != nil || info.ChildPid <= 0 {
		return
	}
	st, ok := readStat(info.ChildPid)
	if !ok {
		return
	}
	ip.mu.Lock()
	ip.init = orphan{pid: info.ChildPid, start: st.start}
	ip.mu.Unlock()
}

// close stops reading and hands the init, if reported, to the reaper.
// The read end is closed only once the report is read or the write end is
// closed (bwrap has exited or never started), so a report on its way is
// not lost.
func (ip *infoPipe) close() {
	ip.w.Close()
	select {
	case <-ip.done:
	case <-time.After(100 * time.Millisecond):
		// A monitor that still holds its end (a stalled machine) keeps the
		// pipe open: stop waiting for its report.
	}
	ip.r.Close()
	<-ip.done
	ip.mu.Lock()
	o := ip.init
	ip.mu.Unlock()
	if o.pid > 0 {
		o.since = time.Now()
		adopt(o)
	}
}
