package tournament

import (
	"context"
	"fmt"
	"slices"
	"sort"

	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// Groups is Blitz 2022's ranked rounds: each round the bots are split by
// their current ranking into groups of Size (2 or 4; the last group may be
// smaller), each group plays one game, and the winner moves up one group
// and the loser down one: in a 4-bot group the first moves up, the last
// down and the others stay. The top group's winner and the bottom group's
// loser stay where they are. Only a game moves a bot (the seed moves
// winners up and losers down): when one bot would be left alone in the
// last group, a bot sits the round out and keeps its place (Sitter says
// which), and the groups are made of the others.
// The ranking is recomputed after each round: by group, then, within a
// group, bots coming from a higher group first, then by their rank in the
// game just played. A shared first (or last) place moves nobody.
//
// The initial ranking is the order of Setup.Bots. With Final set, the
// ranking then seeds the Blitz final (see Elimination).
type Groups struct {
	Setup
	Size   int // 2 or 4 (default 2)
	Rounds int // default 1
	Final  *Elimination
	// Rested are the bots that sat out the round before the first one
	// (ranked rounds played one at a time carry it from round to round).
	Rested []int
}

// Play plays the rounds (and the final), and returns the ranking as the
// standings. On Ctrl-C it returns the ranking after the last round played
// in full, with ctx's error.
func (gr Groups) Play(ctx context.Context) (*Outcome, error) {
	if gr.Size == 0 {
		gr.Size = 2
	}
	if gr.Rounds == 0 {
		gr.Rounds = 1
	}
	switch {
	case gr.Size != 2 && gr.Size != 4:
		return nil, fmt.Errorf("groups: groups of 2 or 4 bots, not %d", gr.Size)
	case gr.Rounds < 1:
		return nil, fmt.Errorf("groups: rounds must be at least 1, not %d", gr.Rounds)
	case len(gr.Bots) < 2:
		return nil, fmt.Errorf("groups need at least 2 bots; %d given", len(gr.Bots))
	}
	if err := checkSize(gr.Game, min(gr.Size, len(gr.Bots))); err != nil {
		return nil, err
	}
	r, err := newRunner(gr.Setup, "groups")
	if err != nil {
		return nil, err
	}
	ranking := make([]int, len(gr.Bots))
	for i := range ranking {
		ranking[i] = i
	}
	rested := gr.Rested
	for round := 1; round <= gr.Rounds; round++ {
		next, sat, log, err := gr.round(ctx, r, ranking, round, rested)
		if err != nil {
			return r.finish(ranking, places(len(ranking))), err
		}
		ranking, rested = next, sat
		r.out.Rounds = append(r.out.Rounds, log)
	}
	if gr.Final == nil {
		return r.finish(ranking, places(len(ranking))), nil
	}
	return gr.final(ctx, r, ranking)
}

func places(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i + 1
	}
	return p
}

// Sitter is the place in the ranking (from 0) of the bot that sits a
// round out, or -1 when none does: with groups of size, a bot left alone
// in the last group would have no opponent. It is the lowest-ranked bot
// not among rested (those that sat out the round before): a bot that sits
// out keeps its place, so the last bot would otherwise sit out every
// round and never play again.
func Sitter(ranking []int, size int, rested []int) int {
	if size < 2 || len(ranking)%size != 1 || len(ranking) < size {
		return -1
	}
	for i := len(ranking) - 1; i >= 0; i-- {
		if !slices.Contains(rested, ranking[i]) {
			return i
		}
	}
	return len(ranking) - 1
}

