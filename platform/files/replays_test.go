package files

import (
	"testing"

	"github.com/seed27749672/arena/replay"
)

// TestReplayKeysNameNoPath: a replay's key never names a path (a key
// is the scheduler's, but the store must not trust it).
func TestReplayKeysNameNoPath(t *testing.T) {
	d := DirReplays{Dir: t.TempDir()}
	r := &replay.Replay{Format: replay.Format, Version: replay.Version}
	for _, bad := range []string{"../x", "a/b", "", "A", "x.json"} {
		if err := d.Put(bad, r); err == nil {
			t.Errorf("Put(%q) accepted", bad)
		}
		if _, err := d.Get(bad); err == nil {
			t.Errorf("Get(%q) accepted", bad)
		}
	}
	if err := d.Put("casual-1-2-3", r); err != nil {
		t.Fatal(err)
	}
	if got, err := d.Get("casual-1-2-3"); err != nil || got.Format != replay.Format {
		t.Fatalf("%+v %v", got, err)
	}
}
