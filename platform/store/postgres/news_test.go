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
	f.Add(`{"origin":"ab","event":3,"what":"build","team":5}`)
	f.Add(`{"origin":"ab","event":3,"what":"build"}`)
	f.Add(`{"origin":"ab","what":"workers"}`)
	f.Add(`{"origin":"ab","event":2,"what":"workers"}`)
	f.Add(`not json`)
	f.Fuzz(func(t *testing.T, payload string) {
		n, err := parseNotice(payload)
		if err != nil {
			return
		}
		var ok bool
		switch n.What {
		case store.ChangeWorkers: // the machines': no event's, no team's
			ok = n.Event == 0 && n.Team == 0
		case store.ChangeBuild: // a team's submissions
			ok = n.Event > 0 && n.Team > 0
		case store.ChangeMatch, store.ChangeState, store.ChangeFailed:
			ok = n.Event > 0
		}
		if n.Origin == "" || !ok {
			t.Fatalf("accepted %q as %+v", payload, n)
		}
		b, _ := json.Marshal(n)
		if m, err := parseNotice(string(b)); err != nil || m != n {
			t.Fatalf("%q read back as %+v (%v), want %+v", b, m, err, n)
		}
	})
}
