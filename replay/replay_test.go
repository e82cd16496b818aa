package replay

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
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
	}
	if left := entries(t, dir); left != "m.json m.json.gz" {
		t.Fatalf("the directory holds %s; a temporary file was left behind", left)
	}
}

// entries lists a directory's names, sorted, space-separated.
func entries(t *testing.T, dir string) string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return strings.Join(names, " ")
}

func TestSaveWritesThroughSymlinks(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.json")
	if err := os.WriteFile(real, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink("real.json", link); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(dir, "dangling.json")
	if err := os.Symlink("new.json", dangling); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{link, dangling} {
		if err := Save(path, sample()); err != nil {
			t.Fatal(err)
		}
		if st, err := os.Lstat(path); err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("%s is no longer a symbolic link (%v)", path, err)
		}
		if _, err := Load(path); err != nil {
			t.Fatalf("the link's target holds no replay: %v", err)
		}
	}
	if st, _ := os.Stat(real); st.Mode().Perm() != 0o600 {
		t.Errorf("the existing file's mode became %v", st.Mode().Perm())
	}
	if left := entries(t, dir); left != "dangling.json link.json new.json real.json" {
		t.Errorf("the directory holds %s", left)
	}
}

func TestSaveWritesSpecialFilesDirectly(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO here:", err)
	}
	read := make(chan []byte, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			read <- nil
			return
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		read <- b
	}()
	if err := Save(fifo, sample()); err != nil {
		t.Fatal(err)
	}
	if b := <-read; !strings.Contains(string(b), `"arena-replay"`) {
		t.Fatalf("the reader of the FIFO got %q", b)
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the FIFO was replaced (%v, %v)", st.Mode(), err)
	}
	if left := entries(t, dir); left != "pipe" {
		t.Errorf("the directory holds %s", left)
	}
}

func TestSaveRefusesADirectory(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "replays")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []func(string) error{func(p string) error { return Save(p, sample()) }, CheckPath} {
		err := f(sub)
		if err == nil || !strings.Contains(err.Error(), "is a directory") {
			t.Fatalf("got %v, want a message saying it is a directory", err)
		}
	}
	if left := entries(t, dir); left != "replays" {
		t.Errorf("the directory holds %s; nothing may be left behind", left)
	}
}

func TestSaveFailureLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	bad := sample()
	bad.Initial = json.RawMessage(`{not json`)
	if err := Save(filepath.Join(dir, "m.json"), bad); err == nil {
		t.Fatal("an unencodable replay was saved")
	}
	if left := entries(t, dir); left != "" {
		t.Errorf("the directory holds %s after a failed write", left)
	}
}

