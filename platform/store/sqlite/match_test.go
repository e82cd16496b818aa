package sqlite

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/seed27749672/arena/platform/store"
)

// TestMatchValuesAreKept: the matches listed again are not decoded again
// (their values of JSON are kept) and are what was recorded, whoever
// changed what an earlier list gave; a match whose id is kept under
// another key is decoded afresh.
func TestMatchValuesAreKept(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "arena.db")
	d := open(t, path)
	defer d.Close()
	_, k, h := store.NewSecret("invite")
	ev, err := d.CreateEvent(ctx, store.Event{Game: "tracks", Name: "x"}, k, h)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		m := store.Match{EventID: ev.ID, Key: fmt.Sprint("job-", i), Kind: store.KindCasual, Teams: []int64{int64(i), 0},
			Submissions: []int64{7, 0}, Ranks: []int{1, 2}, Scores: []float64{1.5, float64(i)}, Stats: []map[string]float64{{"points": 3}, nil}}
		if i == 4 {
			m.Stats = nil
		}
		if _, err := d.RecordMatch(ctx, m, nil); err != nil {
			t.Fatal(err)
		}
	}
	values := func(ms []store.Match) []store.Match {
		var out []store.Match
		for _, m := range ms {
			out = append(out, store.Match{EventID: m.EventID, Key: m.Key, Kind: m.Kind, Teams: m.Teams, Submissions: m.Submissions, Ranks: m.Ranks, Scores: m.Scores, Stats: m.Stats})
		}
		return out
	}
	// as decoded afresh: by another handle on the file, which keeps its own
	fresh := open(t, path)
	defer fresh.Close()
	ref, err := fresh.Matches(ctx, ev.ID, 10)
	if err != nil || len(ref) != 5 {
		t.Fatalf("%d matches (%v)", len(ref), err)
	}
	want := values(ref)
	first, err := d.Matches(ctx, ev.ID, 10)
	if err != nil || !reflect.DeepEqual(values(first), want) {
		t.Fatalf("listed %+v (%v), want %+v", values(first), err, want)
	}
	if d.decoded.Len() != 5 {
		t.Fatalf("%d matches' values kept, want 5", d.decoded.Len())
	}
	// a caller changes what it was given
	first[1].Teams[0], first[1].Ranks[0], first[1].Scores[0], first[1].Stats[0]["points"] = 99, 99, 99, 99
	first[2].Stats[0]["new"] = 1
	// and a match's id is kept under another key: never taken for it
	old, _ := d.decoded.Get(first[3].ID)
	d.decoded.Add(first[3].ID, matchJSON{key: "another", teams: []int64{42}})
	// and one is kept, under its own key, with values of our own: a
	// match listed again gives what was kept
	d.decoded.Add(first[4].ID, matchJSON{key: first[4].Key, teams: []int64{42}})
	again, err := d.Matches(ctx, ev.ID, 10)
	if err != nil || !reflect.DeepEqual(values(again[:4]), want[:4]) {
		t.Fatalf("listed again %+v (%v), want %+v", values(again), err, want)
	}
	if !reflect.DeepEqual(again[4].Teams, []int64{42}) {
		t.Fatalf("a match listed again was decoded again: %+v", again[4])
	}
	// the others were taken from what was kept, not decoded: their values are the kept ones'
	for _, m := range again {
		v, _ := d.decoded.Get(m.ID)
		if v.key != m.Key || (len(v.teams) > 0 && &v.teams[0] == &m.Teams[0]) {
			t.Fatalf("match %d: kept %+v, given %+v (kept values are handed out as copies)", m.ID, v, m)
		}
	}
	if v, _ := d.decoded.Get(first[3].ID); !reflect.DeepEqual(v, old) {
		t.Fatalf("the match whose key differed was kept as %+v, want %+v", v, old)
	}
}

// TestMatchesAreCountedFromIndexes: the count of an event's matches by
// kind, which the fit of ratings makes at every scheduling pass, reads
// indexes, and the rows of the failed matches only, not each match's row
// (its error, to count the failed ones).
func TestMatchesAreCountedFromIndexes(t *testing.T) {
	d := open(t, filepath.Join(t.TempDir(), "arena.db"))
	defer d.Close()
	all := queryPlan(t, d, matchCounts, 1)
	// (the failed ones' rows are read: only theirs)
	for _, want := range []string{"SEARCH matches USING COVERING INDEX matches_kind (event_id=?)", "SEARCH matches USING INDEX matches_failed (event_id=?)"} {
		if !strings.Contains(all, want) {
			t.Errorf("the plan has no %q:\n%s", want, all)
		}
	}
}
