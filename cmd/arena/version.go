package main

import (
	"runtime/debug"
	"strings"
)

func init() {
	rootCmd.Version = version()
	rootCmd.SetVersionTemplate("arena {{.Version}}\n")
}

// version describes the running build (see describeBuild).
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	return describeBuild(bi)
}

// describeBuild says which build bi is: the module version (a tag, or
// "devel" for a build from a checkout), the commit and its time when Go
// recorded them ("(modified)" for a tree with uncommitted changes), and
// the Go version. Go records no commit with -buildvcs=false, nor from a
// git worktree (its .git is a file, which Go does not take for a
// repository), nor with go run: the line then says so, so that an
// operator knows why the commit is missing rather than guessing.
func describeBuild(bi *debug.BuildInfo) string {
	v := bi.Main.Version
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	var rev, at string
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	var extra []string
	switch {
	case rev != "":
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if dirty {
			rev += " (modified)"
		}
		extra = append(extra, "commit "+rev)
		if at != "" {
			extra = append(extra, at)
		}
	case v == "devel":
		extra = append(extra, "no commit recorded: build from a git clone without -buildvcs=false")
	}
	extra = append(extra, bi.GoVersion)
	return v + " (" + strings.Join(extra, ", ") + ")"
}
