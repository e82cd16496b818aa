// Package pgtest starts a throwaway PostgreSQL cluster for a package's
// tests: a temporary directory, a free port on 127.0.0.1, run as an
// unprivileged user (PostgreSQL refuses to run as root), stopped and
// deleted when the tests end. Each test gets a database of its own in it.
//
// A package opts in with
//
//	func TestMain(m *testing.M) { pgtest.Main(m) }
//
// and a test calls URL(t). Where no PostgreSQL can be started (no server
// installed, or it fails to start), URL skips the test and says why, so
// that go test ./... passes on a bare machine. ARENA_TEST_POSTGRES, a URL
// of an existing server whose user may create databases, is used instead
// of a cluster of its own.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// EnvURL names the variable that points the tests at an existing server.
const EnvURL = "ARENA_TEST_POSTGRES"

var (
	admin   string // URL of the cluster's maintenance database; "" when none
	why     string // why there is none
	started bool   // Main ran
	mu      sync.Mutex
	n       atomic.Int64
)

// Main starts the cluster (lazily: only if a test asks for a database),
// runs the package's tests, removes the cluster and exits.
func Main(m *testing.M) { os.Exit(Run(m)) }

// Run is Main for a TestMain with work of its own: it returns the tests'
// exit code.
func Run(m *testing.M) int {
	started = true
	defer stop()
	return m.Run()
}

var (
	once    sync.Once
	cluster *Cluster
)

func stop() {
	if cluster != nil {
		cluster.Stop()
	}
}

// URL returns the URL of a new, empty database for this test, or skips the
// test when no PostgreSQL can be had.
func URL(t testing.TB) string {
	t.Helper()
	if !started {
		t.Fatal("pgtest.URL needs the package's TestMain to call pgtest.Main")
	}
	once.Do(func() {
		if u := os.Getenv(EnvURL); u != "" {
			admin = u
			return
		}
		c, err := Start()
		if err != nil {
			why = err.Error()
			return
		}
		cluster, admin = c, c.URL("postgres")
	})
	if admin == "" {
		t.Skipf("no PostgreSQL for this test: %s (install Debian's postgresql package, or set %s to a server's URL)", why, EnvURL)
	}
	name := fmt.Sprintf("arena_test_%d_%d", os.Getpid(), n.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("PostgreSQL at %s: %v", admin, err)
	}
	defer conn.Close(ctx)
	// CREATE DATABASE cannot run in parallel with another from the same
	// template; tests of a package may ask at once.
	mu.Lock()
	_, err = conn.Exec(ctx, "CREATE DATABASE "+name)
	mu.Unlock()
	if err != nil {
		t.Fatalf("creating a test database: %v", err)
	}
	u, _ := url.Parse(admin)
	u.Path = "/" + name
	return u.String()
}

// Cluster is a running throwaway PostgreSQL cluster.
type Cluster struct {
	Dir  string // removed by Stop
	Port int
	bin  string
	cred *syscall.Credential // nil: run as ourselves
}

// URL is the URL of a database of the cluster.
func (c *Cluster) URL(db string) string {
	return fmt.Sprintf("postgres://arena@127.0.0.1:%d/%s?sslmode=disable", c.Port, db)
}

// Start makes and starts a cluster.
func Start() (*Cluster, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	c := &Cluster{bin: bin}
	if os.Geteuid() == 0 {
		if c.cred, err = unprivileged(); err != nil {
			return nil, err
		}
	}
	if c.Dir, err = os.MkdirTemp("", "arena-pg-"); err != nil {
		return nil, err
	}
	if c.cred != nil {
		if err := os.Chown(c.Dir, int(c.cred.Uid), int(c.cred.Gid)); err != nil {
			c.Stop()
			return nil, err
		}
	}
	c.watch() // from now on, the directory goes with this process
	data := filepath.Join(c.Dir, "data")
	if out, err := c.run("initdb", "-D", data, "-U", "arena", "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"); err != nil {
		c.Stop()
		return nil, fmt.Errorf("initdb: %v: %s", err, lastLines(out))
	}
	// a free port can be taken between our look and the server's start:
	// try a few
	for try := 0; ; try++ {
		if c.Port, err = freePort(); err != nil {
			c.Stop()
			return nil, err
		}
		// durability is not the subject of these tests: fsync off makes a
		// database per test cheap
		opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300", c.Port, c.Dir)
		out, err := c.run("pg_ctl", "-D", data, "-l", filepath.Join(c.Dir, "log"), "-o", opts, "-w", "-t", "60", "start")
		if err == nil {
			return c, nil
		}
		if try == 2 {
			log, _ := os.ReadFile(filepath.Join(c.Dir, "log"))
			c.Stop()
			return nil, fmt.Errorf("pg_ctl start: %v: %s %s", err, lastLines(out), lastLines(log))
		}
	}
}

// watch starts a watchdog, in a session of its own, that stops the
// cluster and removes it once this process is gone: a test binary killed
// (or timed out, which skips deferred calls) leaves no server behind.
func (c *Cluster) watch() {
	cmd := exec.Command("/bin/sh", "-c", `while [ -d "/proc/$1" ]; do sleep 1; done
"$2/pg_ctl" -D "$3/data" -m immediate stop >/dev/null 2>&1
rm -rf "$3"`, "pgtest-watchdog", strconv.Itoa(os.Getpid()), c.bin, c.Dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Credential: c.cred}
	if cmd.Start() == nil {
		cmd.Process.Release()
	}
}

// Stop stops the cluster at once and removes its directory.
func (c *Cluster) Stop() {
	if _, err := os.Stat(filepath.Join(c.Dir, "data", "postmaster.pid")); err == nil {
		c.run("pg_ctl", "-D", filepath.Join(c.Dir, "data"), "-m", "immediate", "-w", "stop")
	}
	os.RemoveAll(c.Dir)
}

func (c *Cluster) run(prog string, args ...string) ([]byte, error) {
	cmd := exec.Command(filepath.Join(c.bin, prog), args...)
	cmd.Dir = c.Dir
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	if c.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
	}
	return cmd.CombinedOutput()
}

// binDir finds the server's programs: Debian keeps them out of PATH, in
// /usr/lib/postgresql/VERSION/bin (the newest is taken).
func binDir() (string, error) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "pg_ctl")); err == nil {
			return d, nil
		}
	}
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		return filepath.Dir(p), nil
	}
	return "", errors.New("no PostgreSQL server installed (no pg_ctl in /usr/lib/postgresql/*/bin or PATH)")
}

func version(binDir string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return v
}

// unprivileged is the identity the server runs as when we are root: the
// postgres user the Debian package makes, else nobody.
func unprivileged() (*syscall.Credential, error) {
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
		gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
		if err1 == nil && err2 == nil && uid != 0 {
			return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid), NoSetGroups: false}, nil
		}
	}
	return nil, errors.New("running as root, and no unprivileged user (postgres or nobody) to run PostgreSQL as")
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func lastLines(b []byte) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return strings.Join(lines[max(0, len(lines)-5):], " | ")
}
