package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/league"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/sandbox"
	"github.com/seed27749672/arena/tournament"
	"github.com/seed27749672/arena/tournament/ladder"
	"github.com/seed27749672/arena/tournament/openskill"
)

// Casual matches: a scheduler queues match jobs between the teams' active
// submissions, chosen as arena ladder chooses (the least certain rating
// first, against the closest means), with the game's first builtin bot as
// a house bot when too few teams have a bot; a match job plays its match
// with every team's bot sandboxed in its own build tree, and records the
// result and the new ratings in one transaction keyed by the job, so a
// retried job never counts a match twice.

// matchArgs is a match job (package queue: the formats queue them too).
type matchArgs = queue.Match

// queueMatches is the queue of match jobs: builds never wait behind them.
const queueMatches = queue.Matches

type matchWorker struct {
	river.WorkerDefaults[matchArgs]
	p *Platform
}

func (w *matchWorker) Timeout(*river.Job[matchArgs]) time.Duration { return matchTimeout }

func (w *matchWorker) Work(ctx context.Context, job *river.Job[matchArgs]) error {
	defer w.p.wakeScheduler()
	if job.Args.MatchKind == store.KindRanked || job.Args.Unrated {
		defer wake(w.p.formatEnded) // a round's or a final's stage may be over
	}
	return w.p.playMatch(ctx, job.Args)
}

// wakeScheduler tells the scheduler a match ended (once is enough: a
// wake-up already waiting covers this one).
func (p *Platform) wakeScheduler() { wake(p.matchEnded) }

