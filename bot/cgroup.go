package bot

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/seed27749672/arena/internal/cgroupfs"
)

// A process bot runs in a control group of its own where the machine lets
// Arena make one (as root, or where cgroups are delegated): the group
// counts the CPU time of every process the bot starts, live or ended, in
// one small file, and lists them all for the kill at the end, whatever
// they do (setsid, double fork, a cleared environment). Version 1's cpuacct
// controller (cpuacct.usage) is used where it is mounted, else version 2
// (cpu.stat, always there). Without either, Arena falls back to /proc
// (see Process.CPU) and to the process group and marker (see killAll).

// CgroupRoot is where the cgroup file systems are mounted.
const CgroupRoot = "/sys/fs/cgroup"

// cgroupParent is the group that holds every bot's group.
const cgroupParent = "arena-bots"

// cgroupPlace is a hierarchy Arena can make bot groups in.
type cgroupPlace struct {
	mount string // where the hierarchy is mounted
	v2    bool
	// base is the group under which arena-bots is made: "" for the top of
	// the hierarchy; Arena's own version 2 group when it is not the top
	// (where systemd delegates a user's session, the user may make
	// groups in it).
	base string
}

// cgroupPlaces lists the hierarchies under root, best first: the cpuacct
// controller of version 1 where it is mounted (its counter costs a third of
// version 2's cpu.stat to read, which flushes the kernel's statistics
// tree), then version 2 (mounted at root, or at root/unified on a hybrid
// machine): at its top (root may make groups there), then in Arena's own
// group (a user may, where it is delegated to them).
func cgroupPlaces(root string) []cgroupPlace {
	var out []cgroupPlace
	if d := filepath.Join(root, "cpuacct"); fileExists(filepath.Join(d, "cpuacct.usage")) {
		out = append(out, cgroupPlace{mount: d})
	}
	for _, d := range []string{root, filepath.Join(root, "unified")} {
		if cgroupfs.V2(d) {
			out = append(out, cgroupPlace{mount: d, v2: true})
			if own := ownV2Group("/proc/self/cgroup"); own != "" && own != "/" {
				out = append(out, cgroupPlace{mount: d, v2: true, base: own})
			}
			break
		}
	}
	return out
}

// ownV2Group returns Arena's group in the version 2 hierarchy, read from
// file (/proc/self/cgroup: its "0::PATH" line), or "".
func ownV2Group(file string) string {
	b, err := os.ReadFile(file)
	if err != nil {
		return ""
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if p, ok := strings.CutPrefix(line, "0::"); ok && strings.HasPrefix(p, "/") && !strings.Contains(p, "..") {
			return p
		}
	}
	return ""
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// botGroup is the control group of one bot.
type botGroup struct {
	place cgroupPlace
	dir   string
	usage *os.File // v1 cpuacct.usage (ns), v2 cpu.stat (usage_usec)
	fd    int      // usage's descriptor, taken once (see sysFD)
	buf   []byte   // cpu's, read every turn: kept, not allocated each time
}

// newBotGroup makes a group called name in the first place that allows it.
func newBotGroup(places []cgroupPlace, name string) (*botGroup, error) {
	var errs []error
	for _, pl := range places {
		g, err := makeGroup(pl, name)
		if err == nil {
			return g, nil
		}
		errs = append(errs, err)
	}
	if len(errs) == 0 {
		return nil, errors.New("no cgroup hierarchy mounted")
	}
	return nil, errors.Join(errs...)
}

func makeGroup(pl cgroupPlace, name string) (*botGroup, error) {
	parent := filepath.Join(pl.mount, pl.base, cgroupParent)
	if err := os.Mkdir(parent, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
		return nil, err
	}
	if _, done := swept.LoadOrStore(parent, true); !done {
		sweep(pl, parent)
	}
	dir := filepath.Join(parent, name)
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, err
	}
	file := "cpuacct.usage"
	if pl.v2 {
		file = "cpu.stat"
	}
	usage, err := os.Open(filepath.Join(dir, file))
	if err != nil {
		syscall.Rmdir(dir)
		return nil, err
	}
	g := &botGroup{place: pl, dir: dir, usage: usage, fd: sysFD(usage)}
	if _, ok := g.cpu(); !ok {
		g.remove()
		return nil, errors.New("cannot read " + usage.Name())
	}
	return g, nil
}

// swept holds the parent groups already swept by this Arena.
var swept sync.Map

// sweep ends the bots of Arenas that died without ending them (killed with
// SIGKILL, or a crash): the groups whose owner (see newMarker) is no
// longer running. It runs once per parent group, before this Arena's first
// bot.
func sweep(pl cgroupPlace, parent string) {
	ents, _ := os.ReadDir(parent)
	for _, e := range ents {
		if !e.IsDir() || ownerRuns(e.Name()) {
			continue
		}
		g := &botGroup{place: pl, dir: filepath.Join(parent, e.Name())}
		for i := 0; i < 100 && len(g.kill()) > 0; i++ {
			time.Sleep(time.Millisecond)
		}
		g.remove()
	}
}

