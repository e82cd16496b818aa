// Package compile builds the bots that the commands playing matches are
// given as a source file (`arena play ants --bot mybot.kt`): each file
// once, with the language registry's commands (package lang), alone in a
// temporary directory, in the sandbox when the bots run in one.
package compile

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/seed27749672/arena/lang"
	"github.com/seed27749672/arena/sandbox"
)

// Builds builds source files into bots. Close removes what they built.
type Builds struct {
	// Sandbox, when not nil, runs the builds contained with these limits
	// (the bots they make run contained too).
	Sandbox *sandbox.Limits
	Timeout time.Duration // per build; default 5 minutes

	mu    sync.Mutex
	built map[string]built // by the file's absolute path
	dirs  []string
}

type built struct {
	dir, run string
	err      error
}

// Build builds the source file at path, once however often it is asked,
// and returns the directory of the bot and its command line there.
func (bs *Builds) Build(path string) (dir, run string, err error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", "", err
	}
	bs.mu.Lock()
	defer bs.mu.Unlock()
	if b, ok := bs.built[abs]; ok {
		return b.dir, b.run, b.err
	}
	b := bs.build(abs)
	if bs.built == nil {
		bs.built = map[string]built{}
	}
	bs.built[abs] = b
	return b.dir, b.run, b.err
}

func (bs *Builds) build(path string) built {
	src, err := os.ReadFile(path)
	if err != nil {
		return built{err: err}
	}
	b, err := lang.Plan(filepath.Base(path), src)
	if err != nil {
		return built{err: err}
	}
	dirs := lang.HostPath()
	if bs.Sandbox != nil {
		dirs = sandbox.Path()
	}
	if why := b.Language.Unbuildable(dirs); why != "" {
		return built{err: fmt.Errorf("%s: %s", path, why)}
	}
	dir, err := bs.newDir()
	if err != nil {
		return built{err: err}
	}
	if err := b.Write(dir); err != nil {
		return built{err: err}
	}
	if b.Build != "" {
		if err := bs.run(dir, b, dirs); err != nil {
			return built{err: fmt.Errorf("building %s (%s): %w", path, b.Language.Title, err)}
		}
	}
	return built{dir: dir, run: b.Run}
}

// newDir makes a directory for one build, that the sandbox's identity
// can reach.
func (bs *Builds) newDir() (string, error) {
	dir, err := os.MkdirTemp("", "arena-bot-")
	if err != nil {
		return "", err
	}
	bs.dirs = append(bs.dirs, dir)
	return dir, os.Chmod(dir, 0o755)
}

// run runs a bot's build command in dir, with the programs of dirs, and
// says how it failed with its output.
func (bs *Builds) run(dir string, b lang.Bot, dirs []string) error {
	command, env := b.Build, b.Language.BuildEnv(dirs)
	timeout := bs.Timeout
	if timeout <= 0 {
		timeout = 5 * time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if bs.Sandbox != nil {
		r, err := sandbox.RunIn(ctx, sandbox.Config{Limits: *bs.Sandbox, Dir: dir, ReadOnly: b.Language.Shown()}, command, env)
		if err == nil && !r.OK() {
			err = fmt.Errorf("%s:\n%s", r.Status, r.Output)
		}
		return err
	}
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", command)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		return fmt.Errorf("timed out after %s:\n%s", timeout, out)
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return fmt.Errorf("exited with status %d:\n%s", ee.ExitCode(), strings.TrimRight(string(out), "\n"))
	}
	return err
}

// Close removes every build's directory.
func (bs *Builds) Close() error {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	var errs []error
	for _, d := range bs.dirs {
		errs = append(errs, os.RemoveAll(d))
	}
	bs.dirs, bs.built = nil, nil
	return errors.Join(errs...)
}
