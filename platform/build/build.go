package build

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/lang"
	"github.com/seed27749672/arena/platform/regproxy"
	"github.com/seed27749672/arena/sandbox"
)

// CheckSourceName accepts the name of a single source file upload: a
// plain file name with the extension of a language of the registry
// (package lang).
func CheckSourceName(filename string) (lang.Language, error) {
	if err := lang.CheckName(filename); err != nil {
		return lang.Language{}, err
	}
	l, ok := lang.ByExtension(filename)
	if !ok {
		return lang.Language{}, fmt.Errorf("%s: no language uses %q files (upload a zip of a kit, or a file ending in one of %s)", filename, filepath.Ext(filename), strings.Join(lang.Extensions(), " "))
	}
	return l, nil
}

// KitRoot finds the kit in an unpacked zip: dir itself, or the one
// directory it holds (zips often wrap a folder).
func KitRoot(dir string) string {
	entries, err := os.ReadDir(dir)
	if err == nil && len(entries) == 1 && entries[0].IsDir() {
		return filepath.Join(dir, entries[0].Name())
	}
	return dir
}

// Detect reads the kit.json at root and returns the kit of the game it
// names; without one, the kit its files show (Recognise). The build and
// run commands are the game's own kit's, not the upload's: the upload
// only chooses among them.
func Detect(game, root string) (kits.Manifest, error) {
	f, err := os.Open(filepath.Join(root, "kit.json"))
	if errors.Is(err, os.ErrNotExist) {
		return recogniseDir(game, root)
	}
	if err != nil {
		return kits.Manifest{}, err
	}
	defer f.Close()
	var m kits.Manifest
	if err := json.NewDecoder(io.LimitReader(f, 64<<10)).Decode(&m); err != nil {
		return kits.Manifest{}, fmt.Errorf("kit.json: %w", err)
	}
	if m.Game != "" && m.Game != game {
		return kits.Manifest{}, fmt.Errorf("kit.json says this is a %s kit, but the event plays %s", m.Game, game)
	}
	if m.Language == "" {
		return kits.Manifest{}, fmt.Errorf(`kit.json names no language: add one, such as "language": "python" (the %s kits: %s)`, game, strings.Join(kitLanguages(game), ", "))
	}
	// the game's kit of that language and protocol (territory has a
	// stdio and an HTTP kit in Python): its commands, not the upload's
	return kitOf(game, m.Language, m.Protocol)
}

// recogniseDir is Recognise on the names at root and its Dockerfile.
func recogniseDir(game, root string) (kits.Manifest, error) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return kits.Manifest{}, err
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return Recognise(game, names, readSmall(root, "Dockerfile"), readSmall(root, "requirements.txt"))
}

// readSmall reads the first 64 KiB of a file at root; nil when there is
// none.
func readSmall(root, name string) []byte {
	f, err := os.Open(filepath.Join(root, name))
	if err != nil {
		return nil
	}
	defer f.Close()
	b, _ := io.ReadAll(io.LimitReader(f, 64<<10))
	return b
}

// Options say how builds run.
type Options struct {
	Timeout time.Duration // default 5 minutes
	Limits  sandbox.Limits
	// Unsafe runs builds uncontained: only for machines without a working
	// sandbox, by the organiser's explicit choice (--unsafe-no-sandbox).
	Unsafe bool
	// NPMCache, when set, is an npm cache (FillNPMCache) that each build
	// gets a copy of, its npm told to install from it alone: the sandbox
	// has no network, so npm ci fetches nothing without it.
	NPMCache string
	// PipCache, when set, is a directory of Python packages (CachePip)
	// that a build installing a requirements.txt offline gets a copy of
	// (WithDependencies).
	PipCache string
	// ReadOnly are host paths the build sees besides the system's
	// directories (a toolchain's: lang.Language.Shown).
	ReadOnly []string
	// Registries, when set, lets the build reach the language registries
	// through this proxy, and nothing else (event setting build_network =
	// registries); the npm cache is then not lent (npm fetches).
	Registries *regproxy.Proxy
	// Notes are lines its log shows after the command, before the
	// build's output: what Arena changed in the upload to build it (a
	// Rust project's Cargo.lock set aside).
	Notes []string
	// RegistriesTimeout is a build's limit then (default 10 minutes, the
	// Blitz builds' own): fetching takes longer than building.
	RegistriesTimeout time.Duration
}

// DefaultRegistriesTimeout is the limit of a build that fetches.
const DefaultRegistriesTimeout = 10 * time.Minute

// ProxyPort is where a build that fetches finds the registry proxy, on
// its sandbox's own loopback.
const ProxyPort = 3128

