package tournament

import (
	"context"
	"fmt"
	"sort"
)

// Elimination is a knockout tournament. Each round deals the bots still
// in into matches by seed, and the best of each match go on; when no more
// than Final bots are left, they play the grand final. Bots keep their
// seeds (the order of Setup.Bots) and are dealt again each round, the best
// seed left being the top seed.
//
// DECISION (the Blitz 2022 final has "des parties de 2 et 4 joueurs" and
// every team plays): when every match sends half its bots on (Advance =
// Size/2, Size and Final powers of 2: the Blitz's games of 4 with the top
// 2 on, and duels), the rounds are kept full. A field of n bots between
// two full sizes (Final·2^k < n < Final·2^(k+1)) first plays a play-in
// round of n - Final·2^k duels (one goes on) between the lowest seeds,
// the best of them against the worst (with 6 bots in matches of 4: 3
// against 6 and 4 against 5), while the top seeds sit it out: a bye, and
// only in that round, so every bot plays. Every later round deals its
// Final·2^j bots snake-wise into matches of Size (for 8: 1, 4, 5, 8 and
// 2, 3, 6, 7), or into one match when fewer are left, so a game has Size
// or 2 bots, never 3. Other shapes (matches of 3 with 1 on, ...) deal the
// bots snake-wise into ceil(n/Size) matches, a match of no more than
// Advance bots being a bye.
//
// Each match is the best of BestOf games (FinalBestOf for the grand
// final), the seats turning every game and each seed used once for every
// seating of the match's bots; a 2-player match stops as soon as a bot has
// won more than half of its games. Bots are ranked in a match by games won
// alone, then by points (Points), then by seed: a drawn sudden-death
// game goes to the higher seed.
//
// The Blitz 2022 final is Size 4 (or 2), Advance Size/2, Final 2, BestOf 1
// (sudden death) and FinalBestOf 3, seeded by the ranked rounds' ranking.
type Elimination struct {
	Setup
	Size        int // bots per match (default 2)
	Advance     int // bots going on from each match (default 1, or Size/2)
	Final       int // the grand final is played by this many bots (default 2)
	BestOf      int // games per match (default 1)
	FinalBestOf int // games in the grand final (default BestOf)
}

func (e *Elimination) defaults() error {
	if e.Size == 0 {
		e.Size = 2
	}
	if e.Advance == 0 {
		e.Advance = max(1, e.Size/2)
	}
	if e.Final == 0 {
		e.Final = 2
	}
	if e.BestOf == 0 {
		e.BestOf = 1
	}
	if e.FinalBestOf == 0 {
		e.FinalBestOf = e.BestOf
	}
	switch {
	case e.Advance >= e.Size || e.Advance < 1:
		return fmt.Errorf("elimination: %d of each %d-bot match cannot go on (advance must be 1 to %d)", e.Advance, e.Size, e.Size-1)
	case e.Final < 2 || e.Final > e.Size:
		return fmt.Errorf("elimination: a grand final of %d bots (it must be 2 to the match size %d)", e.Final, e.Size)
	case e.BestOf < 1 || e.FinalBestOf < 1:
		return fmt.Errorf("elimination: best of %d/%d games", e.BestOf, e.FinalBestOf)
	case len(e.Bots) < 2:
		return fmt.Errorf("an elimination needs at least 2 bots; %d given", len(e.Bots))
	}
	if err := checkSize(e.Game, min(e.Size, len(e.Bots))); err != nil {
		return err
	}
	return checkSize(e.Game, min(e.Final, len(e.Bots)))
}

// halving reports whether every match sends half its bots on and the
// field can be kept at Final·2^k by a play-in round (see Elimination).
func (e *Elimination) halving() bool {
	pow2 := func(x int) bool { return x > 0 && x&(x-1) == 0 }
	return 2*e.Advance == e.Size && pow2(e.Size) && pow2(e.Final)
}

// advance is how many of a match of k bots go on: half of it when the
// rounds halve the field (a play-in duel sends 1 on in matches of 4).
func (e *Elimination) advance(k int) int {
	if e.halving() {
		return k / 2
	}
	return e.Advance
}

// dealRound splits the bots still in (in seed order, more than Final of
// them) into the round's matches and the bots with a bye.
func (e *Elimination) dealRound(alive []int) (matches [][]int, byes []int) {
	n := len(alive)
	if !e.halving() {
		for _, g := range deal(alive, (n+e.Size-1)/e.Size) {
			if len(g) <= e.Advance {
				byes = append(byes, g...)
			} else {
				matches = append(matches, g)
			}
		}
		sort.Ints(byes)
		return matches, byes
	}
	full := e.Final
	for 2*full <= n {
		full *= 2
	}
	if n > full { // the play-in: duels between the lowest 2(n-full) seeds
		duels := n - full
		byes = append(byes, alive[:n-2*duels]...)
		low := alive[n-2*duels:]
		for i := range duels {
			matches = append(matches, []int{low[i], low[len(low)-1-i]})
		}
		return matches, byes
	}
	return deal(alive, max(1, n/e.Size)), nil
}

// deal splits the bots (in seed order) into m matches, snake-wise.
func deal(bots []int, m int) [][]int {
	out := make([][]int, m)
	for i, b := range bots {
		row, col := i/m, i%m
		if row%2 == 1 {
			col = m - 1 - col
		}
		out[col] = append(out[col], b)
	}
	return out
}

