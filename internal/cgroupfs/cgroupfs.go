// Package cgroupfs holds the control-group file operations that Arena's
// two kinds of group share: a process bot's group (bot, CPU accounting and
// the kill at the end) and a sandbox's (sandbox, memory and process
// limits).
package cgroupfs

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// V2 reports whether dir is a version 2 hierarchy (or a group in one).
func V2(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "cgroup.controllers"))
	return err == nil
}

// Procs lists the processes in the group dir, Arena itself left out (a
// thread of Arena may be in a group for a moment, while it starts a
// process there).
func Procs(dir string) []int {
	b, _ := os.ReadFile(filepath.Join(dir, "cgroup.procs"))
	self := os.Getpid()
	var out []int
	for _, s := range strings.Fields(string(b)) {
		if n, err := strconv.Atoi(s); err == nil && n != self {
			out = append(out, n)
		}
	}
	return out
}

// Kill lists the processes in the group dir, then kills them all (a
// version 2 group in one write; the list catches the rest), and returns
// the list: a process forked during the kill is caught by the next call.
func Kill(dir string, v2 bool) []int {
	ps := Procs(dir)
	if v2 {
		os.WriteFile(filepath.Join(dir, "cgroup.kill"), []byte("1"), 0)
	}
	for _, pid := range ps {
		syscall.Kill(pid, syscall.SIGKILL)
	}
	return ps
}

// Remove deletes the group dir, trying up to tries times, pause apart:
// rmdir fails while the last killed processes are leaving the group. A
// group already gone is removed.
func Remove(dir string, tries int, pause time.Duration) error {
	var err error
	for i := 0; i < tries; i++ {
		if err = syscall.Rmdir(dir); err == nil || errors.Is(err, syscall.ENOENT) {
			return nil
		}
		time.Sleep(pause)
	}
	return err
}
