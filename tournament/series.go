// Package tournament plays formats built on single matches of the runner.
// For now: the fixed series of games a game defines as its standard match
// (game.Series, e.g. catmouse's three games).
package tournament

import (
	"context"
	"fmt"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// SeriesRun is a played series: the replay of every game and the combined
// outcome.
type SeriesRun struct {
	Configs []game.Config
	Games   []*replay.Replay
	Result  game.SeriesResult
	// Voided lists the plays of its games voided because a bot was
	// starved (see RunFair).
	Voided []Voided
}

// PlaySeries plays the series that m.Game defines, one RunFair per game,
// with m's players (every game starts fresh bots) and hooks. onGame, when
// not nil, is called after each game with its index and replay.
func PlaySeries(ctx context.Context, m match.Match, onGame func(i int, rep *replay.Replay)) (*SeriesRun, error) {
	s, ok := m.Game.(game.Series)
	if !ok {
		return nil, fmt.Errorf("%s has no match format of several games; play single games with arena play", m.Game.Info().Name)
	}
	cfg := m.Config
	if cfg.Players == 0 {
		cfg.Players = len(m.Players)
	}
	if cfg.Names == nil {
		for _, p := range m.Players {
			cfg.Names = append(cfg.Names, p.Name)
		}
	}
	cfgs, err := s.Series(cfg)
	if err != nil {
		return nil, err
	}
	run := &SeriesRun{Configs: cfgs}
	var results []game.Result
	for i, c := range cfgs {
		gm := m
		gm.Config = c
		rep, voided, err := RunFair(ctx, gm)
		for _, v := range voided {
			v.Game = i + 1
			run.Voided = append(run.Voided, v)
		}
		if err != nil {
			return run, fmt.Errorf("game %d: %w", i+1, err)
		}
		run.Games = append(run.Games, rep)
		res := game.Result{Summary: rep.Result.Summary}
		for _, p := range rep.Result.Players {
			res.Players = append(res.Players, p.PlayerResult)
		}
		results = append(results, res)
		if onGame != nil {
			onGame(i, rep)
		}
	}
	run.Result = s.Combine(cfg, results)
	return run, nil
}