func TestCheckPath(t *testing.T) {
	dir := t.TempDir()
	if err := CheckPath(filepath.Join(dir, "m.json")); err != nil {
		t.Fatal(err)
	}
	err := CheckPath(filepath.Join(dir, "missing", "m.json"))
	if err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("a missing directory: %v", err)
	}
	if left := entries(t, dir); left != "" {
		t.Errorf("CheckPath left %s behind", left)
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

// TestWriteIsEncodingJSON: Write (go-json-experiment's v1 mode) writes the
// bytes encoding/json's Encoder writes (but for the spelling of U+FFFD), for a replay with what a replay
// can hold: HTML characters and invalid UTF-8 in a bot's text, a frame
// with spaces (compacted) and escapes, files, options, statistics of
// every kind, durations, a restart and both results.
func TestWriteIsEncodingJSON(t *testing.T) {
	r := sample()
	r.League, r.TimeScale = 2, 1.5
	r.Options = map[string]string{"map": "<b>&", "b": "2", "a": "1"}
	r.Files = map[string][]byte{"m.txt": []byte("\x00\xff map")}
	r.Clock = game.Clock{First: time.Second, Turn: 50 * time.Millisecond}
	r.Initial = json.RawMessage(" { \"a\" : [1, 2.50, -0.0, 1e21, \"<&>\\u2028\u2029\"] ,\"b\":null} ")
	r.Turns = append(r.Turns, Turn{Turn: 2, Restart: true, Frame: json.RawMessage(`{"t":"é\"\\"}`), Replies: []Reply{{
		Reply: game.Reply{Status: game.Timeout, Lines: []game.Line{{Text: "<script>\xff", TooLong: true, Failed: true}}, Time: time.Second},
		Asked: true, Stderr: "a\u2028b\x01&", StderrDropped: 7, Dropped: 3, Unread: 5,
		Wait: time.Microsecond, Extra: 2, Wake: 3, Starved: true,
	}}})
	r.Result.Summary = "a <wins>"
	r.Result.Players[0].Stats = map[string]any{"n": 3, "f": 1e21, "g": 0.000001, "s": "x&y", "b": true, "l": []int{1}, "z": nil}
	r.Outcome = &game.Result{Summary: "o", Players: []game.PlayerResult{{Rank: 1, Score: -2.5, Status: game.OK, Stats: map[string]any{"k": 1.5}}}}
	var got, want strings.Builder
	if err := Write(&got, r); err != nil {
		t.Fatal(err)
	}
	if err := json.NewEncoder(&want).Encode(r); err != nil {
		t.Fatal(err)
	}
	// the one difference: invalid UTF-8 becomes U+FFFD either way, spelt
	// as the character itself rather than as \ufffd (the same JSON string)
	if got.String() != strings.ReplaceAll(want.String(), `\ufffd`, "\ufffd") {
		t.Fatalf("Write wrote\n%s\nencoding/json writes\n%s", got.String(), want.String())
	}
}

// A saved replay's compressor is reused: each save still writes its
// own whole stream (a failed save, stopped mid-stream, leaves nothing in
// the next), and allocates a small part of a new compressor's ~800 KB.
func TestSaveReusesCompressors(t *testing.T) {
	dir := t.TempDir()
	bad := sample()
	bad.Turns[0].Frame = json.RawMessage(`{"t":`)
	other := sample()
	other.Seed = 99
	for i, r := range []*Replay{sample(), bad, other, sample()} {
		path := filepath.Join(dir, "m.json.gz")
		err := Save(path, r)
		if r == bad {
			if err == nil {
				t.Fatal("a replay with an invalid frame was saved")
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		got, err := Load(path)
		if err != nil {
			t.Fatalf("save %d: %v", i, err)
		}
		a, _ := json.Marshal(got)
		b, _ := json.Marshal(r)
		if string(a) != string(b) {
			t.Fatalf("save %d does not round-trip:\n%s\n%s", i, a, b)
		}
	}
	// a 100-turn match's replay of 300 KB: neither its compressor nor
	// the buffer of its JSON is made anew
	long := sample()
	frame := json.RawMessage(`{"cells":"` + strings.Repeat("ab", 1500) + `"}`)
	for i := range 100 {
		long.Turns = append(long.Turns, Turn{Turn: i + 2, Frame: frame})
	}
	// they outlast garbage collections, which come more often than saves
	var before, after runtime.MemStats
	var total uint64
	const saves = 20
	for range saves {
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&before)
		if err := Save(filepath.Join(dir, "m.json.gz"), long); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		total += after.TotalAlloc - before.TotalAlloc
	}
	if per := total / saves; per > 100<<10 {
		t.Fatalf("a save allocated %d KB: its compressor or its buffer was not reused", per>>10)
	}
}

// TestSaveCompressesFastest: a saved replay is compressed at the fastest
// level (compressing was a large part of the platform's CPU a match), as
// its gzip header says (XFL 4, RFC 1952), and is read back by the
// standard library's reader.
func TestSaveCompressesFastest(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.json.gz")
	if err := Save(path, sample()); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 10 || b[0] != 0x1f || b[1] != 0x8b || b[8] != 4 {
		t.Fatalf("not gzip at its fastest level: header % x", b[:min(10, len(b))])
	}
	if _, err := Load(path); err != nil {
		t.Fatal(err)
	}
}