// Play plays the tournament. The standings put the grand final's bots
// first, in its order, then the bots out in each round, the last round
// first; bots out in the same round share a place. On Ctrl-C it returns
// what was played with ctx's error.
func (e Elimination) Play(ctx context.Context) (*Outcome, error) {
	if err := e.defaults(); err != nil {
		return nil, err
	}
	r, err := newRunner(e.Setup, "elimination")
	if err != nil {
		return nil, err
	}
	alive := make([]int, len(e.Bots))
	for i := range alive {
		alive[i] = i
	}
	var out [][]int // bots out, round by round
	for round := 1; len(alive) > e.Final; round++ {
		playing, byes := e.dealRound(alive)
		log := Round{Name: fmt.Sprintf("round %d", round)}
		if len(byes) > 0 {
			log.Matches = append(log.Matches, Match{Bots: r.nameAll(byes), Advanced: r.nameAll(byes), Note: "bye"})
		}
		ranked, logs, err := r.matches(ctx, playing, e.BestOf)
		if err != nil {
			return r.finishElimination(alive, false, out), err
		}
		next := append([]int(nil), byes...)
		var gone []int
		for k, g := range playing {
			adv := e.advance(len(g))
			next = append(next, ranked[k][:adv]...)
			gone = append(gone, ranked[k][adv:]...)
			logs[k].Advanced = r.nameAll(ranked[k][:adv])
			log.Matches = append(log.Matches, logs[k])
		}
		if len(next) >= len(alive) {
			return nil, fmt.Errorf("elimination: round %d would eliminate nobody", round)
		}
		sort.Ints(next) // seeds again: the best seed left is the top seed
		sort.Ints(gone)
		alive, out = next, append(out, gone)
		r.out.Rounds = append(r.out.Rounds, log)
	}
	if len(alive) == 1 {
		return r.finishElimination(alive, true, out), nil
	}
	ranked, logs, err := r.matches(ctx, [][]int{alive}, e.FinalBestOf)
	if err != nil {
		return r.finishElimination(alive, false, out), err
	}
	logs[0].Note = "grand final"
	r.out.Rounds = append(r.out.Rounds, Round{Name: "grand final", Matches: logs})
	return r.finishElimination(ranked[0], true, out), nil
}

// finishElimination puts the finalists first (in the final's order when
// it was played, else sharing the first place: the tournament was
// interrupted), then the bots out in each round, the last round first,
// sharing a place.
func (r *runner) finishElimination(top []int, final bool, out [][]int) *Outcome {
	var order, place []int
	for i, b := range top {
		p := 1
		if final {
			p = i + 1
		}
		order, place = append(order, b), append(place, p)
	}
	for k := len(out) - 1; k >= 0; k-- {
		p := len(order) + 1
		for _, b := range out[k] {
			order, place = append(order, b), append(place, p)
		}
	}
	return r.finish(order, place)
}

func (r *runner) nameAll(bots []int) []string {
	out := make([]string, len(bots))
	for i, b := range bots {
		out[i] = r.names[b]
	}
	return out
}

// matches plays best-of-n matches side by side, game by game: every
// undecided match plays its next game in the same batch. It returns each
// match's bots ranked, and its log.
func (r *runner) matches(ctx context.Context, groups [][]int, n int) ([][]int, []Match, error) {
	type state struct {
		bots   []int
		wins   []int
		points []float64
		games  int
		seed   int64
	}
	ms := make([]*state, len(groups))
	for i, g := range groups {
		// Each seating of the bots is played on the same seed: games
		// k*len(g) .. (k+1)*len(g)-1 share seed k.
		ms[i] = &state{bots: g, wins: make([]int, len(g)), points: make([]float64, len(g)),
			seed: r.seeds((n + len(g) - 1) / len(g))}
	}
	decided := func(m *state) bool {
		if m.games >= n {
			return true
		}
		if len(m.bots) != 2 {
			return false
		}
		return 2*m.wins[0] > n || 2*m.wins[1] > n
	}
	for {
		var seatings [][]int
		var seeds []int64
		var who []*state
		for _, m := range ms {
			if !decided(m) {
				seatings = append(seatings, Rotate(m.bots, m.games))
				seeds = append(seeds, m.seed+int64(m.games/len(m.bots)))
				who = append(who, m)
			}
		}
		if len(who) == 0 {
			break
		}
		results, err := r.play(ctx, seatings, seeds)
		if err != nil {
			return nil, nil, err
		}
		for i, res := range results {
			m := who[i]
			m.games++
			for seat, b := range seatings[i] {
				k := indexOf(m.bots, b)
				m.points[k] += Points(res.Players, seat)
				if res.Players[seat].Rank == 1 && tiedWith(res.Players, seat) == 1 {
					m.wins[k]++
				}
			}
		}
	}
	ranked := make([][]int, len(ms))
	logs := make([]Match, len(ms))
	for i, m := range ms {
		idx := make([]int, len(m.bots))
		for k := range idx {
			idx[k] = k
		}
		// By wins, then points, then seed (the bots are in seed order).
		sort.SliceStable(idx, func(a, b int) bool {
			x, y := idx[a], idx[b]
			if m.wins[x] != m.wins[y] {
				return m.wins[x] > m.wins[y]
			}
			return m.points[x] > m.points[y]
		})
		for _, k := range idx {
			ranked[i] = append(ranked[i], m.bots[k])
		}
		logs[i] = Match{Bots: r.nameAll(m.bots), Games: m.games, Wins: m.wins, Points: m.points, Ranking: r.nameAll(ranked[i])}
	}
	return ranked, logs, nil
}

func indexOf(xs []int, x int) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}
