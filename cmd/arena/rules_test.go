package main

import (
	"strings"
	"testing"
)

func TestRulesCommand(t *testing.T) {
	out, errs, code := run(t, "rules", "ants", "--league", "1")
	if code != 0 || !strings.HasPrefix(out, "# Ants & Crystals: league 1, Wood 2\n") || !strings.Contains(out, "There are no eggs in this league") ||
		strings.Contains(out, "myScore") {
		t.Fatalf("arena rules ants --league 1: %d %s\n%s", code, errs, out)
	}
	out, _, code = run(t, "rules", "ants")
	if code != 0 || !strings.Contains(out, "league 4, Silver+") || !strings.Contains(out, "myScore oppScore") {
		t.Errorf("arena rules ants (the default league): %d\n%s", code, out)
	}
	out, _, code = run(t, "rules", "tracks", "--league", "3", "--opt", "ink_threshold=4")
	if code != 0 || !strings.Contains(out, "- `ink_threshold=4`: instability at which a region is inked") {
		t.Errorf("arena rules tracks --opt: %d\n%s", code, out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"rules", "ants", "--league", "7"}, "leagues 1 to 4"},
		{[]string{"rules", "jungle"}, "jungle has no league statements"},
		{[]string{"rules", "tracks", "--opt", "ink_threshold=0"}, "ink_threshold"},
		{[]string{"rules", "chess"}, "chess"},
	} {
		if _, errs, code := run(t, c.args...); code == 0 || !strings.Contains(errs, c.want) {
			t.Errorf("arena %s: %d %q, want an error with %q", strings.Join(c.args, " "), code, errs, c.want)
		}
	}
}
