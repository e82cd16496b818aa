package sandbox

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// The sandbox re-executes the binary that uses it (the arena command, or a
// test binary) in three small roles, chosen by the first argument and run
// from this package's init, before anything else of the program:
//
//	enter:   on the host, as Arena's child: join the cgroup, drop to the
//	         sandbox's identity, exec bwrap. (Between fork and exec, Go
//	         cannot join a version 1 cgroup, so a step of our own does it.)
//	launch:  inside the sandbox, as bwrap's command: start the forwarder if
//	         ports are forwarded, set the rlimits, exec the program. Setting
//	         the rlimits here, inside the user namespace, makes the process
//	         count the sandbox's own and leaves bwrap itself unlimited.
//	forward: inside the sandbox: the loopback port forwarder (forward.go).
const (
	enterArg   = "__arena_sandbox_enter"
	launchArg  = "__arena_sandbox_launch"
	forwardArg = "__arena_sandbox_forward"
)

func init() {
	if len(os.Args) < 3 {
		return
	}
	var err error
	switch os.Args[1] {
	case enterArg:
		err = enter(os.Args[2])
	case launchArg:
		err = launch(os.Args[2], os.Args[3:])
	case forwardArg:
		err = forward(os.Args[2])
	default:
		return
	}
	// Only failures return: success is an exec or a forwarder that serves
	// until the sandbox ends.
	fmt.Fprintln(os.Stderr, "sandbox:", err)
	os.Exit(125)
}

type enterSpec struct {
	Cgroup   []string // directories to join
	UID, GID int
	Change   bool // switch identity (Arena is root)
	Bwrap    string
	Args     []string // bwrap's arguments
}

func enter(arg string) error {
	var sp enterSpec
	if err := json.Unmarshal([]byte(arg), &sp); err != nil {
		return err
	}
	if err := joinCgroups(sp.Cgroup); err != nil {
		return err
	}
	if sp.Change {
		// The sandboxes' group only: it passes through Arena's private
		// directories (PrivateDir) to the trees bwrap shows.
		if err := syscall.Setgroups([]int{sandboxGID}); err != nil {
			return fmt.Errorf("setgroups: %w", err)
		}
		if err := syscall.Setresgid(sp.GID, sp.GID, sp.GID); err != nil {
			return fmt.Errorf("setresgid: %w", err)
		}
		if err := syscall.Setresuid(sp.UID, sp.UID, sp.UID); err != nil {
			return fmt.Errorf("setresuid: %w", err)
		}
	}
	argv := append([]string{sp.Bwrap}, sp.Args...)
	return syscall.Exec(sp.Bwrap, argv, os.Environ())
}

type rlimit struct {
	Resource int
	Value    uint64
}

type launchSpec struct {
	Rlimits []rlimit
	Forward []Forward
	SockDir string
	Extra   int // descriptors from 3 on that the caller passes to the program
}

func launch(arg string, argv []string) error {
	var sp launchSpec
	if err := json.Unmarshal([]byte(arg), &sp); err != nil {
		return err
	}
	if len(argv) == 0 {
		return fmt.Errorf("no program to run")
	}
	if err := closeInherited(3 + sp.Extra); err != nil {
		return err
	}
	if len(sp.Forward) > 0 {
		mode, err := waitReady(sp.SockDir)
		if err != nil {
			return fmt.Errorf("waiting for Arena: %w", err)
		}
		if mode != 'D' {
			if err := startForwarder(sp); err != nil {
				return err
			}
		}
	}
	for _, r := range sp.Rlimits {
		lim := syscall.Rlimit{Cur: r.Value, Max: r.Value}
		if r.Resource == syscall.RLIMIT_CPU {
			// SIGXCPU at the limit (a status that names it), SIGKILL a
			// second later for a program that ignores it.
			lim.Max++
		}
		if err := syscall.Setrlimit(r.Resource, &lim); err != nil {
			return fmt.Errorf("setrlimit %d: %w", r.Resource, err)
		}
	}
	path, err := exec.LookPath(argv[0])
	if err != nil {
		return err
	}
	return syscall.Exec(path, argv, os.Environ())
}

// startForwarder starts the forwarder and waits until it listens, so that
// the program finds its ports open from its first instruction.
func startForwarder(sp launchSpec) error {
	b, _ := json.Marshal(forwardSpec{Forward: sp.Forward, SockDir: sp.SockDir})
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	cmd := exec.Command("/proc/self/exe", forwardArg, string(b))
	cmd.ExtraFiles = []*os.File{w}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("port forwarder: %w", err)
	}
	w.Close()
	r.SetReadDeadline(time.Now().Add(10 * time.Second))
	var one [1]byte
	_, err = r.Read(one[:])
	r.Close()
	if err != nil {
		return fmt.Errorf("port forwarder did not start: %w", err)
	}
	return nil
}

// closeInherited marks every descriptor from first on close-on-exec. Go's
// exec closes only the descriptors Go opened; one that Arena inherited
// open from whatever started it (a shell, a service manager, a CI runner)
// would otherwise reach the team's program, a socket or a log among them.
func closeInherited(first int) error {
	err := unix.CloseRange(uint(first), math.MaxUint32, unix.CLOSE_RANGE_CLOEXEC)
	if err == nil {
		return nil
	}
	// Kernels before 5.11 have no CLOSE_RANGE_CLOEXEC: one at a time.
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return fmt.Errorf("listing descriptors: %w", err)
	}
	for _, e := range ents {
		fd, err := strconv.Atoi(e.Name())
		if err != nil || fd < first {
			continue
		}
		// The directory's own descriptor is gone by now: EBADF is fine.
		if _, err := unix.FcntlInt(uintptr(fd), unix.F_SETFD, unix.FD_CLOEXEC); err != nil && err != unix.EBADF {
			return fmt.Errorf("descriptor %d: %w", fd, err)
		}
	}
	return nil
}
