package match

import (
	"strings"
	"testing"
)

func TestStderrCaps(t *testing.T) {
	c := StderrCaps{Turn: 4, Match: 10}
	var used int64
	for _, step := range []struct {
		in, kept string
		cut      int64
	}{
		{"ab", "ab", 0},
		{"0123456789", "6789", 6}, // the turn's last 4 bytes
		{"wxyz", "wxyz", 0},       // 10 kept now: the match's cap
		{"more", "", 4},
	} {
		kept, cut := c.keep([]byte(step.in), &used)
		if string(kept) != step.kept || cut != step.cut {
			t.Errorf("keep(%q) = %q, %d cut; want %q, %d", step.in, kept, cut, step.kept, step.cut)
		}
	}
	if kept, cut := (StderrCaps{}).keep([]byte(strings.Repeat("x", 1<<20)), &used); len(kept) != 1<<20 || cut != 0 {
		t.Errorf("no caps: kept %d, cut %d", len(kept), cut)
	}
}
