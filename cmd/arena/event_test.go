package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

func TestEventCreateAndList(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	out, stderr, code := run(t, "event", "create", "tracks", "--data", data, "--name", "Summer Cup", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var created struct {
		Event struct {
			ID   int64
			Game string
			Name string
		}
		Invite string
	}
	if err := json.Unmarshal([]byte(out), &created); err != nil || created.Event.ID != 1 || created.Event.Game != "tracks" || !strings.HasPrefix(created.Invite, "invite-") {
		t.Fatalf("%v: %s", err, out)
	}
	out, stderr, code = run(t, "event", "create", "ants", "--data", data, "--name", "Ants", "--opt", "max_turns=100")
	if code != 0 || !strings.Contains(out, "event 2: Ants (ants)") || !strings.Contains(out, "invitation (shown once") {
		t.Fatalf("exit %d: %s%s", code, out, stderr)
	}
	out, _, code = run(t, "event", "list", "--data", data)
	if code != 0 || !strings.Contains(out, "Summer Cup") || !strings.Contains(out, "max_turns=100") || strings.Contains(out, "invite-") {
		t.Fatalf("exit %d: list shows no events or shows an invitation:\n%s", code, out)
	}
	out, _, _ = run(t, "event", "list", "--data", data, "--json")
	var list []map[string]any
	if err := json.Unmarshal([]byte(out), &list); err != nil || len(list) != 2 {
		t.Fatalf("%v: %s", err, out)
	}
	for _, bad := range [][]string{
		{"event", "create", "chess", "--data", data, "--name", "x"},
		{"event", "create", "tracks", "--data", data},
		{"event", "create", "tracks", "--name", "x"},
		{"event", "create", "ants", "--data", data, "--name", "x", "--opt", "max_turns=abc"},
	} {
		if _, stderr, code := run(t, bad...); code == 0 || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q", bad, code, stderr)
		}
	}
}
