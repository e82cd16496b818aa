package tournament

import (
	"sort"

	"github.com/seed27749672/arena/replay"
)

// seriesTable ranks a round robin of 2-bot matches that are series of
// games (Cod'INSA 2025, catmouse rules D18): a match won is 3 points, a
// draw 1, a loss 0; ties are broken by the games won, then by the turn
// difference the series reports (statistics "wins" and "turnDifference"
// of its result), then, when exactly two bots are still tied, by the match
// between them; otherwise they share the place.
type seriesTable struct {
	table *Table
	beat  map[[2]int]bool // beat[{a, b}]: a won its match against b
}

func newSeriesTable(t *Table) *seriesTable {
	return &seriesTable{table: t, beat: map[[2]int]bool{}}
}

func (st *seriesTable) add(seats []int, res *replay.Result) {
	for seat, b := range seats {
		p := res.Players[seat]
		l := st.table.line(b)
		switch tied := tiedWith(res.Players, seat); {
		case p.Rank == 1 && tied == 1:
			l.MatchPoints += 3
			for other, o := range seats {
				if other != seat {
					st.beat[[2]int{b, o}] = true
				}
			}
		case p.Rank == 1:
			l.MatchPoints++
		}
		l.GameWins += p.StatInt("wins")
		l.TurnDiff += p.StatInt("turnDifference")
	}
}

func (st *seriesTable) standings() []Standing {
	lines := st.table.lines0()
	key := func(s Standing) [3]int { return [3]int{s.MatchPoints, s.GameWins, s.TurnDiff} }
	sort.SliceStable(lines, func(i, j int) bool {
		a, b := key(lines[i]), key(lines[j])
		for k := range a {
			if a[k] != b[k] {
				return a[k] > b[k]
			}
		}
		return false
	})
	for i := 0; i < len(lines); {
		j := i
		for j < len(lines) && key(lines[j]) == key(lines[i]) {
			j++
		}
		// lines[i:j] tie on everything but their own match.
		for k := i; k < j; k++ {
			lines[k].Place = i + 1
		}
		if j-i == 2 {
			a, b := lines[i].Bot, lines[i+1].Bot
			switch {
			case st.beat[[2]int{b, a}]:
				lines[i], lines[i+1] = lines[i+1], lines[i]
				lines[i+1].Place = i + 2
			case st.beat[[2]int{a, b}]:
				lines[i+1].Place = i + 2
			}
		}
		i = j
	}
	return lines
}
