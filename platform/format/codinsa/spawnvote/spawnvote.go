// Package spawnvote is the Cod'INSA 2025 final's choice of spawn sets
// (rules/catmouse §3, D3, D4): the organiser publishes the map and set 0
// and keeps the secret set 9; each team proposes one set, the first 8
// valid proposals getting ids 1 to 8 in order; each team votes for one
// team set that is not its own, and may change its vote until the vote
// closes; the set with most votes plays game 2 of every match (ties: the
// lowest id; no valid vote: the lowest team id; no team set: set 0).
//
// State is plain data (it is kept as JSON by the platform); the chosen set
// is computed by the catmouse game's own Pack.Choose, and never shown to
// teams (TeamView).
package spawnvote

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/seed27749672/arena/games/catmouse"
)

// MaxProposals is how many team sets there can be (ids 1 to 8).
const MaxProposals = 8

// State is the spawn sets and votes of one event.
type State struct {
	// Map is the published map file ("" plays the game's default map).
	Map string `json:"map"`
	// Set0 and Secret are the organiser's sets 0 and 9, as files.
	Set0      string     `json:"set0"`
	Secret    string     `json:"secret"`
	Published bool       `json:"published"`
	Proposals []Proposal `json:"proposals"` // in order: ids 1, 2...
	// Votes holds each team's vote (team id -> set id).
	Votes  map[int64]int `json:"votes"`
	Closed bool          `json:"closed"` // no more proposals nor votes
}

// Proposal is a team's set.
type Proposal struct {
	ID   int    `json:"id"`
	Team int64  `json:"team"`
	Set  string `json:"set"` // the set as a file, with its ID and NAME set
}

// ErrClosed is returned for a proposal or a vote after the vote closed.
var ErrClosed = errors.New("the spawn vote is closed")

// Board returns the published map.
func (s *State) Board() (*catmouse.Board, error) {
	if strings.TrimSpace(s.Map) == "" {
		return catmouse.DefaultMap(), nil
	}
	return catmouse.ParseMap(s.Map)
}

// Publish sets the map and the organiser's sets 0 and 9, checked on the
// map (D4). It may be done again until the vote closes; the teams'
// proposals must then still be valid on the new map.
func (s *State) Publish(mapFile, set0, secret string) error {
	if s.Closed {
		return ErrClosed
	}
	next := *s
	next.Map, next.Published = mapFile, true
	b, err := next.Board()
	if err != nil {
		return err
	}
	if next.Set0, err = organiserSet(set0, catmouse.OrganiserSpawn, "organiser", b); err != nil {
		return fmt.Errorf("set 0: %w", err)
	}
	if next.Secret, err = organiserSet(secret, catmouse.SecretSpawn, "secret", b); err != nil {
		return fmt.Errorf("set 9: %w", err)
	}
	for _, p := range next.Proposals {
		sp, err := catmouse.ParseSpawn(p.Set)
		if err == nil {
			err = sp.Validate(b, true)
		}
		if err != nil {
			return fmt.Errorf("team set %d is not valid on this map: %w", p.ID, err)
		}
	}
	*s = next
	return nil
}

// organiserSet parses and checks one of the organiser's sets; its ID must
// be id (0 or 9).
func organiserSet(text string, id int, name string, b *catmouse.Board) (string, error) {
	sp, err := catmouse.ParseSpawn(text)
	if err != nil {
		return "", err
	}
	if sp.ID != id {
		return "", fmt.Errorf("the file says ID %d; this set is %d", sp.ID, id)
	}
	if sp.Name == "" {
		sp.Name = name
	}
	if err := sp.Validate(b, true); err != nil {
		return "", err
	}
	return sp.File(), nil
}

// Propose takes a team's set (the rules' file format: its ID and NAME
// lines are replaced by the id it gets and the team's name). It returns
// the id, or why the set is refused.
func (s *State) Propose(team int64, teamName, file string) (int, error) {
	switch {
	case s.Closed:
		return 0, ErrClosed
	case !s.Published:
		return 0, errors.New("the organiser has not published the map yet: a set is checked on it")
	}
	for _, p := range s.Proposals {
		if p.Team == team {
			return 0, fmt.Errorf("your team already proposed set %d; each team proposes one set", p.ID)
		}
	}
	if len(s.Proposals) >= MaxProposals {
		return 0, fmt.Errorf("%d teams have proposed a set already: no more proposals are taken", MaxProposals)
	}
	sp, err := catmouse.ParseSpawn(file)
	if err != nil {
		return 0, err
	}
	b, err := s.Board()
	if err != nil {
		return 0, err
	}
	sp.ID, sp.Name = len(s.Proposals)+1, teamName
	if err := sp.Validate(b, true); err != nil {
		return 0, err
	}
	s.Proposals = append(s.Proposals, Proposal{ID: sp.ID, Team: team, Set: sp.File()})
	return sp.ID, nil
}

