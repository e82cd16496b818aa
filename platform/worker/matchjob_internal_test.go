package worker

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/matchmaking"
	"github.com/seed27749672/arena/platform/news"
	"github.com/seed27749672/arena/platform/play"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/store/sqlite"
)

// A game of a round or final that ends in this process wakes the clock
// that looks for the stage's end (at once, not at its next tick); a
// casual game does not.
func TestAFormatGameWakesTheClock(t *testing.T) {
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "arena.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ev := &event.Events{Store: db}
	woken := 0
	p := &Pool{Matches: &matchmaking.Matchmaker{Events: ev, Player: &play.Player{Events: ev}},
		matchEnded: make(chan struct{}, 1), StageGameEnded: func() { woken++ }}
	w := &matchWorker{p: p}
	for _, c := range []struct {
		args queue.Match
		wake bool
	}{
		{queue.Match{Event: 99, Key: "casual-99-1"}, false},
		{queue.Match{Event: 99, Key: "ranked-99-1-1", MatchKind: store.KindRanked}, true},
		{queue.Match{Event: 99, Key: "final-99-1", MatchKind: store.KindFinal, Unrated: true}, true},
	} {
		woken = 0
		w.Work(context.Background(), &river.Job[queue.Match]{JobRow: &rivertype.JobRow{}, Args: c.args}) // no event 99: ends at once
		switch {
		case woken > 0 && !c.wake:
			t.Errorf("%s woke the clock", c.args.Key)
		case woken == 0 && c.wake:
			t.Errorf("%s did not wake the clock", c.args.Key)
		}
	}
}

// A match job that fails writes nothing; it is told all the same, so
// that the organiser's page lists the failing game without polling.
func TestAFailedMatchJobIsTold(t *testing.T) {
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "arena.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var hub news.Hub
	changes, cancel := hub.Subscribe(99)
	defer cancel()
	ev := &event.Events{Store: news.Announced(db, &hub)}
	p := &Pool{Matches: &matchmaking.Matchmaker{Events: ev, Player: &play.Player{Events: ev}}, matchEnded: make(chan struct{}, 1)}
	w := &matchWorker{p: p}
	if err := w.Work(context.Background(), &river.Job[queue.Match]{JobRow: &rivertype.JobRow{}, Args: queue.Match{Event: 99, Key: "ranked-99-1-1"}}); err == nil {
		t.Fatal("a job of no event was played")
	}
	select {
	case c := <-changes:
		if c.What != news.Failed || c.Event != 99 {
			t.Fatalf("told %+v", c)
		}
	default:
		t.Fatal("the failed job was not told")
	}
}
