package sandbox

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/seed27749672/arena/internal/cgroupfs"
)

// cgroupRoot is where cgroup file systems are mounted.
var cgroupRoot = "/sys/fs/cgroup"

// groupName is the parent group of every sandbox's group.
const groupName = "arena-sandbox"

// cgroup is the control group of one sandbox: memory and process limits,
// and the list of every process to kill at the end. Version 1 has one
// directory per controller (memory, pids); version 2 one directory.
type cgroup struct {
	v2     bool
	memory string // v1 memory controller directory, or the v2 directory
	pids   string // v1 pids controller directory, or the v2 directory
	cpu    string // v1 cpu controller directory, the v2 directory, "" without a quota
}

// cpuPeriod is the period of a CPU quota, in microseconds: a sandbox of
// one core runs at most 100 ms in each 100 ms.
const cpuPeriod = 100000

// quota is the CPU quota of cores, in microseconds a period.
func quota(cores float64) string {
	return strconv.FormatInt(int64(cores*cpuPeriod), 10)
}

// newCgroup makes the sandbox's group and sets its limits. It fails when
// the machine has no writable memory and pids controllers.
func newCgroup(name string, l Limits) (*cgroup, error) {
	if cg, err := newCgroupV2(name, l); err == nil {
		return cg, nil
	}
	return newCgroupV1(name, l)
}

// unified reports whether cgroupRoot is a version 2 hierarchy.
func unified() bool { return cgroupfs.V2(cgroupRoot) }

func newCgroupV2(name string, l Limits) (*cgroup, error) {
	if !unified() {
		return nil, errors.New("no cgroup v2 hierarchy at " + cgroupRoot)
	}
	parent := filepath.Join(cgroupRoot, groupName)
	if err := os.Mkdir(parent, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
		return nil, err
	}
	// A group passes controllers to its children only when its parent
	// gives them to it.
	for _, d := range []string{cgroupRoot, parent} {
		if err := os.WriteFile(filepath.Join(d, "cgroup.subtree_control"), []byte("+memory +pids"), 0); err != nil {
			return nil, fmt.Errorf("enabling memory and pids in %s: %w", d, err)
		}
	}
	dir := filepath.Join(parent, name)
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, err
	}
	cg := &cgroup{v2: true, memory: dir, pids: dir}
	mem := strconv.FormatInt(l.Memory, 10)
	err := errors.Join(
		write(dir, "memory.max", mem),
		write(dir, "pids.max", strconv.Itoa(l.Procs)),
	)
	if l.Cores > 0 {
		// The cpu controller is asked for only when a quota is: a
		// machine without it still sandboxes, without the quota, and
		// Check says so.
		for _, d := range []string{cgroupRoot, parent} {
			write(d, "cgroup.subtree_control", "+cpu")
		}
		if write(dir, "cpu.max", quota(l.Cores)+" "+strconv.Itoa(cpuPeriod)) == nil {
			cg.cpu = dir
		}
	}
	// No swap: a bot over its memory is stopped, not slowed down.
	write(dir, "memory.swap.max", "0")
	if err != nil {
		cg.destroy()
		return nil, err
	}
	return cg, nil
}

func newCgroupV1(name string, l Limits) (*cgroup, error) {
	mem := filepath.Join(cgroupRoot, "memory", groupName, name)
	pids := filepath.Join(cgroupRoot, "pids", groupName, name)
	cg := &cgroup{memory: mem, pids: pids}
	for _, d := range []string{mem, pids} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			cg.destroy()
			return nil, err
		}
	}
	err := errors.Join(
		write(mem, "memory.limit_in_bytes", strconv.FormatInt(l.Memory, 10)),
		write(pids, "pids.max", strconv.Itoa(l.Procs)),
	)
	// memsw exists when swap accounting is on: cap memory+swap the same.
	if _, e := os.Stat(filepath.Join(mem, "memory.memsw.limit_in_bytes")); e == nil {
		err = errors.Join(err, write(mem, "memory.memsw.limit_in_bytes", strconv.FormatInt(l.Memory, 10)))
	}
	if err != nil {
		cg.destroy()
		return nil, err
	}
	if l.Cores > 0 {
		cg.cpu = cpuV1(name, l.Cores)
	}
	return cg, nil
}

