package bot

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/seed27749672/arena/sandbox"
)

// newSandbox makes the bot's sandbox. The bot sees read-only the
// directories of the files its command names (its program, its script:
// `python3 bots/me.py` shows bots/), starts in the same directory as it
// would uncontained, and writes in its own work directory ($HOME).
//
// A bot given its own directory (Dir: a team's built kit, a source file's
// build) sees all of it: a kit's run command names dist/index.js, but
// node finds its modules in node_modules/ beside it, a JVM its jars in
// lib/. Arena's own working directory (Dir "") is never shown whole: it
// may be anyone's home.
func (p *Process) newSandbox() error {
	cwd := p.Dir
	if cwd == "" {
		cwd, _ = os.Getwd()
	}
	dirs, err := programDirs(p.Argv, cwd)
	if err != nil {
		return err
	}
	if p.Dir != "" {
		dirs = withTree(dirs, filepath.Clean(p.Dir))
	}
	sb, err := sandbox.New(sandbox.Config{
		Limits:   *p.Sandbox,
		ReadOnly: dirs,
		Chdir:    cwd,
		Forward:  p.Forward,
	})
	if err != nil {
		return err
	}
	p.sb = sb
	return nil
}

// wrap makes cmd run in the bot's sandbox, with its own variables only.
func (p *Process) wrap(cmd *exec.Cmd) {
	cmd.Env = containedEnv(p.sb, append(append([]string{}, p.Env...), p.marker))
	if err := p.sb.Wrap(cmd); err != nil {
		cmd.Err = err
	}
}

// containedEnv points the Node.js shim of CodinGameEnv at a copy in the
// sandbox's work directory: the original is in Arena's cache directory,
// which the bot does not see.
func containedEnv(sb *sandbox.Sandbox, env []string) []string {
	shim := NodeShim()
	if shim == "" {
		return env
	}
	for i, kv := range env {
		if !strings.Contains(kv, shim) {
			continue
		}
		copyPath, err := sb.AddFile(filepath.Base(shim), codingameJS)
		if err != nil {
			continue
		}
		env[i] = strings.ReplaceAll(kv, shim, copyPath)
	}
	return env
}

// systemDirs are shown to every sandbox already, or never.
var systemDirs = []string{"/usr", "/etc", "/bin", "/sbin", "/lib", "/lib64", "/opt", "/proc", "/sys", "/dev", "/run"}

// programDirs returns the directories of the paths a command names that
// exist: a word of argv, or of the script of `sh -c SCRIPT`, or an entry
// of a word that is a list (a class path: `java -cp lib.jar:. Player`).
// Relative paths are taken from cwd.
//
// The sandbox shows a directory as the host resolves it, symbolic links
// followed. Inside cwd (the bot's own files, perhaps a team's build) a
// link chooses what is shown, so a path there must resolve inside cwd: one
// that leads out (dist -> ../../7/dist) is refused, not shown. A path
// outside cwd was named by whoever wrote the command, and is shown as
// named.
func programDirs(argv []string, cwd string) ([]string, error) {
	words := argv
	if len(argv) == 3 && argv[1] == "-c" {
		words = append([]string{argv[0]}, strings.FieldsFunc(argv[2], func(r rune) bool {
			return strings.ContainsRune(" \t\n|&;<>()$`\"'=", r)
		})...)
	}
	var dirs []string
	seen := map[string]bool{}
	for _, w := range listEntries(words) {
		if w == "" || strings.HasPrefix(w, "-") {
			continue
		}
		p := w
		if !filepath.IsAbs(p) {
			p = filepath.Join(cwd, p)
		}
		fi, err := os.Stat(p)
		if err != nil {
			continue
		}
		if err := staysInside(w, p, cwd); err != nil {
			return nil, err
		}
		if !fi.IsDir() {
			p = filepath.Dir(p)
		}
		if p == "/" || seen[p] || underAny(p, systemDirs) {
			continue
		}
		seen[p] = true
		dirs = append(dirs, p)
	}
	return dirs, nil
}

// withTree shows tree instead of the directories of dirs inside it.
func withTree(dirs []string, tree string) []string {
	out := []string{tree}
	for _, d := range dirs {
		if !underAny(d, []string{tree}) {
			out = append(out, d)
		}
	}
	return out
}

// listEntries adds to words the entries of those that are lists of
// paths separated by colons.
func listEntries(words []string) []string {
	out := words
	for _, w := range words {
		if strings.Contains(w, ":") {
			out = append(out, strings.Split(w, ":")...)
		}
	}
	return out
}

// staysInside checks that p, the path of the command's word w, resolves
// inside cwd when it is named inside cwd.
func staysInside(w, p, cwd string) error {
	cwd = filepath.Clean(cwd)
	if !underAny(filepath.Clean(p), []string{cwd}) {
		return nil
	}
	realDir, err := filepath.EvalSymlinks(cwd)
	if err != nil {
		return err
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return err
	}
	if !underAny(real, []string{realDir}) {
		return fmt.Errorf("%s leads out of the bot's directory %s through a symbolic link (to %s): the sandbox does not show it", w, cwd, real)
	}
	return nil
}

func underAny(p string, dirs []string) bool {
	for _, d := range dirs {
		if p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// containedExit translates how bwrap ended: it exits with 128+N when the
// bot was killed by signal N; and names the limit behind the end, if any.
func containedExit(sb *sandbox.Sandbox, e Exit) Exit {
	if e.Signal == "" && e.Code > 128 && e.Code < 128+65 {
		e.Limit = sb.Verdict(e.Code)
		e.Signal = unix.SignalName(unix.Signal(e.Code - 128))
		e.Code = -1
		return e
	}
	if e.Code != 0 || e.Signal != "" {
		e.Limit = sb.Exceeded()
	}
	return e
}
