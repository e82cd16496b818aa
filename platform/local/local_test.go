package local_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/client"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
)

// The organiser's calls answer the same on an open platform (Local) as
// through its server (the API's client): the commands are written once,
// against client.Organiser, and only the opening chooses.
func TestLocalAnswersAsTheServer(t *testing.T) {
	p, remote := platformtest.Served(t)
	ctx := context.Background()
	ev, invite := platformtest.Event(t, p, "tracks", "Summer")
	teams, _ := platformtest.JoinReady(t, p, invite, "Owls", "Bats")
	m := store.Match{EventID: ev.ID, Key: "casual-1", Kind: store.KindCasual, Seed: 7,
		Teams: []int64{teams[0].ID, teams[1].ID}, Submissions: []int64{teams[0].Active, teams[1].Active}, Ranks: []int{1, 2}}
	if _, err := p.Store.RecordMatch(ctx, m, nil); err != nil {
		t.Fatal(err)
	}
	var local client.Organiser = platform.NewLocal(p)
	same := func(what string, call func(o client.Organiser) (any, error)) {
		t.Helper()
		a, aerr := call(local)
		b, berr := call(remote)
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if aerr != nil || berr != nil || string(ja) != string(jb) {
			t.Errorf("%s: local %s %v, server %s %v", what, ja, aerr, jb, berr)
		}
	}
	same("event", func(o client.Organiser) (any, error) {
		e, err := o.Event(ctx, ev.ID)
		e.Created = e.Created.Truncate(time.Second) // the API's JSON says seconds
		return e, err
	})
	same("teams", func(o client.Organiser) (any, error) { return o.Teams(ctx, ev.ID) })
	same("matches", func(o client.Organiser) (any, error) { return o.Matches(ctx, ev.ID) })
	same("failures", func(o client.Organiser) (any, error) {
		f, err := o.Failures(ctx, ev.ID)
		return len(f.Failing) == 0 && f.LookError == nil, err // none, however said
	})
	same("status", func(o client.Organiser) (any, error) {
		c, done, err := o.Status(ctx, ev.ID)
		return []any{c, done}, err
	})
	if _, err := local.Event(ctx, ev.ID+100); err == nil {
		t.Error("a missing event: no error")
	}
}
