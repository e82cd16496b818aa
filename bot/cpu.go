package bot

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"time"
)

// clockTick is the unit of /proc/PID/stat times (USER_HZ); it is 100 on
// every Linux architecture Arena runs on.
const clockTick = 10 * time.Millisecond

// treeCPU returns the CPU time of process pid and its descendants: for each
// process, utime+stime (all its threads) plus cutime+cstime (its children
// that have ended and been waited for). Live children are found through
// /proc/PID/task/TID/children.
func treeCPU(pid int) (time.Duration, bool) {
	if pid <= 0 {
		return 0, false
	}
	ticks, ok := procTicks(pid)
	if !ok {
		return 0, false
	}
	for _, c := range children(pid) {
		if d, ok := treeCPU(c); ok {
			ticks += int64(d / clockTick)
		}
	}
	return time.Duration(ticks) * clockTick, true
}

// procTicks reads utime+stime+cutime+cstime from /proc/PID/stat.
func procTicks(pid int) (int64, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	// The command name (field 2) may hold spaces; fields restart after ')'.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(string(b[i+1:]))
	// After ')': state is field 3, so utime (14) is f[11] ... cstime (17) f[14].
	if len(f) < 15 {
		return 0, false
	}
	var sum int64
	for _, s := range f[11:15] {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return 0, false
		}
		sum += n
	}
	return sum, true
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
		for _, s := range strings.Fields(string(b)) {
			if n, err := strconv.Atoi(s); err == nil {
				out = append(out, n)
			}
		}
	}
	return out
}

// GroupAlive reports whether process group pgid has a member that is not a
// zombie (a zombie has ended; only its parent's reaping is left).
func GroupAlive(pgid int) bool {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return false
	}
	for _, e := range ents {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		// f[0] is the state, f[2] the process group.
		if len(f) > 2 && f[2] == strconv.Itoa(pgid) && f[0] != "Z" && f[0] != "X" {
			return true
		}
	}
	return false
}
