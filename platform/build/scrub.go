package build

import (
	"bytes"
	"path/filepath"
	"regexp"
	"sort"
)

// Scrubber takes the host's paths out of what a team is shown (its
// build's log, why its build failed): where the platform keeps its data,
// and the sandbox's own directories, say nothing to a team and tell an
// attacker where to look. A path inside the kit becomes relative to the
// kit.
type Scrubber struct {
	to []replacement // longest path first
}

type replacement struct{ from, to []byte }

// sandboxPaths are the sandbox's directories as a program inside sees
// them: a work directory ($HOME, /tmp/arena-sandbox-UID/NAME) and
// Arena's own mounts (/run/arena-sandbox/...).
var sandboxPaths = regexp.MustCompile(`(?:/[^/\s'"]+)*/arena-sandbox-\d+/[^/\s'"]+|/run/arena-sandbox(?:/[^/\s'"]+)?`)

// NewScrubber scrubs the kit's root (and what it resolves to) into
// relative paths, and hides the data directory's and the other host
// paths given (the build's directory, its parents) as "…".
func NewScrubber(root string, hidden ...string) Scrubber {
	var s Scrubber
	add := func(p, to string) {
		if p == "" || p == "/" || p == "." {
			return
		}
		for _, q := range variants(p) {
			s.to = append(s.to, replacement{[]byte(q + "/"), []byte(to + "/")}, replacement{[]byte(q), []byte(to)})
		}
	}
	add(root, ".")
	for _, h := range hidden {
		add(h, "…")
	}
	sort.SliceStable(s.to, func(i, j int) bool { return len(s.to[i].from) > len(s.to[j].from) })
	// "root/x" reads better as "x" than as "./x"
	for i, r := range s.to {
		if string(r.to) == "./" {
			s.to[i].to = nil
		}
	}
	return s
}

// variants are the spellings of a path: as given, absolute, resolved.
func variants(p string) []string {
	out := []string{filepath.Clean(p)}
	if abs, err := filepath.Abs(p); err == nil && abs != out[0] {
		out = append(out, abs)
	}
	if real, err := filepath.EvalSymlinks(p); err == nil && real != out[0] {
		out = append(out, real)
	}
	return out
}

// Bytes scrubs b.
func (s Scrubber) Bytes(b []byte) []byte {
	for _, r := range s.to {
		b = bytes.ReplaceAll(b, r.from, r.to)
	}
	return sandboxPaths.ReplaceAll(b, []byte("~"))
}

// String scrubs t.
func (s Scrubber) String(t string) string { return string(s.Bytes([]byte(t))) }