// round plays one ranked round and returns the new ranking and the bots
// that sat it out.
func (gr Groups) round(ctx context.Context, r *runner, ranking []int, round int, rested []int) ([]int, []int, Round, error) {
	sit := Sitter(ranking, gr.Size, rested)
	players := ranking
	if sit >= 0 {
		players = slices.Delete(slices.Clone(ranking), sit, sit+1)
	}
	var groups [][]int
	for i := 0; i < len(players); i += gr.Size {
		groups = append(groups, players[i:min(i+gr.Size, len(players))])
	}
	var seatings [][]int
	var seeds []int64
	for _, g := range groups { // none alone: Sitter took it out
		// The seats turn with the rounds.
		seatings = append(seatings, Rotate(g, round-1))
		seeds = append(seeds, r.seeds(1))
	}
	results, err := r.play(ctx, seatings, seeds)
	if err != nil {
		return nil, nil, Round{}, err
	}
	type key struct{ group, from, rank, seed int }
	keys := map[int]key{}
	log := Round{Name: fmt.Sprintf("ranked round %d", round)}
	for gi, g := range groups {
		res, seats := results[gi], seatings[gi]
		m := Match{Bots: r.nameAll(g), Games: 1}
		type placed struct{ bot, rank int }
		var ps []placed
		for seat, b := range seats {
			ps = append(ps, placed{b, res.Players[seat].Rank})
		}
		sort.SliceStable(ps, func(i, j int) bool { return ps[i].rank < ps[j].rank })
		first, last := ps[0], ps[len(ps)-1]
		for _, p := range ps {
			to := gi
			switch {
			case p == first && ps[1].rank != first.rank && gi > 0:
				to = gi - 1
				m.Advanced = append(m.Advanced, r.names[p.bot]+" up")
			case p == last && ps[len(ps)-2].rank != last.rank && gi < len(groups)-1:
				to = gi + 1
				m.Advanced = append(m.Advanced, r.names[p.bot]+" down")
			}
			keys[p.bot] = key{to, gi, p.rank, p.bot}
			m.Ranking = append(m.Ranking, r.names[p.bot])
		}
		log.Matches = append(log.Matches, m)
	}
	next := append([]int(nil), players...)
	sort.SliceStable(next, func(i, j int) bool {
		a, b := keys[next[i]], keys[next[j]]
		if a.group != b.group {
			return a.group < b.group
		}
		if a.from != b.from {
			return a.from < b.from
		}
		return a.rank < b.rank
	})
	if sit < 0 {
		return next, nil, log, nil
	}
	log.Matches = append(log.Matches, Match{Bots: r.nameAll([]int{ranking[sit]}), Note: SitsOut})
	return slices.Insert(next, sit, ranking[sit]), []int{ranking[sit]}, log, nil
}

// SitsOut is the note of a bot that sat a ranked round out.
const SitsOut = "sits out, keeps its place"

// final plays the Blitz final seeded by the ranking. Its matches count
// in the same table as the ranked rounds'; the final decides the places.
func (gr Groups) final(ctx context.Context, r *runner, ranking []int) (*Outcome, error) {
	e := *gr.Final
	e.Setup = gr.Setup
	e.Bots = make([]string, len(ranking))
	e.Names = make([]string, len(ranking))
	for i, b := range ranking {
		e.Bots[i], e.Names[i] = gr.Bots[b], r.names[b]
	}
	e.Seed = r.seed
	first := r.next
	// The final numbers its matches from 0 and seats its own seeds: a
	// resumed final looks its matches up as the tournament recorded them.
	toEvent := func(j Job) Job {
		seats := make([]int, len(j.Seats))
		for i, s := range j.Seats {
			seats[i] = ranking[s]
		}
		return Job{Index: j.Index + first, Seats: seats, Seed: j.Seed}
	}
	if gr.Known != nil {
		e.Known = func(j Job) (*replay.Result, bool) { return gr.Known(toEvent(j)) }
	}
	if gr.OnStart != nil {
		e.OnStart = func(j Job) { gr.OnStart(toEvent(j)) }
	}
	if gr.Match != nil {
		e.Match = func(j Job) (match.Match, error) { return gr.Match(toEvent(j)) }
	}
	e.OnMatch = func(p Played) {
		// Number the final's matches after the ranked rounds', and give the
		// seats as the tournament's bot indices.
		j := toEvent(Job{Index: p.Index, Seats: p.Seats, Seed: p.Seed})
		p.Index, p.Seats = j.Index, j.Seats
		r.table.Add(p.Index, p.Seats, p.Result)
		if gr.OnMatch != nil {
			gr.OnMatch(p)
		}
	}
	fo, err := e.Play(ctx)
	if fo == nil {
		return r.finish(ranking, places(len(ranking))), err
	}
	out := r.out
	out.Format = "groups+final"
	out.Scheduled += fo.Scheduled
	out.Finished += fo.Finished
	for _, rd := range fo.Rounds {
		if rd.Name != "grand final" {
			rd.Name = "final, " + rd.Name
		}
		out.Rounds = append(out.Rounds, rd)
	}
	var order, place []int
	for _, s := range fo.Standings {
		order, place = append(order, ranking[s.Bot]), append(place, s.Place)
	}
	return r.finish(order, place), err
}
