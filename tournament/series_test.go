package tournament_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/game/gametest"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// bestOf is the sum test game played as a series: game g lasts g turns,
// and the series is won by the most game wins.
type bestOf struct{ gametest.Sum }

func (bestOf) Info() game.Info {
	i := gametest.Sum{}.Info()
	i.Name = "bestof"
	return i
}

func (bestOf) Series(cfg game.Config) ([]game.Config, error) {
	var out []game.Config
	for g := 1; g <= 3; g++ {
		c := cfg
		c.Options = game.MustOptions(bestOf{}.Info().Options, "turns="+strconv.Itoa(g), "turn_ms=1000", "first_ms=1000")
		c.Seed = cfg.Seed + int64(g)
		out = append(out, c)
	}
	return out, nil
}

func (bestOf) Combine(cfg game.Config, games []game.Result) game.SeriesResult {
	wins := make([]float64, cfg.Players)
	table := [][]string{{"GAME", "WINNER"}}
	for i, g := range games {
		for p, pr := range g.Players {
			if pr.Rank == 1 {
				wins[p]++
				table = append(table, []string{strconv.Itoa(i + 1), cfg.Names[p]})
			}
		}
	}
	var res game.SeriesResult
	for p := range wins {
		res.Players = append(res.Players, game.PlayerResult{Score: wins[p], Status: game.OK})
	}
	game.RankByScore(res.Players)
	res.Table = table
	res.Summary = "best of 3"
	return res
}

func init() {
	gametest.Register()
	game.Register(bestOf{})
}

func TestPlaySeries(t *testing.T) {
	g, _ := game.Lookup("bestof")
	seed := int64(1)
	m, err := match.Setup{Game: "bestof", Bots: []string{"builtin:count", "builtin:seeded"}, Seed: &seed}.Build()
	if err != nil {
		t.Fatal(err)
	}
	m.Game = g
	var seen []int
	run, err := tournament.PlaySeries(context.Background(), m, func(i int, rep *replay.Replay) { seen = append(seen, len(rep.Turns)) })
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Games) != 3 || fmtInts(seen) != "1,2,3" {
		t.Errorf("games played: %v", seen)
	}
	for i, rep := range run.Games {
		if rep.Seed != seed+int64(i+1) {
			t.Errorf("game %d seed %d", i+1, rep.Seed)
		}
		if err := match.Verify(rep); err != nil {
			t.Errorf("game %d: %v", i+1, err)
		}
	}
	if run.Result.Summary != "best of 3" || len(run.Result.Table) < 2 || len(run.Result.Players) != 2 {
		t.Errorf("result %+v", run.Result)
	}
	// A game without a series is refused with advice.
	m.Game, _ = game.Lookup("sum")
	if _, err := tournament.PlaySeries(context.Background(), m, nil); err == nil || !strings.Contains(err.Error(), "arena play") {
		t.Errorf("error %v", err)
	}
}

func fmtInts(xs []int) string {
	var parts []string
	for _, x := range xs {
		parts = append(parts, strconv.Itoa(x))
	}
	return strings.Join(parts, ",")
}
