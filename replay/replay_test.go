package replay

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
)

func sample() *Replay {
	return &Replay{
		Format: Format, Version: Version, Game: "g", GameVersion: "1", Seed: -3,
		Players: []Player{{Name: "a", Spec: "builtin:a"}},
		Started: time.Date(2026, 11, 22, 1, 2, 3, 0, time.UTC),
		Initial: json.RawMessage(`{"t":0}`),
		Turns: []Turn{{Turn: 1, Frame: json.RawMessage(`{"t":1}`), Replies: []Reply{{
			Reply: game.Reply{Status: game.Answered, Lines: []game.Line{{Text: "WAIT"}}, Time: 1234567},
			CPU:   10 * time.Millisecond, Stderr: "hi",
		}}}},
		Result: &Result{Turns: 1, Players: []PlayerResult{{Name: "a", AvgMs: 1.2, MaxMs: 1.2, CPUMs: 10}}},
	}
}

func TestSaveLoad(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"m.json", "m.json.gz"} {
		path := filepath.Join(dir, name)
		if err := Save(path, sample()); err != nil {
			t.Fatal(err)
		}
		raw, _ := os.ReadFile(path)
		if gz := strings.HasSuffix(name, ".gz"); gz != (raw[0] == 0x1f && raw[1] == 0x8b) {
			t.Fatalf("%s: gzip is chosen by the extension", name)
		}
		got, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := json.Marshal(got)
		b, _ := json.Marshal(sample())
		if string(a) != string(b) {
			t.Fatalf("%s does not round-trip:\n%s\n%s", name, a, b)
		}
		if _, err := os.Stat(path + ".tmp"); !os.IsNotExist(err) {
			t.Fatal("the temporary file was left behind")
		}
	}
}

func TestReadRefusesOtherFiles(t *testing.T) {
	for in, want := range map[string]string{
		`{"format":"other","version":1}`:        "not an Arena replay",
		`{"format":"arena-replay","version":9}`: "format version 9",
		`not json`:                              "not a replay",
	} {
		if _, err := Read(strings.NewReader(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", in, err, want)
		}
	}
}

func TestStripTimings(t *testing.T) {
	r := sample()
	r.Turns[0].Replies = append(r.Turns[0].Replies, Reply{Reply: game.Reply{Status: game.Waiting, Waiting: time.Second}})
	r.StripTimings()
	rp := r.Turns[0].Replies[0]
	if p := r.Result.Players[0]; !r.Started.IsZero() || rp.Time != 0 || rp.CPU != 0 || r.Turns[0].Replies[1].Waiting != 0 ||
		p.AvgMs != 0 || p.MaxMs != 0 || p.CPUMs != 0 {
		t.Fatalf("timings left: %+v", r)
	}
	if rp.Text() != "WAIT" || rp.Stderr != "hi" {
		t.Fatal("StripTimings must keep everything else")
	}
}