// cpuV1 makes the group's directory in the v1 cpu controller with the
// quota; "" where there is none to make. It sits at the top of the
// hierarchy, not under a parent of all sandboxes: a group weighs as much
// as one process against its siblings (cpu.shares 1024), so under a
// common parent every sandbox of the machine together would weigh as one
// process against Arena and anything else running, and a bot would get
// less CPU in its sandbox than out of it.
func cpuV1(name string, cores float64) string {
	if coMounted("cpu", "cpuacct") {
		// One hierarchy for both (systemd's cpu,cpuacct): joining a cpu
		// group would take the bot out of the cpuacct group Arena reads
		// its CPU time from (package bot). No quota there.
		return ""
	}
	d := filepath.Join(cgroupRoot, "cpu", groupName+"-"+name)
	if err := os.MkdirAll(d, 0o755); err != nil {
		return ""
	}
	err := errors.Join(
		write(d, "cpu.cfs_period_us", strconv.Itoa(cpuPeriod)),
		write(d, "cpu.cfs_quota_us", quota(cores)),
	)
	if err != nil {
		os.Remove(d)
		return ""
	}
	return d
}

// coMounted reports whether two v1 controllers share one hierarchy (their
// directories are the same, through symbolic links).
func coMounted(a, b string) bool {
	da, err1 := filepath.EvalSymlinks(filepath.Join(cgroupRoot, a))
	db, err2 := filepath.EvalSymlinks(filepath.Join(cgroupRoot, b))
	return err1 == nil && err2 == nil && da == db
}

func write(dir, file, value string) error {
	return os.WriteFile(filepath.Join(dir, file), []byte(value), 0)
}

// dirs are the group's directories, each once.
func (cg *cgroup) dirs() []string {
	ds := []string{cg.memory}
	for _, d := range []string{cg.pids, cg.cpu} {
		if d != "" && !slices.Contains(ds, d) {
			ds = append(ds, d)
		}
	}
	return ds
}

// joinCgroups moves the calling process into the group's directories,
// one per controller on version 1 (its children follow).
func joinCgroups(dirs []string) error {
	pid := strconv.Itoa(os.Getpid())
	for _, d := range dirs {
		if err := write(d, "cgroup.procs", pid); err != nil {
			return fmt.Errorf("joining cgroup %s: %w", d, err)
		}
	}
	return nil
}

// oomKills is how many processes the kernel killed for the memory limit.
func (cg *cgroup) oomKills() int64 {
	if cg.v2 {
		return field(filepath.Join(cg.memory, "memory.events"), "oom_kill")
	}
	return field(filepath.Join(cg.memory, "memory.oom_control"), "oom_kill")
}

// pidsMaxed is how many forks failed for the process limit.
func (cg *cgroup) pidsMaxed() int64 {
	return field(filepath.Join(cg.pids, "pids.events"), "max")
}

// field reads "key value" lines and returns key's value, 0 if absent.
func field(path, key string) int64 {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), " ")
		if ok && k == key {
			n, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			return n
		}
	}
	return 0
}

// destroy kills whatever is left in the group, then removes it.
func (cg *cgroup) destroy() error {
	cg.killAll()
	var errs []error
	for _, d := range cg.dirs() {
		// rmdir fails while the last killed processes are being reaped.
		if err := cgroupfs.Remove(d, 250, 4*time.Millisecond); err != nil {
			errs = append(errs, fmt.Errorf("removing cgroup %s: %w", d, err))
		}
	}
	return errors.Join(errs...)
}

// killAll kills every process in the group, until none is left (a
// process forking while being killed is caught by the next pass; the pids
// limit bounds how many there can be) or a second has passed.
func (cg *cgroup) killAll() {
	for i := 0; i < 500 && len(cgroupfs.Kill(cg.pids, cg.v2)) > 0; i++ {
		time.Sleep(2 * time.Millisecond)
	}
}

// CPUQuotas reports whether this machine gives sandboxes a CPU quota
// (Limits.Cores): a cpu controller Arena can write to.
func CPUQuotas() bool {
	cg, err := newCgroup(fmt.Sprintf("quota-probe-%d-%d", os.Getpid(), counter.Add(1)), Limits{Cores: 1}.withDefaults())
	if err != nil {
		return false
	}
	defer cg.destroy()
	return cg.cpu != ""
}
