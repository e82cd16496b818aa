package territory

import "testing"

var benchLineup = []string{"greedy", "hunter", "random", "greedy", "hunter", "random", "greedy", "hunter"}

// benchOptions: the largest arena (30×30, 8 players); solo keeps the game
// going to its 200th turn even when one player is left, so that every
// game is a whole 200-turn game.
var benchOptions = []string{"size=large", "shape=square", "solo=true"}

// BenchmarkTerritoryGame plays whole 200-turn 8-player games on the
// largest arena with the builtin bots, in-process and on one goroutine
// (the referee and the bots, parsing the very bytes a process bot reads).
func BenchmarkTerritoryGame(b *testing.B) {
	turns := 0
	for i := 0; b.Loop(); i++ {
		r := playDirect(b, int64(i), benchLineup, nil, benchOptions...)
		turns += r.st.Turn
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

// BenchmarkTerritoryReferee re-plays recorded games through the referee
// only (what `arena replay verify` does): the baseline that tells how much
// of a game the bots cost.
func BenchmarkTerritoryReferee(b *testing.B) {
	var tr transcript
	playDirect(b, 1, benchLineup, &tr, benchOptions...)
	for b.Loop() {
		ref, _ := Game{}.New(tr.cfg)
		for _, replies := range tr.turns {
			for seat := range replies {
				ref.Prompt(seat)
			}
			ref.Play(replies)
			ref.Frame()
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkCapture measures the flood fill of one capture (Phase D1) on the
// largest arena: a player whose body is the left half of the 30×30 grid
// closes a loop over most of the right half.
func BenchmarkCapture(b *testing.B) {
	n := 30
	st := &State{N: n, Obst: make([]Obstacle, n*n), Body: make([]int8, n*n), Neck: make([]int8, n*n)}
	st.P = []*Player{{ID: 0, Alive: true, L: 60, Decay: -1}}
	for i := range st.Body {
		st.Body[i], st.Neck[i] = -1, -1
		x, y := i%n, i/n
		if x == 0 || y == 0 || x == n-1 || y == n-1 {
			st.Obst[i] = Wall
		} else if x < n/2 {
			st.setBody(i, 0)
		}
	}
	// A neck along the right half's top, right side and bottom.
	for x := n / 2; x < n-2; x++ {
		st.Neck[2*n+x], st.Neck[(n-3)*n+x] = 0, 0
	}
	for y := 2; y < n-2; y++ {
		st.Neck[y*n+n-3] = 0
	}
	out := make([]bool, n*n)
	for b.Loop() {
		out = st.enclosed(st.P[0], out)
	}
	inside := 0
	for _, e := range out {
		if e {
			inside++
		}
	}
	b.ReportMetric(float64(inside), "tiles/capture")
}