// Limit is how long a build may run.
func (o Options) Limit() time.Duration {
	switch {
	case o.Registries != nil && o.RegistriesTimeout > 0:
		return o.RegistriesTimeout
	case o.Registries != nil:
		return DefaultRegistriesTimeout
	case o.Timeout > 0:
		return o.Timeout
	}
	return 5 * time.Minute
}

// Result is how a build ended.
type Result struct {
	OK     bool
	Status string // "ok", "timed out", "exited with status 1", ...
	Log    []byte
}

// Run runs the kit's build command in root, with env added to the
// sandbox's environment. A build that fails is a Result; the error is for
// a build that could not be started.
func Run(ctx context.Context, root string, m kits.Manifest, env []string, o Options) (Result, error) {
	if m.Build == "" {
		return Result{OK: true, Status: "ok", Log: []byte("the " + m.Language + " kit has nothing to build\n")}, nil
	}
	ctx, cancel := context.WithTimeout(ctx, o.Limit())
	defer cancel()
	header := "$ " + m.Build + "\n"
	for _, n := range o.Notes {
		header += "[" + n + "]\n"
	}
	cfg := sandbox.Config{Limits: o.Limits, Dir: root, ReadOnly: o.ReadOnly}
	if o.Registries != nil {
		header += "[the language registries are reachable, through Arena's proxy; nothing else is]\n"
		cfg.Forward = []sandbox.Forward{{Port: ProxyPort, Serve: o.Registries.Serve}}
		env = append(env, regproxy.Env(ProxyPort)...)
		o.NPMCache = ""
	}
	if o.NPMCache != "" {
		cache, err := lendNPMCache(o.NPMCache, root)
		if err != nil {
			return Result{}, err
		}
		defer os.RemoveAll(cache)
		env = append(env, npmEnv(o.NPMCache, cache)...)
	}
	if o.PipCache != "" && o.Registries == nil && strings.Contains(m.Build, buildPipCache) {
		cache, err := lendCopy(o.PipCache, filepath.Join(root, buildPipCache), "pip")
		if err != nil {
			return Result{}, err
		}
		defer os.RemoveAll(cache)
	}
	// On a private copy of the tree: what the build writes stays within
	// its disk and file limits (sandbox.RunTree).
	run := sandbox.RunTree
	if o.Unsafe {
		header += "[built WITHOUT the sandbox: --unsafe-no-sandbox]\n"
		run = runUnsafe
	}
	r, err := run(ctx, cfg, m.Build, env)
	if err != nil {
		return Result{}, err
	}
	log := []byte(header)
	if r.Dropped > 0 {
		log = fmt.Appendf(log, "[%d earlier bytes of output dropped]\n", r.Dropped)
	}
	log = append(log, r.Output...)
	log = fmt.Appendf(log, "\nbuild %s in %s\n", r.Status, r.Duration.Round(time.Millisecond))
	return Result{OK: r.OK(), Status: r.Status, Log: log}, nil
}

// runUnsafe is sandbox.RunIn without the sandbox (the limits are not
// applied): the command's process group is killed when ctx ends, and its
// output is kept the same way, the last sandbox.MaxOutput bytes.
func runUnsafe(ctx context.Context, cfg sandbox.Config, command string, env []string) (sandbox.Result, error) {
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", command)
	cmd.Dir = cfg.Dir
	cmd.Env = append(os.Environ(), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	// a process that left the group (setsid) may hold the output open:
	// stop reading it a moment after the command ends
	cmd.WaitDelay = time.Second
	out := &sandbox.Tail{Keep: sandbox.MaxOutput}
	cmd.Stdout, cmd.Stderr = out, out
	start := time.Now()
	err := cmd.Run()
	if errors.Is(err, exec.ErrWaitDelay) {
		err = nil // the command itself succeeded
	}
	r := sandbox.Result{Duration: time.Since(start), Status: "ok"}
	r.Output, r.Dropped = out.Bytes()
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		r.Code, r.Status = -1, "timed out"
	case errors.As(err, &ee):
		r.Code = ee.ExitCode()
		r.Status = fmt.Sprintf("exited with status %d", r.Code)
	case err != nil:
		return sandbox.Result{}, err
	}
	return r, nil
}

// CheckLinks refuses a built tree with a symbolic link that does not
// resolve inside it: a bot's sandbox shows the directories its run
// command names, following links on the host, so a link the build made
// (dist -> ../../7/src/kit/dist) would show it another team's tree. A
// link that resolves nowhere is refused too: its target could appear
// later.
func CheckLinks(root string) error {
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		return err
	}
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.Type()&fs.ModeSymlink == 0 {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		target, _ := os.Readlink(p)
		t, err := filepath.EvalSymlinks(p)
		if err != nil || (t != real && !strings.HasPrefix(t, real+string(filepath.Separator))) {
			return fmt.Errorf("the build left %s, a link to %s outside its tree: links must stay in the kit's directory", rel, target)
		}
		return nil
	})
}
