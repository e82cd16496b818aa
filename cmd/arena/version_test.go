package main

import (
	"runtime/debug"
	"testing"
)

func TestVersionNamesTheCommit(t *testing.T) {
	setting := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	for _, c := range []struct {
		version  string
		settings []debug.BuildSetting
		want     string
	}{
		{"v1.2.0", setting("vcs.revision", "0123456789abcdef0123", "vcs.time", "2026-11-29T08:00:00Z", "vcs.modified", "false"),
			"v1.2.0 (commit 0123456789ab, 2026-11-29T08:00:00Z, go1.26.8)"},
		{"(devel)", setting("vcs.revision", "0123456789abcdef0123", "vcs.time", "2026-11-29T08:00:00Z", "vcs.modified", "true"),
			"devel (commit 0123456789ab (modified), 2026-11-29T08:00:00Z, go1.26.8)"},
		{"v1.2.0", nil, "v1.2.0 (go1.26.8)"}, // go install ...@v1.2.0: the tag says it
		{"(devel)", nil, "devel (no commit recorded: build from a git clone without -buildvcs=false, go1.26.8)"},
	} {
		bi := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: c.version}, Settings: c.settings}
		if got := describeBuild(bi); got != c.want {
			t.Errorf("%s %v:\n got %q\nwant %q", c.version, c.settings, got, c.want)
		}
	}
}
