package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Territory's shape set on the command line: arena games territory says
// what shape takes, arena play takes a set (each game one of its shapes)
// and refuses a bad one with the game's reason.
func TestTerritoryShapeSet(t *testing.T) {
	out, _, _ := run(t, "games", "territory")
	if !strings.Contains(out, "or a comma-separated set such as square,x that each game draws from") {
		t.Errorf("arena games territory does not describe shape sets:\n%s", out)
	}
	file := filepath.Join(t.TempDir(), "m.json")
	bots := []string{"--bot", "builtin:greedy", "--bot", "builtin:hunter", "--bot", "builtin:random", "--bot", "builtin:greedy"}
	args := append([]string{"play", "territory", "--opt", "shape=square,x", "--opt", "turns=10", "--seed", "3", "--replay", file}, bots...)
	if _, stderr, code := run(t, args...); code != 0 {
		t.Fatalf("play with shape=square,x: exit %d %s", code, stderr)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// the options say the set, the initial frame's arena the shape drawn
	shapes := regexp.MustCompile(`"shape": ?"([a-z,]+)"`).FindAllStringSubmatch(string(b), -1)
	drawn := map[string]bool{}
	for _, m := range shapes {
		drawn[m[1]] = true
	}
	if !drawn["square,x"] || len(drawn) != 2 || !(drawn["square"] || drawn["x"]) {
		t.Errorf("the replay's shapes: %v", drawn)
	}
	bad := append([]string{"play", "territory", "--opt", "shape=square,hex"}, bots...)
	if _, stderr, code := run(t, bad...); code == 0 || !strings.Contains(stderr, `option shape: unknown shape "hex"`) {
		t.Errorf("play with shape=square,hex: exit %d %s", code, stderr)
	}
}
