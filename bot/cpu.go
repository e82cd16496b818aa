package bot

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// clockTick is the unit of /proc/PID/stat times (USER_HZ); it is 100 on
// every Linux architecture Arena runs on.
const clockTick = 10 * time.Millisecond

// cpuClock returns the CPU time of all the threads of process pid, read
// from the kernel's CPU clock of that process (clock_getcpuclockid): one
// system call, in nanoseconds, where /proc/PID/stat costs an open, a read
// and a parse and counts in clock ticks.
func cpuClock(pid int) (time.Duration, bool) {
	if pid <= 0 {
		return 0, false
	}
	// MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED) of the kernel's headers.
	clk := int32(^pid<<3) | 2
	var ts unix.Timespec
	if err := unix.ClockGettime(clk, &ts); err != nil {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}

// descendantsCPU returns, from /proc, the CPU time the process pid's
// descendants account for: its ended children that it has waited for
// (cutime+cstime), and the whole CPU time of every live descendant. live
// tells whether it has live descendants.
func descendantsCPU(pid int) (d time.Duration, live, ok bool) {
	st, ok := procStat(pid)
	if !ok {
		return 0, false, false
	}
	ticks, live := treesTicks(children(pid))
	return time.Duration(st.cutime+st.cstime+ticks) * clockTick, live, true
}

// procWatch reads a bot's own /proc/PID/stat and its main thread's list
// of children through descriptors kept open (pread: no open, no close, no
// directory listing): a few µs, where a fresh look at the tree costs
// about 100 µs on a loaded machine.
type procWatch struct {
	pid        int
	stat, kids *os.File
	buf        []byte
}

func openProcWatch(pid int) *procWatch {
	base := "/proc/" + strconv.Itoa(pid)
	st, err := os.Open(base + "/stat")
	if err != nil {
		return nil
	}
	k, err := os.Open(base + "/task/" + strconv.Itoa(pid) + "/children")
	if err != nil {
		st.Close()
		return nil
	}
	return &procWatch{pid: pid, stat: st, kids: k, buf: make([]byte, 4096)}
}

func (w *procWatch) close() { closeAll(w.stat, w.kids) }

// descendants is descendantsCPU through the open descriptors. A bot with
// one thread has all its children in its main thread's list; one with
// several needs the task list, read only when scan is true (ok is false
// otherwise, and when the process is gone).
func (w *procWatch) descendants(scan bool) (d time.Duration, live, ok bool) {
	b, ok := preadAll(w.stat, w.buf)
	if !ok {
		return 0, false, false
	}
	st, ok := parseStat(b)
	if !ok || (st.threads != 1 && !scan) {
		return 0, false, false
	}
	var kids []int
	if st.threads == 1 {
		b, ok := preadAll(w.kids, w.buf)
		if !ok {
			return 0, false, false
		}
		kids = pids(b)
	} else {
		kids = children(w.pid)
	}
	ticks, live := treesTicks(kids)
	return time.Duration(st.cutime+st.cstime+ticks) * clockTick, live, true
}

// preadAll reads f from its start into buf, or into a bigger buffer when
// buf is too small.
func preadAll(f *os.File, buf []byte) ([]byte, bool) {
	n, err := pread0(f, buf)
	if n < len(buf) {
		return buf[:n], err == nil
	}
	b, err := os.ReadFile(f.Name())
	return b, err == nil
}

// pread0 reads f from its start into buf with one system call. The files
// read every turn (/proc, control groups) are generated whole by a read at
// offset 0 that has room for them; os.File.ReadAt would make a second call
// to find the end of the file, doubling the cost of every figure. Those
// read every turn keep their descriptor (sysFD, taken once) and call pread.
func pread0(f *os.File, buf []byte) (int, error) { return pread(sysFD(f), buf) }

// pread is pread0 on descriptor fd, whose file must stay open.
func pread(fd int, buf []byte) (int, error) {
	for {
		n, err := unix.Pread(fd, buf, 0)
		if err == unix.EINTR {
			continue
		}
		return max(n, 0), err
	}
}

// sysFD returns f's descriptor. os.File.Fd would put a file opened by
// os.Open back in blocking mode on every call, a system call each time;
// the files read here are never polled, so the descriptor is read through
// SyscallConn, which changes nothing.
func sysFD(f *os.File) int {
	fd := -1
	if rc, err := f.SyscallConn(); err == nil {
		rc.Control(func(d uintptr) { fd = int(d) })
	}
	return fd
}

func pids(b []byte) []int {
	var out []int
	for _, s := range strings.Fields(string(b)) {
		if n, err := strconv.Atoi(s); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// treeTicks returns the CPU time of process pid and its descendants in
// clock ticks: for each process, utime+stime (all its threads) plus
// cutime+cstime (its children that have ended and been waited for). Live
// children are found through /proc/PID/task/TID/children.
func treeTicks(pid int) (int64, bool) {
	st, ok := procStat(pid)
	if !ok {
		return 0, false
	}
	ticks, _ := treesTicks(children(pid))
	return st.utime + st.stime + st.cutime + st.cstime + ticks, true
}

// treesTicks returns the CPU time of the processes roots and their
// descendants in clock ticks (see treeTicks), and whether any of them was
// still there.
func treesTicks(roots []int) (ticks int64, live bool) {
	for _, c := range roots {
		if t, ok := treeTicks(c); ok {
			ticks += t
			live = true
		}
	}
	return ticks, live
}

// stat is what Arena uses of /proc/PID/stat.
type stat struct {
	state                        string
	pgrp                         int
	utime, stime, cutime, cstime int64 // clock ticks
	threads                      int
}

// procStat reads /proc/PID/stat.
func procStat(pid int) (stat, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return stat{}, false
	}
	return parseStat(b)
}

// parseStat parses the content of /proc/PID/stat.
func parseStat(b []byte) (stat, bool) {
	f := statFields(b)
	// After ')': the state is field 3, so f[0]; the process group (5) is
	// f[2]; utime (14) is f[11] ... cstime (17) f[14]; num_threads (20)
	// f[17].
	if len(f) < 18 {
		return stat{}, false
	}
	var n [6]int64
	for k, j := range []int{2, 11, 12, 13, 14, 17} {
		v, err := strconv.ParseInt(f[j], 10, 64)
		if err != nil {
			return stat{}, false
		}
		n[k] = v
	}
	return stat{state: f[0], pgrp: int(n[0]), utime: n[1], stime: n[2], cutime: n[3], cstime: n[4], threads: int(n[5])}, true
}

// statFields returns the fields of /proc/PID/stat from the state (field
// 3) on, nil when b has no command name: the command name (field 2) may
// hold spaces and parentheses, and the fields restart after its last ')'.
func statFields(b []byte) []string {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return nil
	}
	return strings.Fields(string(b[i+1:]))
}

func children(pid int) []int {
	tasks, err := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/task")
	if err != nil {
		return nil
	}
	var out []int
	for _, t := range tasks {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/task/" + t.Name() + "/children")
		if err != nil {
			continue
		}
		out = append(out, pids(b)...)
	}
	return out
}

// GroupAlive reports whether process group pgid has a member, a zombie
// not yet reaped included.
func GroupAlive(pgid int) bool {
	return unix.Kill(-pgid, 0) == nil
}
