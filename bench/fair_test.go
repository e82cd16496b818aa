package bench

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/seed27749672/arena/internal/cpuhog"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// BenchmarkFairness plays the same ants matches twice, interleaved match
// by match: on the machine as it is, then with a CPU hog on every core.
// The bots (testdata/think.c) think 30 to 60 % of their 30 ms limit in CPU
// every turn; the goal is identical results (ranks, scores, statuses) in
// both runs, with the plays voided for a starved bot counted
// (tournament.RunFair). Then matches where one bot needs 150 % of its
// limit: it must time out on the same turn, by its own fault (status
// timeout, not starved), in both runs.
//
//	go test ./bench -run '^$' -bench Fairness -benchtime 1x -v
//
// FAIR_MATCHES (default 100) and FAIR_SLOW (default 10) set the counts.
func BenchmarkFairness(b *testing.B) {
	exe := buildC(b, "think")
	fair, slow := envInt("FAIR_MATCHES", 100), envInt("FAIR_SLOW", 10)
	for i := 0; i < b.N; i++ {
		var f fairTally
		for k := range fair {
			f.pair(b, int64(1000+k), exe+" 30 30 60 0", exe+" 30 30 60 1")
		}
		var s fairTally
		for k := range slow {
			s.pair(b, int64(2000+k), exe+" 30 150 150 0", exe+" 30 30 60 1")
		}
		b.Logf("30-60 %% bots: %d matches, %d identical in both runs; plays voided (starved): %d quiet, %d busy; unplayable: %d quiet, %d busy; timeouts: %d quiet, %d busy; mean match %v quiet, %v busy",
			f.n, f.same, f.voided[0], f.voided[1], f.unplayable[0], f.unplayable[1], f.timeouts[0], f.timeouts[1], f.mean(0), f.mean(1))
		b.Logf("150 %% bot: %d matches, %d identical; its timeout (turn, status) the same in both runs: %d; plays voided: %d quiet, %d busy",
			s.n, s.same, s.sameTimeout, s.voided[0], s.voided[1])
		for _, d := range append(f.diffs, s.diffs...) {
			b.Log(d)
		}
		b.ReportMetric(float64(f.same), "identical")
		b.ReportMetric(float64(f.n), "matches")
		b.ReportMetric(float64(f.voided[0]), "voided-quiet")
		b.ReportMetric(float64(f.voided[1]), "voided-busy")
		b.ReportMetric(float64(s.sameTimeout), "slow-same-timeout")
		b.ReportMetric(float64(s.n), "slow-matches")
	}
}

// fairTally adds up the pairs of runs: index 0 quiet, 1 busy.
type fairTally struct {
	n, same, sameTimeout int
	voided, unplayable   [2]int
	timeouts             [2]int
	wall                 [2]time.Duration
	diffs                []string
}

func (f *fairTally) mean(run int) time.Duration {
	if f.n == 0 {
		return 0
	}
	return (f.wall[run] / time.Duration(f.n)).Round(time.Millisecond)
}

// pair plays the match of seed quiet then busy and compares the results.
func (f *fairTally) pair(b *testing.B, seed int64, bots ...string) {
	var res [2]*replay.Replay
	for run := range 2 {
		stop := func() {}
		if run == 1 {
			var err error
			if stop, err = cpuhog.Start(runtime.NumCPU()); err != nil {
				b.Fatal(err)
			}
		}
		t0 := time.Now()
		rep, voided, err := playOnce(seed, bots)
		f.wall[run] += time.Since(t0)
		stop()
		f.voided[run] += len(voided)
		if err != nil {
			f.unplayable[run]++
			f.diffs = append(f.diffs, fmt.Sprintf("seed %d run %d: %v", seed, run, err))
		}
		if rep == nil {
			b.Fatalf("seed %d: %v", seed, err)
		}
		for _, p := range rep.Result.Players {
			f.timeouts[run] += p.Timeouts
		}
		res[run] = rep
	}
	f.n++
	a, c := outcome(res[0]), outcome(res[1])
	if a == c {
		f.same++
	} else {
		f.diffs = append(f.diffs, fmt.Sprintf("seed %d: quiet %s | busy %s; first timeouts: quiet %s | busy %s", seed, a, c, timeoutFigures(res[0]), timeoutFigures(res[1])))
	}
	if timeoutAt(res[0]) == timeoutAt(res[1]) && timeoutAt(res[0]) != "" {
		f.sameTimeout++
	}
}

// outcome is what must not change with the machine's load.
func outcome(rep *replay.Replay) string {
	s := ""
	for _, p := range rep.Result.Players {
		s += fmt.Sprintf("%s rank %d score %g %s; ", p.Name, p.Rank, p.Score, p.Status)
	}
	return s
}

// timeoutAt gives the first timeout of the match: turn, seat and whether
// it was starved ("" for none).
func timeoutAt(rep *replay.Replay) string {
	for _, t := range rep.Turns {
		for seat, r := range t.Replies {
			if r.Status == "timeout" {
				return fmt.Sprintf("turn %d seat %d starved %v", t.Turn, seat, r.Starved)
			}
		}
	}
	return ""
}

// timeoutFigures gives what was measured of the first timeout.
func timeoutFigures(rep *replay.Replay) string {
	for _, t := range rep.Turns {
		for seat, r := range t.Replies {
			if r.Status == "timeout" {
				return fmt.Sprintf("turn %d seat %d: limit %v, moved %v, check %v late, CPU %v, waited %v, starved %v",
					t.Turn, seat, r.Time, r.Extra, r.Wake, r.CPU, r.Wait, r.Starved)
			}
		}
	}
	return "none"
}

func playOnce(seed int64, bots []string) (*replay.Replay, []tournament.Voided, error) {
	m, err := match.Setup{Game: "ants", Bots: bots, Seed: &seed,
		Options: []string{"max_turns=50", "scores_in_input=false", "turn_timeout_ms=30"}}.Build()
	if err != nil {
		return nil, nil, err
	}
	return tournament.RunFair(context.Background(), m)
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}