// Vote records a team's vote for a team set (it replaces the team's vote).
// A vote for the team's own set or for an id that is no team set is
// refused here, with the reason, rather than counted void.
func (s *State) Vote(team int64, id int) error {
	if s.Closed {
		return ErrClosed
	}
	var set *Proposal
	for i := range s.Proposals {
		if s.Proposals[i].ID == id {
			set = &s.Proposals[i]
		}
	}
	switch {
	case set == nil:
		return fmt.Errorf("there is no team set %d (team sets are 1 to %d)", id, max(1, len(s.Proposals)))
	case set.Team == team:
		return fmt.Errorf("set %d is your team's own: vote for another team's set", id)
	}
	if s.Votes == nil {
		s.Votes = map[int64]int{}
	}
	s.Votes[team] = id
	return nil
}

// Close ends the proposals and the votes.
func (s *State) Close() error {
	if !s.Published {
		return errors.New("publish the map and sets 0 and 9 first")
	}
	s.Closed = true
	return nil
}

// teamLabel names a team in a pack (packs split fields on blanks, so a
// display name with spaces cannot be used).
func teamLabel(id int64) string { return "team" + strconv.FormatInt(id, 10) }

// Pack is every set and vote as the catmouse game reads them.
func (s *State) Pack() (*catmouse.Pack, error) {
	p := &catmouse.Pack{}
	for _, text := range []string{s.Set0, s.Secret} {
		if text == "" {
			continue
		}
		sp, err := catmouse.ParseSpawn(text)
		if err != nil {
			return nil, err
		}
		p.Sets[sp.ID] = &sp
	}
	for _, pr := range s.Proposals {
		sp, err := catmouse.ParseSpawn(pr.Set)
		if err != nil {
			return nil, err
		}
		sp.Name = teamLabel(pr.Team)
		p.Sets[sp.ID] = &sp
	}
	for _, team := range slices.Sorted(maps.Keys(s.Votes)) {
		p.Votes = append(p.Votes, catmouse.Vote{Team: teamLabel(team), ID: s.Votes[team]})
	}
	return p, nil
}

// Choice is the vote's outcome (catmouse D3), for the organiser only.
func (s *State) Choice() (catmouse.Choice, error) {
	p, err := s.Pack()
	if err != nil {
		return catmouse.Choice{}, err
	}
	return p.Choose(), nil
}

// MatchPack is the spawn file the final's matches play: sets 0 and 9 and
// the chosen set alone, with no votes, so that a match's files hold
// nothing of the other proposals nor of who voted for what.
func (s *State) MatchPack() (string, catmouse.Choice, error) {
	if !s.Published {
		return "", catmouse.Choice{}, errors.New("the map and sets 0 and 9 are not published")
	}
	full, err := s.Pack()
	if err != nil {
		return "", catmouse.Choice{}, err
	}
	ch := full.Choose()
	p := &catmouse.Pack{}
	for _, id := range []int{catmouse.OrganiserSpawn, ch.ID, catmouse.SecretSpawn} {
		p.Sets[id] = full.Sets[id] // with no team set, ch.ID is 0: game 2 replays set 0
	}
	return p.File(), ch, nil
}

// TeamView is what a team may see: the map, set 0, the team sets (to
// vote), its own set and vote. Never the secret set, the tally, the other
// teams' votes nor the chosen set.
type TeamView struct {
	Map    string     `json:"map"`
	Set0   string     `json:"set0"`
	Sets   []Proposal `json:"sets"`
	Own    int        `json:"own,omitempty"`  // the team's set (0: none)
	Vote   int        `json:"vote,omitempty"` // the set it votes for (0: none)
	Closed bool       `json:"closed"`
}

// View is the state as team sees it.
func (s *State) View(team int64) TeamView {
	v := TeamView{Map: s.Map, Set0: s.Set0, Sets: append([]Proposal{}, s.Proposals...), Vote: s.Votes[team], Closed: s.Closed}
	for _, p := range s.Proposals {
		if p.Team == team {
			v.Own = p.ID
		}
	}
	return v
}