// ownerRuns reports whether the Arena that made the group called name
// still runs: PID.START.SEQ, a process with that pid that started then
// (the pid alone may be a later process's, this Arena's included); PID.SEQ
// (an earlier Arena's name), a process with that pid. A name of neither
// form is not Arena's: it is left alone.
func ownerRuns(name string) bool {
	parts := strings.Split(name, ".")
	pid, err := strconv.Atoi(parts[0])
	if err != nil || len(parts) < 2 || len(parts) > 3 {
		return true
	}
	if syscall.Kill(pid, 0) == syscall.ESRCH {
		return false
	}
	return len(parts) == 2 || procStart(pid) == parts[1]
}

// start starts cmd inside the group, so that the bot and everything it
// starts belong to it from their first instruction.
func (g *botGroup) start(cmd *exec.Cmd) error {
	if g.place.v2 {
		// clone3 with CLONE_INTO_CGROUP.
		d, err := os.Open(g.dir)
		if err != nil {
			return err
		}
		defer d.Close()
		cmd.SysProcAttr.UseCgroupFD = true
		cmd.SysProcAttr.CgroupFD = int(d.Fd())
		return cmd.Start()
	}
	// Version 1 has no such clone: the thread that forks moves into the
	// group (a child is born in its parent thread's group) and back.
	back, err := threadGroup(g.place.mount)
	if err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		if err := writeFile(filepath.Join(g.dir, "tasks"), "0"); err != nil {
			runtime.UnlockOSThread()
			done <- err
			return
		}
		err := cmd.Start()
		if werr := threadTo(back); werr != nil {
			if err == nil {
				cmd.Process.Kill()
				cmd.Wait()
			}
			err = errors.Join(errors.New("cannot move back out of the bot's cgroup"), werr)
			// The thread must not run Arena's work in the bot's group: it
			// goes to the top of the hierarchy. Failing that, it is kept
			// out of use for good. It must not end (a goroutine that ends
			// locked ends its thread): every program forked on it, other
			// bots included, would get its parent-death signal (Pdeathsig).
			if threadTo(g.place.mount) != nil {
				done <- err
				select {}
			}
		}
		runtime.UnlockOSThread()
		done <- err
	}()
	return <-done
}

// threadTo moves the calling thread to the version 1 group dir.
var threadTo = func(dir string) error { return writeFile(filepath.Join(dir, "tasks"), "0") }

// threadGroup returns the directory of the calling thread's group in the
// version 1 hierarchy mounted at mount (the cpuacct one).
func threadGroup(mount string) (string, error) {
	f, err := os.Open("/proc/thread-self/cgroup")
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// hierarchy-ID:controller-list:path
		parts := strings.SplitN(sc.Text(), ":", 3)
		if len(parts) == 3 && strings.Contains(","+parts[1]+",", ",cpuacct,") {
			return filepath.Join(mount, parts[2]), nil
		}
	}
	return "", errors.New("no cpuacct group in /proc/thread-self/cgroup")
}

// cpu returns the CPU time used by every process that has been in the
// group: one read of one small file.
// Its caller holds the bot's lock (the buffer is the group's).
func (g *botGroup) cpu() (time.Duration, bool) {
	if g.buf == nil {
		g.buf = make([]byte, 512)
	}
	n, err := pread(g.fd, g.buf)
	if n == 0 || err != nil {
		return 0, false
	}
	return parseUsage(g.buf[:n], g.place.v2)
}

// parseUsage reads cpuacct.usage (nanoseconds) or, for version 2, the
// usage_usec line of cpu.stat.
func parseUsage(b []byte, v2 bool) (time.Duration, bool) {
	if !v2 {
		n, err := strconv.ParseInt(string(bytes.TrimSpace(b)), 10, 64)
		return time.Duration(n), err == nil && n >= 0
	}
	for line := range bytes.SplitSeq(b, []byte{'\n'}) {
		if v, ok := bytes.CutPrefix(line, []byte("usage_usec ")); ok {
			n, err := strconv.ParseInt(string(bytes.TrimSpace(v)), 10, 64)
			return time.Duration(n) * time.Microsecond, err == nil && n >= 0
		}
	}
	return 0, false
}

// procs lists the processes in the group, Arena itself left out (a thread
// of Arena is in it for a moment while it starts the bot, version 1).
func (g *botGroup) procs() []int { return cgroupfs.Procs(g.dir) }

// kill lists the processes in the group, then kills them all, and returns
// the list (see cgroupfs.Kill).
func (g *botGroup) kill() []int { return cgroupfs.Kill(g.dir, g.place.v2) }

// remove deletes the group once it is empty; the last killed processes
// may take a moment to leave it.
func (g *botGroup) remove() {
	if g.usage != nil {
		g.usage.Close()
	}
	cgroupfs.Remove(g.dir, 100, time.Millisecond)
}

func writeFile(path, s string) error {
	return os.WriteFile(path, []byte(s), 0)
}
