package play

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
)

// MatchOf builds a match job's match, and gives its bots' specs.
func (p *Player) MatchOf(ctx context.Context, g game.Game, ev store.Event, a queue.Match) (match.Match, []bot.Spec, error) {
	return p.matchOf(ctx, g, ev, a, nil)
}

// matchOf is MatchOf with the seats' teams its caller has just read
// (teams: by id; a team not in it is read).
func (p *Player) matchOf(ctx context.Context, g game.Game, ev store.Event, a queue.Match, teams map[int64]store.Team) (match.Match, []bot.Spec, error) {
	info := g.Info()
	cfg, err := p.MatchConfig(info, ev, a)
	if err != nil {
		return match.Match{}, nil, err
	}
	var specs []bot.Spec
	m := match.Match{Game: g, Config: cfg}
	m.Stderr.Turn, m.Stderr.Match = ev.Settings.StderrCaps()
	for i := range a.Teams {
		spec, err := p.botSpec(ctx, info, ev.Settings, a.House, a.Teams[i], a.Submissions[i], teams)
		if err != nil {
			return match.Match{}, nil, err
		}
		open, err := bot.Open(info, spec, i, game.BotSeed(a.Seed, i))
		if spec.Kind == "url" && a.Teams[i] != 0 {
			open, err = urlOpener(info, ev.Settings, spec.Target), nil
		}
		if err != nil {
			return match.Match{}, nil, err
		}
		m.Players = append(m.Players, match.Player{Name: spec.Name, Spec: spec.Kind + ":" + spec.Target, Open: open})
		specs = append(specs, spec)
	}
	if a.SeriesGame > 0 {
		cfgs, err := seriesConfigs(g, m.Config, a)
		if err != nil {
			return match.Match{}, nil, err
		}
		m.Config = cfgs[a.SeriesGame-1]
	}
	return m, specs, nil
}

// MatchConfig is a match job's game configuration: the event's options
// (its map drawn by the seed, unless the job carries its files) with the
// job's over them.
func (p *Player) MatchConfig(info game.Info, ev store.Event, a queue.Match) (game.Config, error) {
	mapName := event.DrawMap(ev.Settings, a.Seed)
	if a.Files != nil {
		mapName = "" // the job names its map and carries it
	}
	pairs, err := p.Events.MatchOptions(info, ev.Options, ev.Settings, mapName)
	if err != nil {
		return game.Config{}, err
	}
	// a ranked round's options come after the event's: they win
	opts, err := game.ParseOptions(info.Options, append(pairs, a.Options...))
	if err != nil {
		return game.Config{}, err
	}
	league, err := info.CheckLeague(a.League)
	if err != nil {
		return game.Config{}, err
	}
	files := game.NewFiles()
	if a.Files != nil {
		files = game.CarriedFiles(a.Files)
	}
	return game.Config{Seed: a.Seed, League: league, Options: opts, Files: files, TimeScale: p.TimeScale}, nil
}

// seriesConfigs are the configurations of the games of a series match
// (game.Series) between the job's seats, as tournament.PlaySeries makes
// them.
func seriesConfigs(g game.Game, cfg game.Config, a queue.Match) ([]game.Config, error) {
	s, ok := g.(game.Series)
	if !ok {
		return nil, fmt.Errorf("%s has no match of several games", g.Info().Name)
	}
	cfg.Players, cfg.Names = len(a.Teams), seatNames(a.Teams)
	cfgs, err := s.Series(cfg)
	if err != nil {
		return nil, err
	}
	if a.SeriesGame < 1 || a.SeriesGame > len(cfgs) {
		return nil, fmt.Errorf("a series of %d games has no game %d", len(cfgs), a.SeriesGame)
	}
	return cfgs, nil
}

// seatNames are the players' names of a match between these teams, as
// BotSpec names them.
func seatNames(teams []int64) []string { return queue.SeatNames(teams) }

// numericStats keeps a result's numeric statistics (tie-breakers, counts)
// for the match's record.
func numericStats(stats map[string]any) map[string]float64 {
	out := map[string]float64{}
	for k, v := range stats {
		switch x := v.(type) {
		case int:
			out[k] = float64(x)
		case int64:
			out[k] = float64(x)
		case float64:
			out[k] = x
		case bool:
			if x {
				out[k] = 1
			} else {
				out[k] = 0
			}
		}
	}
	return out
}

// playedMap names the map a match was played on, for its listing (the
// Blitz game page's "Map: inter-4_14x20_3D.bmp"): the map option's file
// name when the event or the round set one, else the name the game put in
// its first frame ({"map": {"name": ...}}, jungle's map drawn from the
// seed); "" when neither says.
func playedMap(info game.Info, m match.Match, rep *replay.Replay) string {
	if opt := event.MapOption(info); opt != "" && m.Config.Options.IsSet(opt) {
		if v := m.Config.Options.String(opt); v != "" {
			return filepath.Base(v)
		}
	}
	var frame struct {
		Map struct {
			Name string `json:"name"`
		} `json:"map"`
	}
	if rep != nil && json.Unmarshal(rep.Initial, &frame) == nil {
		return frame.Map.Name
	}
	return ""
}

// Count puts in a match's record what its replay says: each seat's rank,
// score and numeric statistics, and the map it was played on.
func Count(rec *store.Match, info game.Info, m match.Match, rep *replay.Replay) {
	for _, pr := range rep.Result.Players {
		rec.Ranks = append(rec.Ranks, pr.Rank)
		rec.Scores = append(rec.Scores, pr.Score)
		rec.Stats = append(rec.Stats, numericStats(pr.Stats))
	}
	rec.Map = playedMap(info, m, rep)
}
