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
