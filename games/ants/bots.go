package ants

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/seed27749672/arena/game"
)

// builtins are the in-process bots: the four league bosses (§5), random
// and wait.
var builtins = []game.Builtin{
	{Name: "boss1", Help: "league 1 boss (NearestLine): LINE from its first base to the nearest crystal",
		New: func(int64) game.Bot { return textBot(nearestLine) }},
	{Name: "boss2", Help: "league 2 boss (GreedyTree k=5): beacons on a tree of paths to the nearest resources, eggs first until turn 8",
		New: func(int64) game.Bot { return textBot(greedyTree(5, 8, false, false)) }},
	{Name: "boss3", Help: "league 3 boss (GreedyTree k=4): eggs first until turn 12, leaves the crystals nearer the opponent",
		New: func(int64) game.Bot { return textBot(greedyTree(4, 12, true, false)) }},
	{Name: "boss4", Help: "league 4 boss (GreedyTree k=3): eggs first until turn 15, or until turn 40 while outnumbered",
		New: func(int64) game.Bot { return textBot(greedyTree(3, 15, true, true)) }},
	{Name: "random", Help: "random legal actions: LINEs and BEACONs toward random resources, sometimes WAIT or MESSAGE",
		New: func(seed int64) game.Bot { return textBot(randomPlayer(game.NewRand(seed, 0))) }},
	{Name: "wait", Help: "always WAIT",
		New: func(int64) game.Bot { return textBot(func(*View) string { return "WAIT" }) }},
}

// textBot turns a strategy into a bot that parses its input text. A prompt
// it cannot parse makes it fail like a crashing process.
func textBot(play func(v *View) string) game.Bot {
	var v View
	return game.BotFunc(func(msg []byte) []byte {
		if err := v.Read(msg); err != nil {
			panic(fmt.Sprintf("cannot read the input: %v", err))
		}
		return []byte(play(&v) + "\n")
	})
}

// nearestLine is the league 1 boss: a LINE of strength 1 from its first base
// to the crystal nearest to it (ties: lowest index).
func nearestLine(v *View) string {
	base := v.MyBases[0]
	target := -1
	for c := range v.Cells {
		if v.Types[c] != Crystal || v.Res[c] <= 0 {
			continue
		}
		if target < 0 || v.Dist(base, c) < v.Dist(base, target) {
			target = c
		}
	}
	if target < 0 {
		return "WAIT"
	}
	return fmt.Sprintf("LINE %d %d 1", base, target)
}

// greedyTree is the boss of leagues 2 to 4: it grows a tree from its bases
// toward the nearest resources while it has about k ants per tree cell,
// and puts a beacon of strength 1 on every cell of the tree. Eggs come
// first during the first eggTurns turns (and, with outnumbered, while it
// has fewer ants than the opponent, up to turn 40). With avoid it leaves
// out the crystals nearer to the opponent's bases than to its own, unless
// no crystal would be left.
func greedyTree(k, eggTurns int, avoid, outnumbered bool) func(v *View) string {
	return func(v *View) string {
		n := v.Cells
		mine, theirs := sum(v.MyAnts), sum(v.OppAnts)
		inTree := make([]bool, n)
		size := 0
		for _, b := range v.MyBases {
			if !inTree[b] {
				inTree[b] = true
				size++
			}
		}
		budget := max(len(v.MyBases), mine/k)
		eggPhase := v.Turn <= eggTurns || (outnumbered && mine < theirs && v.Turn <= 40)
		var cand []int
		for c := range n {
			if v.Res[c] > 0 && (v.Types[c] == Crystal || (v.Types[c] == Egg && eggPhase)) {
				cand = append(cand, c)
			}
		}
		if avoid {
			nearer := func(c int) bool {
				return v.Types[c] == Crystal && minDist(v, v.OppBases, c) < minDist(v, v.MyBases, c)
			}
			kept := slices.DeleteFunc(slices.Clone(cand), nearer)
			if slices.ContainsFunc(kept, func(c int) bool { return v.Types[c] == Crystal }) {
				cand = kept
			}
		}
		dist, parent, queue := make([]int, n), make([]int, n), make([]int, 0, n)
		for len(cand) > 0 {
			treeBFS(v, inTree, dist, parent, queue)
			best := -1
			key := func(c int) [3]int {
				group := 1
				if v.Types[c] == Egg && eggPhase {
					group = 0
				}
				return [3]int{group, dist[c], c}
			}
			for _, c := range cand {
				if dist[c] < 0 || size+dist[c] > budget {
					continue
				}
				if best < 0 {
					best = c
					continue
				}
				if kc, kb := key(c), key(best); slices.Compare(kc[:], kb[:]) < 0 {
					best = c
				}
			}
			if best < 0 {
				break
			}
			for c := best; !inTree[c]; c = parent[c] {
				inTree[c] = true
				size++
			}
			cand = slices.DeleteFunc(cand, func(c int) bool { return c == best })
		}
		if size == len(v.MyBases) {
			return nearestLine(v)
		}
		var cmds []string
		for c := range n {
			if inTree[c] {
				cmds = append(cmds, fmt.Sprintf("BEACON %d 1", c))
			}
		}
		return strings.Join(cmds, ";")
	}
}

// treeBFS is a breadth-first search from every tree cell at once (sources
// and neighbours in ascending index): dist is -1 where unreachable.
func treeBFS(v *View, inTree []bool, dist, parent, queue []int) {
	queue = queue[:0]
	for c := range dist {
		dist[c], parent[c] = -1, -1
		if inTree[c] {
			dist[c] = 0
			queue = append(queue, c)
		}
	}
	var buf [6]int
	for k := 0; k < len(queue); k++ {
		h := queue[k]
		nb := buf[:0]
		for _, m := range v.Neighbors[h] {
			if m >= 0 {
				nb = append(nb, m)
			}
		}
		slices.Sort(nb)
		for _, m := range nb {
			if dist[m] < 0 {
				dist[m], parent[m] = dist[h]+1, h
				queue = append(queue, m)
			}
		}
	}
}

func minDist(v *View, from []int, c int) int {
	best := -1
	for _, b := range from {
		if d := v.Dist(b, c); d >= 0 && (best < 0 || d < best) {
			best = d
		}
	}
	return best
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

// randomPlayer plays random legal actions: mostly LINEs from one of its
// bases to a random resource, BEACONs on random cells, sometimes WAIT or a
// MESSAGE.
func randomPlayer(r *rand.Rand) func(v *View) string {
	return func(v *View) string {
		var resources []int
		for c := range v.Cells {
			if v.Res[c] > 0 {
				resources = append(resources, c)
			}
		}
		k := r.IntN(4)
		if k == 0 {
			return "WAIT"
		}
		var cmds []string
		for range k {
			switch x := r.IntN(10); {
			case x < 6 && len(resources) > 0:
				base := v.MyBases[r.IntN(len(v.MyBases))]
				cmds = append(cmds, fmt.Sprintf("LINE %d %d %d", base, resources[r.IntN(len(resources))], 1+r.IntN(3)))
			case x < 9:
				cmds = append(cmds, fmt.Sprintf("BEACON %d %d", r.IntN(v.Cells), 1+r.IntN(10)))
			default:
				cmds = append(cmds, fmt.Sprintf("MESSAGE turn %d", v.Turn))
			}
		}
		return strings.Join(cmds, ";")
	}
}
