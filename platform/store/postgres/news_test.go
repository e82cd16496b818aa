package postgres

import (
	"encoding/json"
	"testing"

	"github.com/seed27749672/arena/platform/store"
)

// Anything may NOTIFY the channel: what is not one of ours is refused,
// and what is read back is what was sent.
func FuzzParseNotice(f *testing.F) {
	f.Add(`{"origin":"ab","event":3,"what":"match","match":7}`)
	f.Add(`{"origin":"ab","event":3,"what":"state"}`)
	f.Add(`{"origin":"","event":3,"what":"match"}`)
	f.Add(`{"origin":"ab","event":-1,"what":"resync"}`)
	f.Add(`not json`)
	f.Fuzz(func(t *testing.T, payload string) {
		n, err := parseNotice(payload)
		if err != nil {
			return
		}
		if n.Origin == "" || n.Event <= 0 || (n.What != store.ChangeMatch && n.What != store.ChangeState && n.What != store.ChangeFailed) {
			t.Fatalf("accepted %q as %+v", payload, n)
		}
		b, _ := json.Marshal(n)
		if m, err := parseNotice(string(b)); err != nil || m != n {
			t.Fatalf("%q read back as %+v (%v), want %+v", b, m, err, n)
		}
	})
}
