package event

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/store"
)

// An event's settings (store.Settings) are checked here against its game:
// seat counts the game plays, maps it offers, time limits it lets change,
// leagues and HTTP bots where it has them. Options that name files (a map,
// an arena, a spawn file) never take a path from an organiser either: like
// the map pool, they name a game's own map or an entry of the data
// directory's maps/ folder, which the platform turns into its path.

// maxMemoryMiB bounds a bot's memory limit (16 GiB): more is a typing
// mistake on one machine.
const maxMemoryMiB = 16 << 10

// maxStderrKiB bounds the stderr caps (64 MiB a bot).
const maxStderrKiB = 64 << 10

// maxKeptReplays bounds how many casual replays an event keeps.
const maxKeptReplays = 1_000_000

// TimeOptions are the options holding a game's time limits, for
// Settings.TurnMS and FirstTurnMS (its Info's TimeOptions); ok is false
// for a game whose limits are fixed.
func TimeOptions(info game.Info) (to game.TimeOptions, ok bool) {
	if info.TimeOptions == nil {
		return game.TimeOptions{}, false
	}
	return *info.TimeOptions, true
}

// gameMaps are the map names a game understands without a file (its
// Info's MapNames).
func gameMaps(gameName string) []string {
	g, err := game.Lookup(gameName)
	if err != nil {
		return nil
	}
	return slices.Clone(g.Info().MapNames) // a copy: callers append to it
}

// MapOption is the option a game's map pool sets: its file option named
// map (jungle, catmouse) or arena (territory); "" when it has none.
func MapOption(info game.Info) string {
	for _, o := range info.Options {
		if o.File && (o.Name == "map" || o.Name == "arena") {
			return o.Name
		}
	}
	return ""
}

// MapsDir is where the organiser puts map files the events may name.
func (e *Events) MapsDir() string { return filepath.Join(e.Dir, "maps") }

