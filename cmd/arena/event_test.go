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

func TestEventSettingsOnTheCommandLine(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	out, stderr, code := run(t, "event", "create", "jungle", "--data", data, "--name", "Blitz", "--seats", "2,4",
		"--maps", "canopy,swamp", "--turn-ms", "200", "--first-turn-ms", "1500", "--memory", "256",
		"--start", "2026-01-01T10:00", "--end", "2099-01-01T00:00:00Z", "--house-bots=false")
	if code != 0 || !strings.Contains(out, "seats:       2,4") || !strings.Contains(out, "maps:        canopy, swamp") ||
		!strings.Contains(out, "256 MiB") || !strings.Contains(out, "house bots:  off") {
		t.Fatalf("exit %d: %s%s", code, out, stderr)
	}
	out, _, code = run(t, "event", "show", "1", "--data", data, "--json")
	var ev struct {
		Settings struct {
			Seats       []int
			Maps        []string
			TurnMS      int `json:"turn_ms"`
			FirstTurnMS int `json:"first_turn_ms"`
			MemoryMiB   int `json:"memory_mib"`
			Start, End  string
			HouseBots   bool `json:"house_bots"`
		}
	}
	if err := json.Unmarshal([]byte(out), &ev); err != nil || code != 0 {
		t.Fatalf("%v: %s", err, out)
	}
	s := ev.Settings
	if len(s.Seats) != 2 || len(s.Maps) != 2 || s.TurnMS != 200 || s.FirstTurnMS != 1500 || s.MemoryMiB != 256 ||
		s.Start != "2026-01-01T10:00:00Z" || s.End != "2099-01-01T00:00:00Z" || s.HouseBots {
		t.Fatalf("settings %+v", s)
	}
	out, stderr, code = run(t, "event", "update", "1", "--data", data, "--seats", "3", "--house-bots", "--build-network", "registries")
	if code != 0 || !strings.Contains(out, "seats:       3") || !strings.Contains(out, "maps:        canopy, swamp") || !strings.Contains(out, "house bots:  on") ||
		!strings.Contains(out, "builds reach: the language registries") {
		t.Fatalf("update: exit %d: %s%s", code, out, stderr)
	}
	out, _, _ = run(t, "event", "list", "--data", data, "--json")
	if !strings.Contains(out, `"turn_ms": 200`) {
		t.Fatalf("list --json has no settings: %s", out)
	}
	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"event", "create", "ants", "--data", data, "--name", "x", "--seats", "two"}, "--seats"},
		{[]string{"event", "create", "ants", "--data", data, "--name", "x", "--seats", "3"}, "not 3"},
		{[]string{"event", "create", "ants", "--data", data, "--name", "x", "--start", "tomorrow"}, "not a time"},
		{[]string{"event", "create", "ants", "--data", data, "--name", "x", "--memory", "0"}, "--memory"},
		{[]string{"event", "create", "ants", "--data", data, "--name", "x", "--build-network", "on"}, "registries"},
		{[]string{"event", "create", "jungle", "--data", data, "--name", "x", "--maps", "../../etc/passwd"}, "not a map"},
		{[]string{"event", "create", "tracks", "--data", data, "--name", "x", "--turn-ms", "10"}, "cannot be changed"},
		{[]string{"event", "show", "x", "--data", data}, "not an event id"},
		{[]string{"event", "show", "9", "--data", data}, "no event 9"},
		{[]string{"event", "update", "1", "--data", data, "--seats", "5"}, "not 5"},
	} {
		if _, stderr, code := run(t, bad.args...); code == 0 || !strings.Contains(stderr, bad.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", bad.args, code, stderr, bad.want)
		}
	}
}
