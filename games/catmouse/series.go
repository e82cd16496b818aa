package catmouse

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/seed27749672/arena/game"
)

// GamesPerMatch is the number of games of a match (§1, D17).
const GamesPerMatch = 3

// Series is the seed's match (game.Series): three games between the same
// two teams on the same map, on spawn set 0, the set chosen by the teams'
// votes, and the secret set 9 (§8.1); the first team plays the cats first
// in games 1 and 3, the second team in game 2 (D19). Every game is resolved
// into options that stand on their own: the map pinned (gen:SEED), the set
// written inline.
func (catmouse) Series(cfg game.Config) ([]game.Config, error) {
	mapOpt, sets, _, err := seriesPlan(cfg)
	if err != nil {
		return nil, err
	}
	var base []string
	for _, kv := range cfg.Options.Pairs() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "map", "spawn", "spawns", "game":
		default:
			base = append(base, kv)
		}
	}
	out := make([]game.Config, GamesPerMatch)
	for g := range GamesPerMatch {
		pairs := append(append([]string(nil), base...), "map="+mapOpt, "spawn="+sets[g].Inline(),
			"game="+strconv.Itoa(g+1))
		opts, err := game.ParseOptions(options, pairs)
		if err != nil {
			return nil, err
		}
		c := cfg
		c.Options = opts
		out[g] = c
	}
	return out, nil
}

// seriesPlan resolves the map and the three sets of a match, with notes
// for humans on how game 2's set was chosen.
func seriesPlan(cfg game.Config) (mapOpt string, sets [3]Spawn, notes []string, err error) {
	o := cfg.Options
	if s := o.String("spawn"); s != "" && s != "auto" {
		return "", sets, nil, fmt.Errorf("a match plays three spawn sets, but the spawn option names one; give a spawn file with --spawns FILE (sets 0, 1-8 with votes, and 9)")
	}
	mapOpt = o.String("map")
	if mapOpt == "" {
		mapOpt = "default"
	}
	if mapOpt == "gen" {
		mapOpt = "gen:" + strconv.FormatUint(uint64(cfg.Seed), 10)
	}
	b, err := loadMap(cfg.Files, mapOpt, cfg.Seed)
	if err != nil {
		return "", sets, nil, fmt.Errorf("map option: %w", err)
	}
	sets, notes, err = matchSets(cfg.Files, o.String("spawns"), mapOpt, b, cfg.Seed, !o.Bool("no-spawn-check"))
	return mapOpt, sets, notes, err
}

// matchSets resolves the three sets of a match.
func matchSets(files *game.Files, packFile, mapOpt string, b *Board, seed int64, check bool) ([3]Spawn, []string, error) {
	var p *Pack
	switch {
	case packFile != "":
		text, err := files.ReadFile(packFile)
		if err != nil {
			return [3]Spawn{}, nil, fmt.Errorf("spawns option: cannot read %q: %v", packFile, err)
		}
		if p, err = ParsePack(string(text)); err != nil {
			return [3]Spawn{}, nil, err
		}
	case mapOpt == "default":
		p = DefaultPack()
	default:
		var sets [3]Spawn
		for g := range GamesPerMatch {
			s, err := autoSpawnFor(b, g+1, seed)
			if err != nil {
				return sets, nil, err
			}
			sets[g] = s
		}
		return sets, []string{"spawn sets placed automatically: no team set, so game 2 replays set 0"}, nil
	}
	sets, ch, err := p.MatchSets(b, check)
	if err != nil {
		return sets, nil, err
	}
	notes := []string{fmt.Sprintf("game 2 plays %s: %s", sets[1].Label(), ch.Reason)}
	for _, v := range ch.Void {
		notes = append(notes, "void vote: "+v)
	}
	return sets, notes, nil
}

// Combine scores the match (§6, D17): the team with more game wins wins;
// with as many, the lower sum of own results wins; still equal, the match
// is drawn. A forfeited game counts 0 for the winner's own result and
// MAXTURNS+1 for the crasher's (as each game's result already says).
func (catmouse) Combine(cfg game.Config, games []game.Result) game.SeriesResult {
	names := cfg.Names
	for len(names) < 2 {
		names = append(names, fmt.Sprintf("bot%d", len(names)+1))
	}
	var wins, draws, own, diff [2]int
	var status [2]game.Status
	var message [2]string
	table := [][]string{{"GAME", "SET", names[0] + " OWN", names[1] + " OWN", "WINNER"}}
	for i, g := range games {
		if len(g.Players) < 2 {
			continue
		}
		var o [2]int
		for p := range 2 {
			o[p] = g.Players[p].StatInt("own")
			if st := g.Players[p].Status; st != game.OK && st != "" && status[p] == "" {
				status[p], message[p] = st, fmt.Sprintf("game %d: %s", i+1, g.Players[p].Message)
			}
		}
		winner := "draw"
		switch {
		case o[0] < o[1]:
			wins[0]++
			winner = names[0]
		case o[1] < o[0]:
			wins[1]++
			winner = names[1]
		default:
			draws[0]++
			draws[1]++
		}
		for p := range 2 {
			own[p] += o[p]
			diff[p] += o[1-p] - o[p]
		}
		set := fmt.Sprint(g.Players[0].Stats["spawn"])
		table = append(table, []string{strconv.Itoa(i + 1), set, strconv.Itoa(o[0]), strconv.Itoa(o[1]), winner})
	}
	table = append(table, []string{"TOTAL", "", fmt.Sprintf("%d (%d wins)", own[0], wins[0]), fmt.Sprintf("%d (%d wins)", own[1], wins[1]), ""})
	res := game.SeriesResult{Table: table}
	if _, _, notes, err := seriesPlan(cfg); err == nil {
		res.Notes = notes
	}
	winner := -1
	switch {
	case wins[0] != wins[1]:
		winner = 0
		if wins[1] > wins[0] {
			winner = 1
		}
		res.Summary = fmt.Sprintf("%s wins the match: %d games to %d", names[winner], wins[winner], wins[1-winner])
	case own[0] != own[1]:
		winner = 0
		if own[1] < own[0] {
			winner = 1
		}
		res.Summary = fmt.Sprintf("%s wins the match on turns: %d game wins each, own results %d to %d", names[winner], wins[0], own[winner], own[1-winner])
	default:
		res.Summary = fmt.Sprintf("match drawn: %d game wins each, own results %d each", wins[0], own[0])
	}
	for p := range 2 {
		pr := game.PlayerResult{Score: float64(wins[p]), Status: game.OK, Rank: 1}
		if winner >= 0 && winner != p {
			pr.Rank = 2
		}
		if status[p] != "" {
			pr.Status, pr.Message = status[p], message[p]
		}
		pr.Stats = map[string]any{"wins": wins[p], "draws": draws[p], "losses": len(games) - wins[p] - draws[p],
			"own": own[p], "turnDifference": diff[p]}
		res.Players = append(res.Players, pr)
	}
	return res
}
