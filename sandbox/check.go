package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Protection is one thing a sandbox does, and whether this machine gives it.
type Protection struct {
	Name string
	OK   bool
	How  string // how it is given, or why not
}

// Check tries each protection on this machine, by running a probe in a
// real sandbox, and says which ones it gives. Ready is whether untrusted
// code can run here: every protection is given.
func Check() (ps []Protection, ready bool) {
	bw, err := exec.LookPath("bwrap")
	if err != nil {
		return []Protection{{Name: "bubblewrap", How: "not installed: apt-get install bubblewrap (or your system's package)"}}, false
	}
	v, _ := exec.Command(bw, "--version").Output()
	ps = append(ps, Protection{Name: "bubblewrap", OK: true, How: strings.TrimSpace(string(v)) + " at " + bw})

	// A given directory, bound as it is: the probe leaves a file there
	// whose owner on the host tells who it ran as.
	parent, err := baseDir()
	if err != nil {
		return append(ps, Protection{Name: "sandbox", How: err.Error()}), false
	}
	dir, err := os.MkdirTemp(parent, "probe-")
	if err != nil {
		return append(ps, Protection{Name: "sandbox", How: err.Error()}), false
	}
	defer os.RemoveAll(dir)
	s, err := New(Config{Dir: dir})
	if err != nil {
		return append(ps, Protection{Name: "sandbox", How: err.Error()}), false
	}
	defer s.Close()
	probe, err := runProbe(s)
	ns := Protection{Name: "namespaces (user, pid, mount, net, ipc, uts, cgroup)"}
	if err != nil {
		ns.How = "bwrap cannot make them: " + err.Error() + hintUserns()
		return append(ps, ns), false
	}
	ns.OK, ns.How = true, "a probe ran in its own namespaces"
	ps = append(ps, ns,
		probe.check("own PID namespace", "it sees "+probe["procs"]+" process(es), its own", probe["procs"] != "" && probe["procs"] != "many"),
		probe.check("no network", "interfaces: "+probe["ifaces"], probe["ifaces"] == "lo"),
		probe.check("read-only system", "writing /usr and / fails", probe["rosys"] == "yes"),
		probe.check("private /tmp, size-capped", "a tmpfs of "+size(s.cfg.Tmp), probe["tmp"] == "tmpfs"),
		probe.check("unprivileged identity", identityHow(s), probe["uid"] != "" && probe["uid"] != "0"),
		probe.check("no new user namespaces", "nested user namespaces are disabled", probe["userns"] == "no"),
	)
	ps = append(ps, limitChecks(s)...)
	ready = true
	for _, p := range ps {
		ready = ready && p.OK
	}
	return ps, ready
}

type probeResult map[string]string

func (r probeResult) check(name, how string, ok bool) Protection {
	if !ok {
		return Protection{Name: name, How: "not given (probe saw: " + fmt.Sprint(map[string]string(r)) + ")"}
	}
	return Protection{Name: name, OK: true, How: how}
}

// probeScript prints key=value lines about the sandbox it runs in.
const probeScript = `
n=$(ls -d /proc/[0-9]* | wc -l); [ "$n" -gt 10 ] && n=many; echo procs=$n
echo ifaces=$(ls /sys/class/net 2>/dev/null || sed -n '3,$s/:.*//p' /proc/net/dev | tr -d ' ')
if touch /usr/.arena-probe 2>/dev/null || touch /.arena-probe 2>/dev/null; then echo rosys=no; else echo rosys=yes; fi
echo tmp=$(awk '$2=="/tmp"{print $3}' /proc/mounts)
touch "$HOME/.arena-probe"
if ! command -v unshare >/dev/null; then echo userns=unknown; elif unshare -U true 2>/dev/null; then echo userns=yes; else echo userns=no; fi
`

