package main

import (
	"runtime/debug"
	"strings"
)

func init() {
	rootCmd.Version = version()
	rootCmd.SetVersionTemplate("arena {{.Version}}\n")
}

// version describes the build: the module version (a tag, or "devel" for
// a build from a checkout), the commit and its date when Go recorded them,
// and the Go version.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
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
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if dirty {
			rev += " with local changes"
		}
		extra = append(extra, "commit "+rev)
	}
	if at != "" {
		extra = append(extra, at)
	}
	extra = append(extra, bi.GoVersion)
	return v + " (" + strings.Join(extra, ", ") + ")"
}
