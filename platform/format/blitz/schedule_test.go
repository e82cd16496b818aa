package blitz

import (
	"slices"
	"testing"
	"time"
)

var friday = time.Date(2022, 1, 21, 18, 0, 0, 0, time.UTC)

// Rounds fall due every interval from the start; a round missed is played
// once, an interval after the last one began, not in a burst; a cap stops
// them.
func TestDue(t *testing.T) {
	s := Schedule{Start: friday, Every: time.Hour, Size: 4}
	cases := []struct {
		now    time.Time
		played int
		last   time.Time
		due    bool
	}{
		{friday.Add(-time.Second), 0, time.Time{}, false},
		{friday, 0, time.Time{}, true},
		{friday.Add(59 * time.Minute), 1, friday, false},
		{friday.Add(time.Hour), 1, friday, true},
		// the server was down from 19:00 to 22:30: round 2 at once...
		{friday.Add(4*time.Hour + 30*time.Minute), 1, friday, true},
		// ...round 3 an hour after round 2 began, not straight after
		{friday.Add(4*time.Hour + 31*time.Minute), 2, friday.Add(4*time.Hour + 30*time.Minute), false},
		{friday.Add(5*time.Hour + 30*time.Minute), 2, friday.Add(4*time.Hour + 30*time.Minute), true},
	}
	for _, c := range cases {
		if got := s.Due(c.now, c.played, c.last); got != c.due {
			t.Errorf("at %s with %d played (last %s): due %v, want %v", c.now.Format("15:04:05"), c.played, c.last.Format("15:04"), got, c.due)
		}
	}
	s.Rounds = 2
	if s.Due(friday.Add(10*time.Hour), 2, friday.Add(time.Hour)) {
		t.Error("a third round with a cap of 2")
	}
	if (Schedule{Start: friday, Every: time.Hour, Size: 3}).Due(friday, 0, time.Time{}) {
		t.Error("a schedule with groups of 3 is due")
	}
}

func TestCheck(t *testing.T) {
	for _, bad := range []Schedule{{Every: time.Hour, Size: 2}, {Start: friday, Every: time.Second, Size: 2}, {Start: friday, Every: time.Hour, Size: 3}, {Start: friday, Every: time.Hour, Size: 2, Rounds: -1}} {
		if bad.Check() == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	if err := (Schedule{Start: friday, Every: time.Hour, Size: 2}).Check(); err != nil {
		t.Error(err)
	}
}

// The ranking keeps its order, drops teams with no bot, and puts
// newcomers at the bottom.
func TestMerge(t *testing.T) {
	got := Merge([]int64{5, 3, 9, 1}, []int64{1, 2, 3, 5, 7})
	if want := []int64{5, 3, 1, 2, 7}; !slices.Equal(got, want) {
		t.Errorf("%v, want %v", got, want)
	}
	if got := Merge(nil, []int64{4, 2}); !slices.Equal(got, []int64{4, 2}) {
		t.Errorf("first round: %v", got)
	}
}

// A stopped schedule has no round due, however late; saved anew after
// rounds were played, its first round is due at its own start (not
// where the old schedule had got to) and its cap counts its own rounds.
func TestStoppedAndSavedAnew(t *testing.T) {
	s := Schedule{Start: friday, Every: time.Hour, Size: 2, Stopped: true}
	if s.Due(friday.Add(100*time.Hour), 1, friday) {
		t.Error("a stopped schedule is due")
	}
	if _, ok := s.Next(1, friday); ok {
		t.Error("a stopped schedule has a next round")
	}
	// three rounds played from 18:00; a new schedule from 23:00, at most 2
	later := friday.Add(5 * time.Hour)
	s = Schedule{Start: later, Every: time.Hour, Size: 2, Rounds: 2, Before: 3}
	last := friday.Add(2 * time.Hour)
	if at, ok := s.Next(3, last); !ok || !at.Equal(later) {
		t.Errorf("the new schedule's first round at %s (%v), want %s", at, ok, later)
	}
	if s.Due(later.Add(-time.Minute), 3, last) || !s.Due(later, 3, last) {
		t.Error("the new schedule's first round is not due at its start")
	}
	if at, _ := s.Next(4, later); !at.Equal(later.Add(time.Hour)) {
		t.Errorf("its second round at %s", at)
	}
	if s.Due(later.Add(10*time.Hour), 5, later.Add(time.Hour)) {
		t.Error("a third round of a schedule capped at 2")
	}
	// saved again with a start long past: due at once, but an interval
	// after the last round began
	s = Schedule{Start: friday, Every: time.Hour, Size: 2, Before: 3}
	if at, _ := s.Next(3, last); !at.Equal(last.Add(time.Hour)) {
		t.Errorf("a past start: next round at %s, want an interval after the last", at)
	}
}

// No round of the schedule starts at or after the event's end: not one
// due after it, nor one due before it and not begun by then (the server
// down across the end); with no end, the schedule is Next's.
func TestNoRoundAfterTheEnd(t *testing.T) {
	s := Schedule{Start: friday, Every: time.Hour, Size: 2}
	end := friday.Add(2*time.Hour + 30*time.Minute)
	cases := []struct {
		now    time.Time
		played int
		last   time.Time
		next   time.Time // zero: none
		due    bool
	}{
		{friday, 0, time.Time{}, friday, true},
		{friday.Add(2 * time.Hour), 2, friday.Add(time.Hour), friday.Add(2 * time.Hour), true},
		// round 4 would fall at 21:00, after the end at 20:30
		{friday.Add(2*time.Hour + time.Minute), 3, friday.Add(2 * time.Hour), time.Time{}, false},
		{friday.Add(50 * time.Hour), 3, friday.Add(2 * time.Hour), time.Time{}, false},
		// round 3, due at 20:00, not begun by 20:30: never
		{end.Add(-time.Second), 2, friday.Add(time.Hour), friday.Add(2 * time.Hour), true},
		{end, 2, friday.Add(time.Hour), time.Time{}, false},
		{end.Add(time.Hour), 2, friday.Add(time.Hour), time.Time{}, false},
	}
	for _, c := range cases {
		at, ok := s.NextBefore(end, c.now, c.played, c.last)
		if ok != !c.next.IsZero() || !at.Equal(c.next) {
			t.Errorf("at %s, %d played: next %s %v, want %s", c.now.Format("15:04:05"), c.played, at.Format("15:04"), ok, c.next.Format("15:04"))
		}
		if got := s.DueBefore(end, c.now, c.played, c.last); got != c.due {
			t.Errorf("at %s, %d played: due %v, want %v", c.now.Format("15:04:05"), c.played, got, c.due)
		}
	}
	// no end: Next's and Due's answers, long after
	late := friday.Add(50 * time.Hour)
	if at, ok := s.NextBefore(time.Time{}, late, 3, friday.Add(2*time.Hour)); !ok || !at.Equal(friday.Add(3*time.Hour)) || !s.DueBefore(time.Time{}, late, 3, friday.Add(2*time.Hour)) {
		t.Errorf("no end: next %s %v", at, ok)
	}
}