// wake sends a wake-up on c unless one is waiting already.
func wake(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// houseBot is the builtin a seat without a team gets.
func houseBot(info game.Info) (string, error) {
	if len(info.Builtins) == 0 {
		return "", fmt.Errorf("%s has no builtin bot to play house matches", info.Name)
	}
	return info.Builtins[0].Name, nil
}

// builtRoot is where a submission's kit was built: as prepare put it, by
// the upload's kind (a single file's kit may have a src directory of its
// own, so the tree cannot tell).
func (p *Platform) builtRoot(id int64) string {
	head := make([]byte, 4)
	if f, err := os.Open(p.uploadPath(id)); err == nil {
		io.ReadFull(f, head)
		f.Close()
	}
	if isZip(head) {
		return build.KitRoot(filepath.Join(p.buildDir(id), "src"))
	}
	return p.buildDir(id)
}

// botSpec is the spec of a seat: a team's built kit, run contained in its
// tree, or the house bot.
func (p *Platform) botSpec(ctx context.Context, info game.Info, set store.Settings, house string, teamID, subID int64) (bot.Spec, error) {
	if teamID == 0 {
		if house != "" {
			return bot.Spec{Name: house, Kind: "builtin", Target: house}, nil
		}
		name, err := houseBot(info)
		return bot.Spec{Name: "house", Kind: "builtin", Target: name}, err
	}
	t, err := p.Store.Team(ctx, teamID)
	if err != nil {
		return bot.Spec{}, err
	}
	s, err := p.Store.Submission(ctx, subID)
	if err != nil {
		return bot.Spec{}, err
	}
	if s.Language == LanguageURL { // a team's HTTP bot: its URL (see urlOpener)
		return bot.Spec{Name: "team" + strconv.FormatInt(t.ID, 10), Kind: "url", Target: s.Filename}, nil
	}
	m, err := kits.Read(info.Name, s.Language)
	if err != nil {
		return bot.Spec{}, err
	}
	kind, err := kitTransport(info, set, m)
	if err != nil {
		return bot.Spec{}, err
	}
	if err := p.builds.FetchBuild(ctx, subID); err != nil {
		return bot.Spec{}, err
	}
	// the kit's run command reached by its protocol, as arena play runs a
	// kit (kits.Transport): stdin/stdout, a WebSocket client of the match's
	// server, or an HTTP server, each in its own sandbox and network
	spec := bot.Spec{Name: "team" + strconv.FormatInt(t.ID, 10), Kind: kind, Target: m.Run, Dir: p.builtRoot(subID)}
	if !p.jobs.Build.Unsafe { // --unsafe-no-sandbox: bots run uncontained too
		limits := p.teamSpecLimits(set)
		spec.Sandbox = &limits
	}
	return spec, nil
}

// teamSpecLimits are a team bot's sandbox limits: the builds' with the
// event's memory limit (the sandbox's cgroup enforces it).
func (p *Platform) teamSpecLimits(set store.Settings) sandbox.Limits {
	limits := p.jobs.Build.Limits
	limits.Memory = int64(set.Memory()) << 20
	return limits
}

// playMatch plays one match job and records it.
func (p *Platform) playMatch(ctx context.Context, a matchArgs) error {
	ev, err := p.Store.Event(ctx, a.Event)
	if err != nil {
		return err
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return err
	}
	m, specs, err := p.matchOf(ctx, g, ev, a)
	if err != nil && a.Format {
		return err
	}
	rec := store.Match{EventID: a.Event, Key: a.Key, Kind: a.MatchKind, League: a.League, Round: a.Round, Seed: a.Seed, Teams: a.Teams, Submissions: a.Submissions}
	if err == nil {
		release, err := p.holdCores(ctx, specs)
		if err != nil {
			return err // stopped while waiting: the job is tried again
		}
		var rep, runErr = match.Run(ctx, m)
		release()
		switch {
		case runErr != nil && (ctx.Err() != nil || a.Format):
			return runErr // stopped, or a format's game: the job is tried again
		case runErr != nil:
			rec.Error = runErr.Error()
		default:
			for _, pr := range rep.Result.Players {
				rec.Ranks = append(rec.Ranks, pr.Rank)
				rec.Scores = append(rec.Scores, pr.Score)
				rec.Stats = append(rec.Stats, numericStats(pr.Stats))
			}
			rec.Map = playedMap(g.Info(), m, rep)
			// the replay first: a match recorded has its replay
			if err := p.Replays.Put(a.Key, rep); err != nil {
				return err
			}
		}
	} else {
		rec.Error = err.Error()
	}
	var rate func(cur map[int64]store.Rating) []store.Rating
	if a.MatchKind != store.KindRanked && a.MatchKind != store.KindPromotion && !a.Unrated {
		// (ranked rounds count ladder points, not ratings; a promotion
		// game's boss is no team of the league: docs/events.md)
		left, err := p.leftLeague(context.WithoutCancel(ctx), a)
		if err != nil {
			return err
		}
		rate = func(cur map[int64]store.Rating) []store.Rating { return rateInLeague(rec, cur, left) }
	}
	_, err = p.recordMatch(context.WithoutCancel(ctx), rec, rate)
	return err
}

// leftLeague are the teams of a league's rated game that moved to another
// league while it was played (promoted meanwhile): their rating started
// again in their new league, which this game is not of.
func (p *Platform) leftLeague(ctx context.Context, a matchArgs) (map[int64]bool, error) {
	left := map[int64]bool{}
	if a.League == 0 {
		return left, nil
	}
	for _, id := range a.Teams {
		if id == 0 {
			continue
		}
		t, err := p.Store.Team(ctx, id)
		if err != nil {
			return nil, err
		}
		if t.League != a.League {
			left[id] = true
		}
	}
	return left, nil
}

// rateInLeague is rateMatch without the teams that left the game's league
// (they keep the rating of their new league; the others are rated
// against them as they played).
func rateInLeague(m store.Match, cur map[int64]store.Rating, left map[int64]bool) []store.Rating {
	var out []store.Rating
	for _, r := range rateMatch(m, cur) {
		if !left[r.TeamID] {
			out = append(out, r)
		}
	}
	return out
}

// holdCores waits for the cores a match of these bots needs (one per
// process bot, as arena tournament counts them) and returns their
// release; without StartJobs, nothing is held.
func (p *Platform) holdCores(ctx context.Context, specs []bot.Spec) (func(), error) {
	if p.cores == nil {
		return func() {}, nil
	}
	need := tournament.MatchCores(specs, p.coreCount)
	if err := p.cores.Acquire(ctx, need); err != nil {
		return nil, err
	}
	return func() { p.cores.Release(need) }, nil
}

// matchOf builds a match job's match, and gives its bots' specs.
func (p *Platform) matchOf(ctx context.Context, g game.Game, ev store.Event, a matchArgs) (match.Match, []bot.Spec, error) {
	info := g.Info()
	cfg, err := p.matchConfig(info, ev, a)
	if err != nil {
		return match.Match{}, nil, err
	}
	var specs []bot.Spec
	m := match.Match{Game: g, Config: cfg}
	for i := range a.Teams {
		spec, err := p.botSpec(ctx, info, ev.Settings, a.House, a.Teams[i], a.Submissions[i])
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

// matchConfig is a match job's game configuration: the event's options
// (its map drawn by the seed, unless the job carries its files) with the
// job's over them.
func (p *Platform) matchConfig(info game.Info, ev store.Event, a matchArgs) (game.Config, error) {
	mapName := event.DrawMap(ev.Settings, a.Seed)
	if a.Files != nil {
		mapName = "" // the job names its map and carries it
	}
	pairs, err := p.MatchOptions(info, ev.Options, ev.Settings, mapName)
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
	return game.Config{Seed: a.Seed, League: league, Options: opts, Files: files, TimeScale: p.jobs.TimeScale}, nil
}

// seriesConfigs are the configurations of the games of a series match
// (game.Series) between the job's seats, as tournament.PlaySeries makes
// them.
func seriesConfigs(g game.Game, cfg game.Config, a matchArgs) ([]game.Config, error) {
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
// botSpec names them.
func seatNames(teams []int64) []string { return queue.SeatNames(teams) }

// rateMatch computes the new ratings of a match's teams (house bots are not
// rated: they play at the default rating each time).
func rateMatch(m store.Match, cur map[int64]store.Rating) []store.Rating {
	model := openskill.Default()
	before := make([]openskill.Rating, len(m.Teams))
	for i, id := range m.Teams {
		before[i] = model.New()
		if r, ok := cur[id]; ok && id != 0 {
			before[i] = openskill.Rating{Mu: r.Mu, Sigma: r.Sigma}
		}
	}
	after, err := model.RateFFA(before, m.Ranks)
	if err != nil {
		return nil
	}
	var out []store.Rating
	for i, id := range m.Teams {
		if id == 0 {
			continue
		}
		r := cur[id]
		r.TeamID, r.Mu, r.Sigma = id, after[i].Mu, after[i].Sigma
		r.Games++
		best, tied := true, false
		for j, rk := range m.Ranks {
			if j != i && rk < m.Ranks[i] {
				best = false
			}
			if j != i && rk == m.Ranks[i] {
				tied = true
			}
		}
		switch {
		case best && tied:
			r.Draws++
		case best:
			r.Wins++
		default:
			r.Losses++
		}
		out = append(out, r)
	}
	return out
}

// schedule queues casual matches for every event until each has
// inFlight match jobs not yet finished. It returns how many it queued.
func (p *Platform) schedule(ctx context.Context, inFlight int) (int, error) {
	events, err := p.Store.Events(ctx)
	if err != nil {
		return 0, err
	}
	busy, promoting, err := p.countMatchJobs(ctx) // promoting: teams with a promotion game queued
	if err != nil {
		return 0, err
	}
	queued := 0
	for _, ev := range events {
		// an event not open (before its start, after its end) still plays
		// what the organiser asked: scheduleEvent holds back its casual games only
		n, err := p.scheduleEvent(ctx, ev, inFlight, busy[ev.ID], promoting)
		queued += n
		if err != nil {
			return queued, err
		}
	}
	return queued, nil
}

// nextMatch chooses the next casual match of an event, or the next game
// of its final ranking when final is not nil; ok is false when no team
// has a bot to play. pass is what the scheduling pass read of the event
// (see schedulePass); the teams chosen count in its planned games.
func (p *Platform) nextMatch(ctx context.Context, ev store.Event, final *Final, pass *schedulePass) (matchArgs, bool, error) {
	info, ratings := pass.info, pass.ratings
	teams, lg := p.leagueTeams(ev, info, pass.teams, ratings, final)
	var cands []store.Team
	var bots []ladder.Bot
	var planned []int
	for _, t := range teams {
		if t.Active == 0 || !p.playableOnce(ctx, info, t.Active, pass.playable) {
			continue
		}
		r, ok := ratings[t.ID]
		rt := openskill.Default().New()
		if ok {
			rt = openskill.Rating{Mu: r.Mu, Sigma: r.Sigma}
		}
		cands = append(cands, t)
		bots = append(bots, ladder.Bot{Name: strconv.FormatInt(t.ID, 10), Rating: rt, Games: r.Games})
		planned = append(planned, pass.planned[t.ID])
	}
	if len(cands) == 0 {
		return matchArgs{}, false, nil
	}
	seed := match.RandomSeed()
	size, ok := seatCount(info, ev.Settings, len(cands), seed)
	if !ok {
		return matchArgs{}, false, nil
	}
	var seats []int
	if len(cands) >= size {
		seats = ladder.ChooseAfter(bots, size, planned)
	} else {
		for i := range cands {
			seats = append(seats, i)
		}
	}
	a := matchArgs{Event: ev.ID, Seed: seed, Key: fmt.Sprintf("casual-%d-%d-%d", ev.ID, time.Now().UnixNano(), seed), League: lg.Number, House: lg.Boss}
	if final != nil {
		a.MatchKind, a.Key = store.KindFinal, fmt.Sprintf("final-%d-%d-%d", ev.ID, final.Queued, seed)
	}
	for _, i := range seats {
		pass.planned[cands[i].ID]++
		a.Teams = append(a.Teams, cands[i].ID)
		a.Submissions = append(a.Submissions, cands[i].Active)
	}
	for len(a.Teams) < size {
		a.Teams = append(a.Teams, 0)
		a.Submissions = append(a.Submissions, 0)
	}
	// seats in a random order: no team always plays first
	rand.New(rand.NewPCG(uint64(seed), 1)).Shuffle(len(a.Teams), func(i, j int) {
		a.Teams[i], a.Teams[j] = a.Teams[j], a.Teams[i]
		a.Submissions[i], a.Submissions[j] = a.Submissions[j], a.Submissions[i]
	})
	p.offerMap(ev, &a)
	return a, true, nil
}

// seatCount draws the size of an event's next match among its seat
// counts: those its teams fill, and with house bots on every one (the
// house bot takes the seats no team has). ok is false when no count can
// be played.
func seatCount(info game.Info, s store.Settings, teams int, seed int64) (int, bool) {
	allowed := s.Seats
	if len(allowed) == 0 { // an event made before its settings were checked
		allowed = []int{max(2, info.MinPlayers)}
	}
	_, err := houseBot(info)
	house := s.HouseBots && err == nil
	var sizes []int
	for _, n := range allowed {
		if n <= teams || house {
			sizes = append(sizes, n)
		}
	}
	if len(sizes) == 0 {
		return 0, false
	}
	return sizes[rand.New(rand.NewPCG(uint64(seed), 3)).IntN(len(sizes))], true
}

// kitTransport is the bot spec kind that reaches a kit's bot (the kit's
// protocol, as kits.Transport names it), or why the event cannot play it.
func kitTransport(info game.Info, set store.Settings, m kits.Manifest) (string, error) {
	switch {
	case m.Protocol == "http" && !set.HTTPBots:
		return "", fmt.Errorf("the %s kit is an HTTP server, and the event takes none (its http_bots setting)", m.Kit)
	case m.Protocol == "http" && info.HTTP == nil, m.Protocol == "websocket" && info.WebSocket == nil:
		return "", fmt.Errorf("%s has no %s protocol for the %s kit", info.Name, m.Protocol, m.Kit)
	}
	kind := strings.TrimSuffix(kits.Transport(m.Protocol), ":")
	if kind == "" {
		return "", fmt.Errorf("the %s kit talks %q, which the platform does not know", m.Kit, m.Protocol)
	}
	return kind, nil
}

// playable: the submission's kit is one the platform can play.
func (p *Platform) playable(ctx context.Context, info game.Info, subID int64) bool {
	s, err := p.Store.Submission(ctx, subID)
	if err != nil {
		return false
	}
	if s.Language == LanguageURL {
		return info.HTTP != nil
	}
	m, err := kits.Read(info.Name, s.Language)
	if err != nil {
		return false
	}
	set := store.Settings{HTTPBots: true}
	if m.Protocol == "http" { // only in an event that takes HTTP bots
		t, err := p.Store.Team(ctx, s.TeamID)
		if err != nil {
			return false
		}
		ev, err := p.Store.Event(ctx, t.EventID)
		if err != nil {
			return false
		}
		set = ev.Settings
	}
	_, err = kitTransport(info, set, m)
	return err == nil
}

// Standing is one line of an event's leaderboard (apitypes.Standing).
type Standing = apitypes.Standing

// Leaderboard ranks an event's teams by mu - 3 sigma; in an event with
// leagues, the teams of the top league (see LeagueLeaderboard).
func (p *Platform) Leaderboard(ctx context.Context, eventID int64) ([]Standing, error) {
	ev, err := p.Store.Event(ctx, eventID)
	if err != nil {
		return nil, err
	}
	if g, err := game.Lookup(ev.Game); err == nil && leaguesOn(ev, g.Info()) {
		top, _ := league.Top(g.Info())
		return p.LeagueLeaderboard(ctx, eventID, top.Number)
	}
	return p.allStandings(ctx, eventID)
}

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

func unmarshalArgs(j *rivertype.JobRow, a *matchArgs) error {
	return json.Unmarshal(j.EncodedArgs, a)
}
