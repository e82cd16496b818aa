package bot

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"
)

// Everything a process bot starts is ended with it, also what left its
// process group (setsid) or its family (a double fork, whose grandchild is
// orphaned): Arena is a child subreaper (PR_SET_CHILD_SUBREAPER), so the
// orphans of its bots become its own children instead of init's, and each
// bot's environment carries a marker (markerVar) that its descendants
// inherit. At the end, Arena kills the bot's process group, then every child
// of its own that is in that group or carries the bot's marker, and reaps
// them, until none is left. A descendant that clears its environment and
// leaves the group while its parent still runs is the one that can escape.

// markerVar names the environment variable that marks a bot's processes.
const markerVar = "ARENA_BOT"

var (
	subreaperOnce sync.Once
	botSeq        atomic.Int64
)

// becomeSubreaper makes Arena the reaper of its bots' orphans. Failing is
// not fatal: the process group is still killed.
func becomeSubreaper() {
	subreaperOnce.Do(func() { unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) })
}

// newMarker returns the environment entry that marks a new bot's
// processes: PID.START.SEQ, Arena's pid and start time (see owner) and the
// bot's number. It also names the bot's control group.
func newMarker() string {
	return markerVar + "=" + ownerID() + "." + strconv.FormatInt(botSeq.Add(1), 10)
}

// ownerID is PID.START for this Arena.
var ownerID = sync.OnceValue(func() string {
	pid := os.Getpid()
	return strconv.Itoa(pid) + "." + procStart(pid)
})

// procStart returns the start time of process pid (field 22 of its stat,
// clock ticks after boot), "" when it is gone: with the pid, it tells a
// process from a later one that got the same pid.
func procStart(pid int) string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return ""
	}
	// From the state (field 3) on: the start time (22) is the 20th.
	f := statFields(b)
	if len(f) < 20 {
		return ""
	}
	return f[19]
}

// killAll kills the process group pgid (the bot's; its leader is reaped by
// the bot's wait), every process of the bot's control group if it has one,
// and every child of Arena that belongs to the bot, and reaps those, until
// none is left or the time is up (a process stuck in the kernel cannot be
// killed at once).
func killAll(pgid int, marker string, leaderReaped <-chan struct{}, group *botGroup) {
	deadline := time.Now().Add(2 * time.Second)
	pause := 100 * time.Microsecond
	strays := map[int]bool{} // killed, not yet reaped (a zombie has no environment left to recognise it by)
	scanned := false
	quiet := 0 // scans in a row that found nothing new (without a group)
	for {
		leaderGone := ended(leaderReaped, 0)
		if group != nil {
			// Whatever the bot's processes did, they are in its group:
			// listed while alive (a zombie is no longer listed), then
			// killed, so that each one that dies as Arena's child (an
			// orphan) is known and reaped. The ones that are not Arena's
			// children are reaped by their parents.
			for _, pid := range group.kill() {
				if pid != pgid {
					strays[pid] = true
				}
			}
		}
		unix.Kill(-pgid, unix.SIGKILL)
		if leaderGone && (group == nil || !scanned) {
			// The bot's orphans are found among Arena's children (a scan
			// of /proc/self/task/*/children), once the leader is gone, so
			// that the usual end (the leader exits, nothing else) scans
			// once. Without a group, on every round; with one, once, for
			// a process forked while the group was being killed (never
			// listed alive).
			found := adopted(pgid, marker)
			for _, pid := range found {
				strays[pid] = true
			}
			scanned = true
			if len(found) == 0 {
				quiet++
			} else {
				quiet = 0
			}
		}
		for pid := range strays {
			// Reaped now, or gone: done with it. Arena's child, still
			// running: kill it (again). Not Arena's child yet: its parent
			// reaps it, or dies and leaves it to Arena (the subreaper).
			var ws unix.WaitStatus
			got, err := unix.Wait4(pid, &ws, unix.WNOHANG, nil)
			switch {
			case got == pid, err == unix.ECHILD && unix.Kill(pid, 0) == unix.ESRCH:
				delete(strays, pid)
			case err == nil:
				unix.Kill(pid, unix.SIGKILL)
			}
		}
		// Without a group, two scans in a row must find nothing: the
		// children files are read while Arena's threads fork and end, and
		// the kernel documents them as exact only for stopped tasks, so
		// one empty read is not proof (an orphan once survived Close
		// under load).
		if len(strays) == 0 && leaderGone && unix.Kill(-pgid, 0) == unix.ESRCH &&
			(group == nil && quiet >= 2 || group != nil && len(group.procs()) == 0) {
			return
		}
		if time.Now().After(deadline) {
			if !scanned {
				// The leader was not reaped in time (a stalled machine can
				// keep its waiter from running that long): its orphans are
				// still found and killed, once, before giving up.
				for _, pid := range adopted(pgid, marker) {
					unix.Kill(pid, unix.SIGKILL)
				}
			}
			return
		}
		time.Sleep(pause)
		pause = min(2*pause, 5*time.Millisecond)
	}
}

// adopted returns Arena's children, other than the group's leader, that
// are in process group pgid or carry marker in their environment.
func adopted(pgid int, marker string) []int {
	var out []int
	for _, pid := range ownChildren() {
		if pid == pgid {
			continue
		}
		st, ok := procStat(pid)
		if !ok {
			continue
		}
		if st.pgrp == pgid || hasMarker(pid, marker) {
			out = append(out, pid)
		}
	}
	return out
}

// ownChildren lists Arena's child processes: those of all its threads.
func ownChildren() []int {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return nil
	}
	var out []int
	for _, t := range tasks {
		b, err := os.ReadFile("/proc/self/task/" + t.Name() + "/children")
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

// hasMarker reports whether process pid's environment holds marker.
func hasMarker(pid int, marker string) bool {
	env, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
	if err != nil {
		return false
	}
	for _, kv := range bytes.Split(env, []byte{0}) {
		if string(kv) == marker {
			return true
		}
	}
	return false
}