// mapEntries lists the maps/ folder's entries (hidden ones excepted).
func (e *Events) mapEntries() []string {
	ents, err := os.ReadDir(e.MapsDir())
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range ents {
		if !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	return names
}

// ResolveMap turns a map name into the option value the game reads: an
// entry of maps/ becomes its path, a game's own map stays its name.
func (e *Events) ResolveMap(gameName, name string) (string, error) {
	if validEntryName(name) && slices.Contains(e.mapEntries(), name) {
		return filepath.Join(e.MapsDir(), name), nil
	}
	if slices.Contains(gameMaps(gameName), name) {
		return name, nil
	}
	offered := append(gameMaps(gameName), e.mapEntries()...)
	slices.Sort(offered)
	if len(offered) == 0 {
		return "", fmt.Errorf("%q is not a map this platform offers for %s (put map files in %s)", name, gameName, e.MapsDir())
	}
	return "", fmt.Errorf("%q is not a map this platform offers for %s: name one of %s (or put a file in %s)", name, gameName, strings.Join(offered, ", "), e.MapsDir())
}

// validEntryName accepts a bare name: no separator, not hidden.
func validEntryName(v string) bool {
	return v != "" && !strings.ContainsAny(v, "/\\\x00") && !strings.HasPrefix(v, ".")
}

// CheckSettings checks an event's options and settings against its game
// and fills in the defaults (seat count, memory limit). Errors say what to
// change.
func (e *Events) CheckSettings(g game.Game, opts map[string]string, s store.Settings) (store.Settings, error) {
	info := g.Info()
	if _, err := e.resolvedOptions(info, opts); err != nil {
		return s, err
	}
	if s.MemoryMiB < 0 || s.MemoryMiB > maxMemoryMiB {
		return s, fmt.Errorf("memory limit %d MiB: give 1 to %d (default %d)", s.MemoryMiB, maxMemoryMiB, store.DefaultMemoryMiB)
	}
	if s.MemoryMiB == 0 {
		s.MemoryMiB = store.DefaultMemoryMiB
	}
	if s.StderrTurnKiB < 0 || s.StderrMatchKiB < 0 || s.StderrTurnKiB > maxStderrKiB || s.StderrMatchKiB > maxStderrKiB {
		return s, fmt.Errorf("stderr caps %d KiB a turn, %d KiB a match: give 1 to %d (0: the defaults, %d and %d)", s.StderrTurnKiB, s.StderrMatchKiB, maxStderrKiB, store.DefaultStderrTurnKiB, store.DefaultStderrMatchKiB)
	}
	if s.KeptReplays < 0 || s.KeptReplays > maxKeptReplays {
		return s, fmt.Errorf("kept replays %d: give 1 to %d (0: the default, %d)", s.KeptReplays, maxKeptReplays, store.DefaultKeptReplays)
	}
	if !s.Start.IsZero() && !s.End.IsZero() && !s.End.After(s.Start) {
		return s, fmt.Errorf("the event ends (%s) before it starts (%s)", s.End.Format("2006-01-02 15:04 MST"), s.Start.Format("2006-01-02 15:04 MST"))
	}
	if s.Leagues && len(info.Leagues) == 0 {
		return s, fmt.Errorf("%s has no leagues", info.Name)
	}
	if s.BuildNetwork != "" && s.BuildNetwork != store.BuildNetworkOff && s.BuildNetwork != store.BuildNetworkRegistries {
		return s, fmt.Errorf("build network %q: give %s (no network, the default) or %s (the language registries alone)", s.BuildNetwork, store.BuildNetworkOff, store.BuildNetworkRegistries)
	}
	if s.HTTPBots && info.HTTP == nil {
		return s, fmt.Errorf("%s has no HTTP protocol: its bots cannot be HTTP servers", info.Name)
	}
	if err := checkTimes(info, opts, s); err != nil {
		return s, err
	}
	if err := e.checkMaps(info, opts, s.Maps); err != nil {
		return s, err
	}
	seats, err := e.checkSeats(g, opts, s)
	if err != nil {
		return s, err
	}
	s.Seats = seats
	return s, nil
}

func checkTimes(info game.Info, opts map[string]string, s store.Settings) error {
	if s.TurnMS == 0 && s.FirstTurnMS == 0 {
		return nil
	}
	to, ok := TimeOptions(info)
	if !ok {
		return fmt.Errorf("%s's time limits are part of its rules (%s): they cannot be changed", info.Name, clockText(info.Clock))
	}
	for _, v := range []struct {
		ms   int
		name string
	}{{s.TurnMS, "turn"}, {s.FirstTurnMS, "first-turn"}} {
		if v.ms < 0 || v.ms > 60_000 {
			return fmt.Errorf("%s time limit %d ms: give 1 to 60000 ms (0: the game's)", v.name, v.ms)
		}
	}
	if _, set := opts[to.Turn]; set && s.TurnMS != 0 {
		return fmt.Errorf("the turn time limit is given twice: as option %s and as the event's turn limit", to.Turn)
	}
	if _, set := opts[to.First]; set && s.FirstTurnMS != 0 {
		return fmt.Errorf("the first-turn time limit is given twice: as option %s and as the event's first-turn limit", to.First)
	}
	if to.FirstIsExtra && s.FirstTurnMS != 0 && s.FirstTurnMS < turnMS(info, opts, s) {
		return fmt.Errorf("the first-turn limit (%d ms) is shorter than the turn limit (%d ms)", s.FirstTurnMS, turnMS(info, opts, s))
	}
	return nil
}

// turnMS is the event's turn limit in milliseconds (for jungle's first
// turns, whose option is the time on top of it).
func turnMS(info game.Info, opts map[string]string, s store.Settings) int {
	if s.TurnMS != 0 {
		return s.TurnMS
	}
	to, _ := TimeOptions(info)
	if v, ok := opts[to.Turn]; ok {
		n, _ := strconv.Atoi(v)
		return n
	}
	return int(info.Clock.Turn.Milliseconds())
}

func clockText(c game.Clock) string {
	return fmt.Sprintf("%d ms per turn, %d ms on the first", c.Turn.Milliseconds(), c.First.Milliseconds())
}

func (e *Events) checkMaps(info game.Info, opts map[string]string, maps []string) error {
	if len(maps) == 0 {
		return nil
	}
	opt := MapOption(info)
	if opt == "" {
		return fmt.Errorf("%s has no map option: its maps are generated from each match's seed", info.Name)
	}
	if _, set := opts[opt]; set {
		return fmt.Errorf("the map is given twice: as option %s and as the map pool", opt)
	}
	seen := map[string]bool{}
	for _, m := range maps {
		if seen[m] {
			return fmt.Errorf("map %q is twice in the pool", m)
		}
		seen[m] = true
		if _, err := e.ResolveMap(info.Name, m); err != nil {
			return err
		}
	}
	return nil
}

// checkSeats checks the seat counts against the game, trying each with
// the event's options (territory plays 4, 6 or 8 on generated arenas),
// and returns them sorted; none given is the smallest count that plays.
func (e *Events) checkSeats(g game.Game, opts map[string]string, s store.Settings) ([]int, error) {
	info := g.Info()
	lo := max(2, info.MinPlayers) // one bot alone ranks nothing
	if len(s.Seats) == 0 {
		var errs []error
		for n := lo; n <= info.MaxPlayers; n++ {
			err := e.tryMatch(g, opts, s, n)
			if err == nil {
				return []int{n}, nil
			}
			errs = append(errs, err)
		}
		return nil, fmt.Errorf("no number of players works with these options: %w", errors.Join(errs...))
	}
	seats := slices.Clone(s.Seats)
	slices.Sort(seats)
	for i, n := range seats {
		if i > 0 && n == seats[i-1] {
			return nil, fmt.Errorf("seat count %d is given twice", n)
		}
		if n < lo || n > info.MaxPlayers {
			return nil, fmt.Errorf("%s matches on the platform have %s players, not %d", info.Name, game.CountRange(lo, info.MaxPlayers), n)
		}
		if err := e.tryMatch(g, opts, s, n); err != nil {
			return nil, fmt.Errorf("%d players: %w", n, err)
		}
	}
	return seats, nil
}

// tryMatch creates a referee as a match of the event with n players
// would, with each map of the pool, so that settings the game refuses
// fail when the event is made, not in every match.
func (e *Events) tryMatch(g game.Game, opts map[string]string, s store.Settings, n int) error {
	maps := s.Maps
	if len(maps) == 0 {
		maps = []string{""}
	}
	for _, m := range maps {
		pairs, err := e.MatchOptions(g.Info(), opts, s, m)
		if err != nil {
			return err
		}
		o, err := game.ParseOptions(g.Info().Options, pairs)
		if err != nil {
			return err
		}
		league, err := g.Info().CheckLeague(0)
		if err != nil {
			return err
		}
		if _, err := g.New(game.Config{Seed: 1, Players: n, League: league, Options: o, Files: game.NewFiles()}); err != nil {
			if m != "" {
				return fmt.Errorf("map %s: %w", m, err)
			}
			return err
		}
	}
	return nil
}

// resolvedOptions checks an event's options as k=v pairs, sorted, with
// each file option's value resolved as a map name.
func (e *Events) resolvedOptions(info game.Info, opts map[string]string) ([]string, error) {
	file := map[string]game.Option{}
	for _, d := range info.Options {
		if d.File {
			file[d.Name] = d
		}
	}
	var pairs []string
	for k, v := range opts {
		if d, ok := file[k]; ok && v != d.Default {
			path, err := e.ResolveMap(info.Name, v)
			if err != nil {
				return nil, fmt.Errorf("option %s: %w", k, err)
			}
			v = path
		}
		pairs = append(pairs, k+"="+v)
	}
	slices.Sort(pairs)
	if _, err := game.ParseOptions(info.Options, pairs); err != nil {
		return nil, err
	}
	return pairs, nil
}

// MatchOptions are the game options of one match of the event: its
// options, its time limits and the map drawn from its pool ("": none).
func (e *Events) MatchOptions(info game.Info, opts map[string]string, s store.Settings, mapName string) ([]string, error) {
	pairs, err := e.resolvedOptions(info, opts)
	if err != nil {
		return nil, err
	}
	to, _ := TimeOptions(info)
	if s.TurnMS != 0 {
		pairs = append(pairs, to.Turn+"="+strconv.Itoa(s.TurnMS))
	}
	if s.FirstTurnMS != 0 {
		first := s.FirstTurnMS
		if to.FirstIsExtra {
			first -= turnMS(info, opts, s)
		}
		pairs = append(pairs, to.First+"="+strconv.Itoa(first))
	}
	if mapName != "" {
		v, err := e.ResolveMap(info.Name, mapName)
		if err != nil {
			return nil, err
		}
		pairs = append(pairs, MapOption(info)+"="+v)
	}
	return pairs, nil
}

// DrawMap chooses a match's map from the pool by its seed ("" for none).
func DrawMap(s store.Settings, seed int64) string {
	if len(s.Maps) == 0 {
		return ""
	}
	return s.Maps[rand.New(rand.NewPCG(uint64(seed), 2)).IntN(len(s.Maps))]
}

// CheckOpen says why an event takes no submission (nor change of the
// active one) and plays no casual match at t: before its start or after
// its end. The organiser's rounds and final play outside them
// (scheduleEvent).
func CheckOpen(ev store.Event, t time.Time) error {
	s := ev.Settings
	switch {
	case !s.Start.IsZero() && t.Before(s.Start):
		return fmt.Errorf("the event %q starts at %s: submissions open then", ev.Name, s.Start.UTC().Format(time.RFC3339))
	case !s.End.IsZero() && !t.Before(s.End):
		return fmt.Errorf("the event %q ended at %s: it takes no more submissions", ev.Name, s.End.UTC().Format(time.RFC3339))
	}
	return nil
}