func runProbe(s *Sandbox) (probeResult, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", probeScript)
	if err := s.Wrap(cmd); err != nil {
		return nil, err
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("%v: %s", err, strings.TrimSpace(string(out)))
	}
	r := probeResult{}
	// Who the program was on the host: the owner of the file it made.
	if fi, err := os.Stat(filepath.Join(s.dir, ".arena-probe")); err == nil {
		r["uid"] = strconv.Itoa(int(fi.Sys().(*syscall.Stat_t).Uid))
	}
	for _, l := range strings.Split(string(out), "\n") {
		if k, v, ok := strings.Cut(l, "="); ok {
			r[k] = strings.TrimSpace(v)
		}
	}
	return r, nil
}

func identityHow(s *Sandbox) string {
	if s.id.change {
		return fmt.Sprintf("Arena is root: each sandbox runs as a uid of its own (%d...), nobody inside", firstUID)
	}
	return fmt.Sprintf("Arena's own uid %d, shown as nobody inside, with no capability on the host", s.id.uid)
}

func hintUserns() string {
	b, err := os.ReadFile("/proc/sys/user/max_user_namespaces")
	if err == nil && strings.TrimSpace(string(b)) == "0" {
		return " (user namespaces are off: sysctl user.max_user_namespaces=10000)"
	}
	if b, err := os.ReadFile("/proc/sys/kernel/apparmor_restrict_unprivileged_userns"); err == nil && strings.TrimSpace(string(b)) == "1" {
		return " (AppArmor restricts unprivileged user namespaces: sysctl kernel.apparmor_restrict_unprivileged_userns=0, or an AppArmor profile for bwrap)"
	}
	return ""
}

// limitChecks say how each limit is enforced.
func limitChecks(s *Sandbox) []Protection {
	l := s.cfg.Limits
	cg := "no writable cgroup (memory and pids controllers) at " + cgroupRoot
	if os.Geteuid() != 0 {
		cg += "; as an ordinary user, Arena can use cgroups only where they are delegated to it"
	}
	mem := Protection{Name: "memory limit (" + size(l.Memory) + ")"}
	procs := Protection{Name: fmt.Sprintf("process limit (%d)", l.Procs)}
	cleanup := Protection{Name: "nothing left behind", OK: true,
		How: "the PID namespace dies with the program; its work directory is removed"}
	if s.cg != nil {
		v := "v1"
		if s.cg.v2 {
			v = "v2"
		}
		mem.OK, mem.How = true, "cgroup "+v+" memory controller; the status names the limit"
		procs.OK, procs.How = true, "cgroup "+v+" pids controller, and RLIMIT_NPROC in the sandbox's user namespace"
		cleanup.How = "the PID namespace dies with the program, and every process of its cgroup is killed; its work directory is removed"
	} else {
		mem.OK, mem.How = true, "RLIMIT_DATA only ("+cg+"): a program over it sees allocations fail, and the status cannot name the limit"
		procs.OK, procs.How = true, "RLIMIT_NPROC in the sandbox's user namespace ("+cg+")"
	}
	return []Protection{mem, procs,
		{Name: "file size limit (" + size(l.FileSize) + ")", OK: true, How: "RLIMIT_FSIZE"},
		{Name: fmt.Sprintf("open files limit (%d)", l.OpenFiles), OK: true, How: "RLIMIT_NOFILE"},
		{Name: "CPU time limit (" + l.CPU.String() + " per process)", OK: true, How: "RLIMIT_CPU"},
		cleanup,
	}
}

var (
	readyOnce sync.Once
	readyErr  error
)

// Ready returns nil when this machine gives every protection (Check, run
// once per process), else an error naming those it does not give: the
// platform refuses untrusted code then, and tests skip with it.
func Ready() error {
	readyOnce.Do(func() {
		ps, ok := Check()
		if ok {
			return
		}
		var no []string
		for _, p := range ps {
			if !p.OK {
				no = append(no, p.Name+": "+p.How)
			}
		}
		readyErr = errors.New("this machine cannot sandbox: " + strings.Join(no, "; "))
	})
	return readyErr
}
