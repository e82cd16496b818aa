package platform_test

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/news"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/pgtest"
	"github.com/seed27749672/arena/platform/store/postgres"
)

// next is the next change a follower gets, within a deadline (a lost
// change fails the test rather than hang it).
func next(t *testing.T, c <-chan news.Change, what string) news.Change {
	t.Helper()
	select {
	case ch := <-c:
		return ch
	case <-time.After(30 * time.Second):
		t.Fatalf("%s never reached the server's hub", what)
		return news.Change{}
	}
}

// A match recorded by another process (a worker on another machine: a
// store connection of its own) and a round drawn by another server reach
// the pages of this server, through PostgreSQL.
func TestChangesOfOtherProcessesReachTheServersHub(t *testing.T) {
	url := pgtest.URL(t)
	p := platformtest.OpenDB(t, url)
	p.FollowOthers()
	ev, invite := platformtest.Event(t, p, "tracks", "Far")
	changes, cancel := p.News.Subscribe(ev.ID)
	defer cancel()
	ctx := context.Background()
	worker, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer worker.Close()
	// the follower may not listen yet: record until one is heard
	c := untilHeard(t, changes, "a match recorded by another process", func(i int) error {
		_, err := worker.RecordMatch(ctx, store.Match{EventID: ev.ID, Key: fmt.Sprintf("far-%d", i), Teams: []int64{0, 0}}, nil)
		return err
	})
	ms, _ := p.Store.Matches(ctx, ev.ID, 1)
	if c.What != news.Match || c.Event != ev.ID || len(ms) != 1 || c.Match != ms[0].ID {
		t.Fatalf("heard %+v, the last match is %+v", c, ms)
	}
	for len(changes) > 0 {
		<-changes // the tries before the follower listened
	}
	// a state document changed elsewhere is a change; rewritten as it
	// was, none
	for _, doc := range []string{`{"round":1}`, `{"round":1}`, `{"round":2}`} {
		if _, err := worker.UpdateEventState(ctx, ev.ID, "test-doc", func([]byte) ([]byte, error) { return []byte(doc), nil }); err != nil {
			t.Fatal(err)
		}
	}
	for range 2 {
		if c := next(t, changes, "a state document changed by another process"); c.What != news.State || c.Event != ev.ID {
			t.Fatalf("heard %+v", c)
		}
	}
	// a team moved to another league by another process (a promotion
	// decided by the server that schedules)
	team, _, err := p.Join(ctx, invite, "Movers")
	if err != nil {
		t.Fatal(err)
	}
	for len(changes) > 0 {
		<-changes
	}
	if moved, err := worker.SetLeague(ctx, team.ID, team.League, team.League+1); !moved || err != nil {
		t.Fatalf("moved %v: %v", moved, err)
	}
	if c := next(t, changes, "a team moved to another league by another process"); c.What != news.State || c.Event != ev.ID {
		t.Fatalf("heard %+v", c)
	}
	// a job failed elsewhere writes nothing, and is told all the same
	if err := worker.Notify(ctx, store.Change{Event: ev.ID, What: store.ChangeFailed}); err != nil {
		t.Fatal(err)
	}
	if c := next(t, changes, "a job failed in another process"); c.What != news.Failed || c.Event != ev.ID {
		t.Fatalf("heard %+v", c)
	}
	// this process's own writes are told once (by its store), not again
	// through the database
	if _, err := p.Store.RecordMatch(ctx, store.Match{EventID: ev.ID, Key: "near", Teams: []int64{0, 0}}, nil); err != nil {
		t.Fatal(err)
	}
	next(t, changes, "a match recorded here")
	if _, err := worker.RecordMatch(ctx, store.Match{EventID: ev.ID, Key: "far-last", Teams: []int64{0, 0}}, nil); err != nil {
		t.Fatal(err)
	}
	last, _ := p.Store.Matches(ctx, ev.ID, 1)
	if c := next(t, changes, "the last match"); c.What != news.Match || c.Match != last[0].ID {
		t.Fatalf("heard %+v (its own match through the database?), the last match is %d", c, last[0].ID)
	}
	// the server's listening connection lost (killed here): it listens
	// again and tells its pages to read everything again, what came
	// meanwhile being lost
	var killed int
	if err := worker.Pool().QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE query = 'LISTEN arena_news'`).Scan(&killed); err != nil || killed != 1 {
		t.Fatalf("killed %d listening connections: %v", killed, err)
	}
	if c := next(t, changes, "the resync after the connection was lost"); c.What != news.Resync || c.Event != ev.ID {
		t.Fatalf("heard %+v", c)
	}
	if _, err := worker.RecordMatch(ctx, store.Match{EventID: ev.ID, Key: "far-again", Teams: []int64{0, 0}}, nil); err != nil {
		t.Fatal(err)
	}
	if c := next(t, changes, "a match after the connection came back"); c.What != news.Match {
		t.Fatalf("heard %+v", c)
	}
}

// A worker machine's heartbeat that changes the organiser's list of
// machines, and a build's change there, reach the pages of this server
// through PostgreSQL; a beat that changes nothing shown does not.
func TestWorkersAndBuildsOfOtherProcessesReachTheServersHub(t *testing.T) {
	url := pgtest.URL(t)
	p := platformtest.OpenDB(t, url)
	p.FollowOthers()
	ev, invite := platformtest.Event(t, p, "tracks", "Far")
	teams, _ := platformtest.JoinReady(t, p, invite, "Owls")
	changes, cancel := p.News.Subscribe(ev.ID, news.Machines)
	defer cancel()
	ctx := context.Background()
	db, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	worker := news.Announced(db, &news.Hub{}) // as a worker's rooms write
	now := time.Now().UTC()
	w := store.Worker{ID: "far-1", Host: "far", Cores: 2, Slots: 2, Started: now, Seen: now, Every: 5 * time.Second}
	// the follower may not listen yet: change the counts until one is heard
	c := untilHeard(t, changes, "a heartbeat of another process", func(i int) error {
		w.Done = int64(i)
		return worker.Heartbeat(ctx, w)
	})
	if c.What != news.Workers || c.Event != news.Machines {
		t.Fatalf("heard %+v", c)
	}
	for len(changes) > 0 {
		<-changes
	}
	w.Seen = w.Seen.Add(5 * time.Second) // a beat that changes nothing shown
	if err := worker.Heartbeat(ctx, w); err != nil {
		t.Fatal(err)
	}
	if err := worker.SetBuildStatus(ctx, teams[0].Active, store.StatusBuilding); err != nil {
		t.Fatal(err)
	}
	// one connection delivers in order: the build's change comes first
	if c := next(t, changes, "a build's change in another process"); c.What != news.Build || c.Event != ev.ID || c.Team != teams[0].ID {
		t.Fatalf("heard %+v, want team %d's build", c, teams[0].ID)
	}
}

// A flood of notifications is never queued: the follower passes each to
// the hub, which drops what a page has not read past its buffer; what
// comes after the flood is heard at once.
func TestAFloodOfNotificationsIsNotQueued(t *testing.T) {
	url := pgtest.URL(t)
	p := platformtest.OpenDB(t, url)
	p.FollowOthers()
	ev, _ := platformtest.Event(t, p, "tracks", "Flooded")
	marker, _ := platformtest.Event(t, p, "tracks", "Marker")
	flooded, cancel := p.News.Subscribe(ev.ID)
	defer cancel()
	after, cancelAfter := p.News.Subscribe(marker.ID)
	defer cancelAfter()
	ctx := context.Background()
	worker, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer worker.Close()
	untilHeard(t, after, "a match recorded before the flood", func(i int) error {
		_, err := worker.RecordMatch(ctx, store.Match{EventID: marker.ID, Key: fmt.Sprintf("m-%d", i), Teams: []int64{0, 0}}, nil)
		return err
	})
	for len(after) > 0 {
		<-after
	}
	// 20,000 distinct notifications in one transaction (identical ones
	// would be folded into one by PostgreSQL), as many workers would send
	const flood = 20000
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if _, err := worker.Pool().Exec(ctx, `SELECT pg_notify('arena_news', json_build_object('origin', 'elsewhere', 'event', $1::bigint, 'what', 'match', 'match', g)::text)
		FROM generate_series(1, $2::int) g`, ev.ID, flood); err != nil {
		t.Fatal(err)
	}
	if _, err := worker.RecordMatch(ctx, store.Match{EventID: marker.ID, Key: "after", Teams: []int64{0, 0}}, nil); err != nil {
		t.Fatal(err)
	}
	// one connection delivers in order: the marker comes after the flood
	next(t, after, "the change after the flood")
	var afterFlood runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&afterFlood)
	t.Logf("heap in use before the flood of %d notifications: %d KiB, after: %d KiB", flood, before.HeapInuse>>10, afterFlood.HeapInuse>>10)
	if n := len(flooded); n != news.Buffer {
		t.Fatalf("the page that read nothing holds %d changes, want its buffer's %d", n, news.Buffer)
	}
	for range news.Buffer {
		if c := <-flooded; c.Event != ev.ID || c.Match < 1 || c.Match > news.Buffer {
			t.Fatalf("held %+v: the first changes are kept, the rest dropped", c)
		}
	}
}

// untilHeard writes (the i-th try) until the hub passes a change on: the
// server's follower may not listen yet when the test begins, so one
// write could go unheard. It gives up after 150 tries 200 ms apart.
func untilHeard(t *testing.T, changes <-chan news.Change, what string, write func(i int) error) news.Change {
	t.Helper()
	for i := 0; ; i++ {
		if err := write(i); err != nil {
			t.Fatal(err)
		}
		select {
		case c := <-changes:
			return c
		case <-time.After(200 * time.Millisecond):
			if i >= 150 {
				t.Fatalf("%s never reached the server's hub", what)
			}
		}
	}
}
