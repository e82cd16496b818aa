package matchmaking

import (
	"context"
	"reflect"
	"testing"

	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/store"
)

// matchLog is a store of one event's matches that counts the matches it
// lists; a match hidden is not committed yet: neither listed nor counted.
type matchLog struct {
	store.Store
	ms     []store.Match // newest first
	hidden map[int64]bool
	listed int
}

func (s *matchLog) visible() []store.Match {
	var out []store.Match
	for _, m := range s.ms {
		if !s.hidden[m.ID] {
			out = append(out, m)
		}
	}
	return out
}

func (s *matchLog) Matches(_ context.Context, _ int64, limit int) ([]store.Match, error) {
	ms := s.visible()
	ms = ms[:min(limit, len(ms))]
	s.listed += len(ms)
	return ms, nil
}

func (s *matchLog) CountMatches(_ context.Context, _ int64, kind string) (all, failed int, err error) {
	for _, m := range s.visible() {
		if kind == "" || m.Kind == kind {
			all++
			if m.Error != "" {
				failed++
			}
		}
	}
	return all, failed, nil
}

func (s *matchLog) MatchCounts(_ context.Context, _ int64) (store.MatchCounts, error) {
	return store.CountByKind(s.visible()), nil
}

// add records the match numbered id (ids may come out of order, as
// PostgreSQL's may commit).
func (s *matchLog) add(id int64) {
	m := store.Match{ID: id, Kind: store.KindCasual, Teams: []int64{1, 2}, Submissions: []int64{11, 12}, Ranks: []int{1 + int(id%3)%2, 2 - int(id%3)%2}}
	if id%7 == 0 {
		m.Kind = store.KindRanked
	}
	i := 0
	for i < len(s.ms) && s.ms[i].ID > id {
		i++
	}
	s.ms = append(s.ms[:i], append([]store.Match{m}, s.ms[i:]...)...)
}

// TestTheFitReadsOnlyNewMatches: a fit made again after a match reads
// that match, not the event's every match, and fits what a whole read
// fits; a match committed late (an id below the last fit's newest) makes
// the fit read the whole window again.
func TestTheFitReadsOnlyNewMatches(t *testing.T) {
	teams := []store.Team{{ID: 1, Active: 11}, {ID: 2, Active: 12}}
	stored := map[int64]store.Rating{1: {TeamID: 1}, 2: {TeamID: 2}}
	log := &matchLog{hidden: map[int64]bool{}}
	mk := &Matchmaker{Events: &event.Events{Store: log}}
	ctx := context.Background()
	check := func(what string, maxListed int) {
		t.Helper()
		log.listed = 0
		got, _, err := mk.eventFit(ctx, 1, teams, stored)
		if err != nil {
			t.Fatal(err)
		}
		if log.listed > maxListed {
			t.Errorf("%s: %d matches read, want at most %d", what, log.listed, maxListed)
		}
		if want := fitMatches(teams, log.visible()).ratings(stored); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: fitted %+v, a whole read fits %+v", what, got, want)
		}
	}
	for id := int64(1); id <= 60; id++ {
		log.add(id)
	}
	check("the first fit", 60)
	log.add(61)
	check("after a match", 2)
	log.add(62)
	log.add(63)
	check("after two matches", 3)
	teams[1].Active = 13
	check("after a new submission", 1)
	teams[1].Active = 12 // its games count again
	check("after the old one again", 1)
	log.hidden[65] = true
	log.add(64)
	log.add(65)
	log.add(66)
	check("with a match not committed", 3)
	delete(log.hidden, 65)
	log.add(67)
	check("once it is", 3+67) // the matches since, then the whole window
	log.add(68)
	check("after a match again", 2)
}
