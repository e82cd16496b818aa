package catmouse

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// VotesHeader is the first line of the votes block of a spawn pack.
const VotesHeader = "CATMOUSE-VOTES 1"

// Pack is the organiser's spawn file for a match or a tournament (§3,
// §8.1): the spawn sets (0 organiser, 1 to 8 proposed by teams, 9 secret)
// and, optionally, the teams' votes that pick the set of game 2 (D3). It is
// a sequence of CATMOUSE-SPAWN blocks and at most one block
//
//	CATMOUSE-VOTES 1
//	VOTE team-alpha 3
//	VOTE team-beta 3
//	END
//
// where a team set's NAME is the name of the team that proposed it.
type Pack struct {
	Sets  [10]*Spawn
	Votes []Vote
}

// Vote is one team's vote for a team set.
type Vote struct {
	Team string
	ID   int
}

// ParsePack reads a spawn pack.
func ParsePack(text string) (*Pack, error) {
	f := newTextFile("spawn file", text)
	p := &Pack{}
	seenVotes := false
	owners := map[string]int{}
	for {
		fields, ok := f.next()
		if !ok {
			break
		}
		switch strings.Join(fields, " ") {
		case SpawnHeader:
			s, err := parseSpawnBlock(f, fields)
			if err != nil {
				return nil, err
			}
			if p.Sets[s.ID] != nil {
				return nil, f.errorf("two spawn sets have ID %d", s.ID)
			}
			if s.ID >= 1 && s.ID <= 8 {
				if s.Name == "" {
					return nil, f.errorf("team set %d needs a NAME: the name of the team that proposed it", s.ID)
				}
				if other, dup := owners[s.Name]; dup {
					return nil, f.errorf("a team proposed two sets (%d and %d); each team proposes one", other, s.ID)
				}
				owners[s.Name] = s.ID
			}
			p.Sets[s.ID] = &s
		case VotesHeader:
			if seenVotes {
				return nil, f.errorf("a spawn file has at most one %q block", VotesHeader)
			}
			seenVotes = true
			if err := p.parseVotes(f); err != nil {
				return nil, err
			}
		default:
			return nil, f.errorf("expected %q or %q", SpawnHeader, VotesHeader)
		}
	}
	if p.Sets[OrganiserSpawn] == nil && p.Sets[SecretSpawn] == nil && p.teamIDs() == nil {
		return nil, fmt.Errorf("spawn file: no spawn set found")
	}
	return p, nil
}

func (p *Pack) parseVotes(f *textFile) error {
	voted := map[string]bool{}
	for {
		fields, ok := f.next()
		if !ok {
			return f.errorf("missing END of the votes")
		}
		if fields[0] == "END" && len(fields) == 1 {
			return nil
		}
		if err := f.want(fields, "VOTE", 3, "VOTE TEAM ID"); err != nil {
			return err
		}
		id, err := strconv.Atoi(fields[2])
		if err != nil {
			return f.errorf("the third field is not a set id")
		}
		if voted[fields[1]] {
			return f.errorf("a team votes twice; each team has one vote")
		}
		voted[fields[1]] = true
		p.Votes = append(p.Votes, Vote{Team: fields[1], ID: id})
	}
}

func (p *Pack) teamIDs() []int {
	var ids []int
	for id := 1; id <= 8; id++ {
		if p.Sets[id] != nil {
			ids = append(ids, id)
		}
	}
	return ids
}

// Choice is the outcome of the vote for game 2's set.
type Choice struct {
	ID     int
	Tally  map[int]int // valid votes per team set
	Void   []string    // why each void vote was void
	Reason string      // how the set was chosen, for humans
}

// Choose applies D3: the team set with most valid votes, ties broken by the
// lowest id; with no valid vote the lowest team id; with no team set, set 0.
// A vote for the voter's own set or for an id that is not a team set is void.
func (p *Pack) Choose() Choice {
	ch := Choice{Tally: map[int]int{}}
	ids := p.teamIDs()
	if len(ids) == 0 {
		ch.ID, ch.Reason = OrganiserSpawn, "no team set: game 2 uses set 0"
		return ch
	}
	for _, v := range p.Votes {
		switch {
		case v.ID < 1 || v.ID > 8 || p.Sets[v.ID] == nil:
			ch.Void = append(ch.Void, fmt.Sprintf("%s voted for %d, which is not a team set", v.Team, v.ID))
		case p.Sets[v.ID].Name == v.Team:
			ch.Void = append(ch.Void, fmt.Sprintf("%s voted for its own set %d", v.Team, v.ID))
		default:
			ch.Tally[v.ID]++
		}
	}
	if len(ch.Tally) == 0 {
		ch.ID, ch.Reason = ids[0], fmt.Sprintf("no valid vote: the lowest team set, %d", ids[0])
		return ch
	}
	best := -1
	for _, id := range ids {
		if best < 0 || ch.Tally[id] > ch.Tally[best] {
			best = id
		}
	}
	ch.ID = best
	var parts []string
	for _, id := range ids {
		if n := ch.Tally[id]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d: %d", id, n))
		}
	}
	sort.Strings(parts)
	ch.Reason = fmt.Sprintf("set %d has the most votes (%s; ties go to the lowest id)", best, strings.Join(parts, ", "))
	return ch
}

// MatchSets returns the sets of the three games of a match (§8.1): set 0,
// the set chosen by the vote, set 9. Every set of the pack is validated on
// b, chosen or not: an invalid proposal never gets an id (D3), so a spawn
// file holding one is rejected (D4).
func (p *Pack) MatchSets(b *Board, checkDistance bool) ([3]Spawn, Choice, error) {
	var out [3]Spawn
	ch := p.Choose()
	for _, s := range p.Sets {
		if s == nil {
			continue
		}
		if err := s.Validate(b, checkDistance); err != nil {
			return out, ch, err
		}
	}
	for g, id := range []int{OrganiserSpawn, ch.ID, SecretSpawn} {
		s := p.Sets[id]
		if s == nil {
			what := map[int]string{OrganiserSpawn: "the organiser's set 0 (game 1)", SecretSpawn: "the secret set 9 (game 3)"}[id]
			return out, ch, fmt.Errorf("the spawn file has no %s; add a CATMOUSE-SPAWN block with ID %d", what, id)
		}
		out[g] = *s
	}
	return out, ch, nil
}

// File writes the pack back in its file format.
func (p *Pack) File() string {
	var sb strings.Builder
	for _, s := range p.Sets {
		if s != nil {
			sb.WriteString(s.File())
		}
	}
	if len(p.Votes) > 0 {
		sb.WriteString(VotesHeader + "\n")
		for _, v := range p.Votes {
			fmt.Fprintf(&sb, "VOTE %s %d\n", v.Team, v.ID)
		}
		sb.WriteString("END\n")
	}
	return sb.String()
}
