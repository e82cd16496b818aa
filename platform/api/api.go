// Package api is the platform's HTTP API: its route table (the
// platform's own routes and those its event formats add), the roles that
// open them (a team's token, the organiser's, none to join), the rate
// limits of logins, submissions and the formats' budgets, and the
// handlers. It serves an api.Platform, the platform's services, which
// package platform implements and mounts; the API itself keeps no state
// but its limits.
package api

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/internal/keyrate"
	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/files"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/rules"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
)

// Prefix is where the platform's API is served; the viewer server
// mounts Handler there, behind its host check and cross-origin
// protection.
const Prefix = "/api/platform/"

// Options bound the API's clients.
type Options struct {
	// SubmitEvery is the time a team waits between submissions (default
	// a minute); SubmitBurst how many it may make at once (default 1).
	SubmitEvery time.Duration
	SubmitBurst int
	// JoinsPerMinute bounds, per client address, joins and requests with
	// a wrong token (default 10, after a burst of 10).
	JoinsPerMinute float64
	// UploadTime is how long a submission's upload may take to arrive,
	// from the start of its request (default 10 minutes: 20 MiB at 35
	// KB/s). It replaces the server's read timeout (arena serve's is a
	// minute) for that route only, and only for a team's token.
	UploadTime time.Duration
	// TestsPerMinute bounds a team's test games (default 6 a minute,
	// after a burst of as many); practice.MaxUnfinished bounds those
	// queued or playing.
	TestsPerMinute float64
	// StreamsPerClient and Streams bound the events' open streams
	// (stream.go), by client address and in all (defaults
	// DefaultStreamsPerClient, DefaultStreams); StreamPing is the time
	// between a stream's keep-alive comments (DefaultStreamPing).
	StreamsPerClient int
	Streams          int
	StreamPing       time.Duration
	// PublicPerMinute bounds, per client address, the reads of the public
	// routes, which take no token (default 120, after a burst of 60).
	PublicPerMinute float64
	Log             *slog.Logger
	Now             func() time.Time // a test's clock
}

// role is who may call a route.
type role int

const (
	anyone    role = iota // no token (joining)
	team                  // a team's token
	organiser             // the organiser's token
)

// route is one entry of the API: the table is both what Handler serves
// and what the access test walks.
type route struct {
	pattern string // net/http pattern, under Prefix
	who     role
	own     bool // names a team's own resource by {id}: another team gets 404
	// serve handles the request; a team route's is only reached with the
	// team of the token (withTeam), anyone's with no team.
	serve func(a *api, w http.ResponseWriter, r *http.Request, t store.Team)
}

// routes are the platform's own routes and the formats'.
//
// They are read when a handler is made, not when the package starts: the
// formats register in their own packages' init, which the entry imports.
func routes() []route { return append(slices.Clone(ownRoutes), formatRoutes()...) }

var ownRoutes = []route{
	{"POST " + Prefix + "join", anyone, false, (*api).join},
	{"GET " + Prefix + "team", team, false, (*api).team},
	{"GET " + Prefix + "submissions", team, false, (*api).submissions},
	{"POST " + Prefix + "submissions", team, false, (*api).submit},
	{"GET " + Prefix + "submissions/{id}", team, true, (*api).submission},
	{"GET " + Prefix + "submissions/{id}/log", team, true, (*api).buildLog},
	{"POST " + Prefix + "submissions/{id}/activate", team, true, (*api).activate},
	{"GET " + Prefix + "submissions/{id}/source", team, true, (*api).source}, // source.go
	{"GET " + Prefix + "source", team, false, (*api).activeSource},
	{"POST " + Prefix + "submissions/{id}/edit", team, true, (*api).submitEdited},
	{"GET " + Prefix + "kits", team, false, (*api).kits},
	{"GET " + Prefix + "kits/{lang}", team, false, (*api).kit},
	{"GET " + Prefix + "leaderboard", team, false, (*api).leaderboard},
	{"GET " + Prefix + "matches", team, false, (*api).matches},
	{"GET " + Prefix + "matches/{id}/replay", team, true, (*api).matchReplay},
	{"POST " + Prefix + "tests", team, false, (*api).startTest}, // tests.go
	{"GET " + Prefix + "tests", team, false, (*api).tests},
	{"GET " + Prefix + "tests/{id}", team, true, (*api).test},
	{"GET " + Prefix + "tests/{id}/replay", team, true, (*api).testReplay},
	// an outside bot registers with its team's token in its first message
	{"GET " + Prefix + "play", anyone, false, (*api).play},

	// the languages page, for anyone (languages.go)
	{"GET " + Prefix + "languages", anyone, false, (*api).languages},

	{"GET " + Prefix + "results", team, false, (*api).results},
	{"GET " + Prefix + "rules", team, false, (*api).rules}, // api_rules.go
	{"POST " + Prefix + "httpbot", team, false, (*api).registerURL},
	{"GET " + Prefix + "stream", team, false, (*api).teamStream},

	// an event its organiser made public, for anyone (public.go)
	{"GET " + Prefix + "public/events/{id}", anyone, false, (*api).publicInfo},
	{"GET " + Prefix + "public/events/{id}/leaderboard", anyone, false, (*api).publicBoard},
	{"GET " + Prefix + "public/events/{id}/games", anyone, false, (*api).publicGames},
	{"GET " + Prefix + "public/events/{id}/format", anyone, false, (*api).publicFormat},
	{"GET " + Prefix + "public/events/{id}/matches/{match}/replay", anyone, false, (*api).publicReplay},
	{"GET " + Prefix + "public/events/{id}/stream", anyone, false, (*api).publicStream},

	{"GET " + Prefix + "organiser/events", organiser, false, (*api).orgEvents},
	{"POST " + Prefix + "organiser/events", organiser, false, (*api).orgCreateEvent},
	{"GET " + Prefix + "organiser/events/{id}", organiser, false, (*api).orgGetEvent},
	{"POST " + Prefix + "organiser/events/{id}", organiser, false, (*api).orgUpdateEvent},
	{"POST " + Prefix + "organiser/events/{id}/invite", organiser, false, (*api).orgInvite},
	{"POST " + Prefix + "organiser/events/{id}/casual", organiser, false, (*api).orgCasual},
	{"GET " + Prefix + "organiser/events/{id}/controls", organiser, false, (*api).orgControls},
	{"GET " + Prefix + "organiser/events/{id}/stream", organiser, false, (*api).orgStream},
	{"GET " + Prefix + "organiser/stream", organiser, false, (*api).orgMachines},
	{"GET " + Prefix + "organiser/events/{id}/status", organiser, false, (*api).orgStatus},
	{"GET " + Prefix + "organiser/events/{id}/teams", organiser, false, (*api).orgTeams},
	{"GET " + Prefix + "organiser/events/{id}/matches", organiser, false, (*api).orgMatches},
	{"GET " + Prefix + "organiser/events/{id}/matches/{match}/replay", organiser, false, (*api).orgReplay},
	{"GET " + Prefix + "organiser/workers", organiser, false, (*api).orgWorkers},
	{"POST " + Prefix + "organiser/events/{id}/freeze", organiser, false, (*api).orgFreeze},
	{"POST " + Prefix + "organiser/events/{id}/publish", organiser, false, (*api).orgPublish},
	{"GET " + Prefix + "organiser/events/{id}/results", organiser, false, (*api).orgResults},
	{"GET " + Prefix + "organiser/events/{id}/replays", organiser, false, (*api).orgReplays},
	{"POST " + Prefix + "organiser/events/{id}/final", organiser, false, (*api).orgFinal},
	{"POST " + Prefix + "organiser/events/{id}/teams/{team}/retest", organiser, false, (*api).orgRetest},
	{"POST " + Prefix + "organiser/events/{id}/teams/{team}/suspend", organiser, false, (*api).orgSuspend}, // suspend.go
}

type api struct {
	p        Platform
	o        Options
	mu       sync.Mutex
	submits  map[submitKey]*rate.Limiter // by team, drafts apart
	outside  map[int64]bool              // teams whose outside bot is playing (matchmaking.PlayOutside)
	logins   *keyrate.Buckets            // by client address
	testRate *keyrate.Buckets            // test games, by team
	budgets  map[string]*keyrate.Buckets // the formats' named budgets (format.Call.Limit)
	public   *keyrate.Buckets            // the public routes' reads, by client address
	streams  map[string]int              // open streams by client address (stream.go)
	nstream  int
}

// Handler returns the platform's HTTP API. It checks roles itself; the
// server that mounts it adds the host check, the security headers and
// the refusal of cross-origin requests (web.Server.Platform).
func Handler(p Platform, o Options) http.Handler {
	if o.SubmitEvery <= 0 {
		o.SubmitEvery = time.Minute
	}
	if o.SubmitBurst <= 0 {
		o.SubmitBurst = 1
	}
	if o.JoinsPerMinute <= 0 {
		o.JoinsPerMinute = 10
	}
	if o.UploadTime <= 0 {
		o.UploadTime = 10 * time.Minute
	}
	if o.TestsPerMinute <= 0 {
		o.TestsPerMinute = 6
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.StreamsPerClient <= 0 {
		o.StreamsPerClient = DefaultStreamsPerClient
	}
	if o.Streams <= 0 {
		o.Streams = DefaultStreams
	}
	if o.StreamPing <= 0 {
		o.StreamPing = DefaultStreamPing
	}
	if o.PublicPerMinute <= 0 {
		o.PublicPerMinute = 120
	}
	a := &api{p: p, o: o, submits: map[submitKey]*rate.Limiter{},
		logins:   &keyrate.Buckets{Every: rate.Limit(o.JoinsPerMinute / 60), Burst: int(max(1, o.JoinsPerMinute)), Now: o.Now},
		testRate: &keyrate.Buckets{Every: rate.Limit(o.TestsPerMinute / 60), Burst: int(max(1, o.TestsPerMinute)), Now: o.Now},
		budgets:  map[string]*keyrate.Buckets{}, streams: map[string]int{},
		public: &keyrate.Buckets{Every: rate.Limit(o.PublicPerMinute / 60), Burst: int(max(1, o.PublicPerMinute/2)), Now: o.Now}}
	mux := http.NewServeMux()
	for _, rt := range routes() {
		h := func(w http.ResponseWriter, r *http.Request, t store.Team) { rt.serve(a, w, r, t) }
		switch rt.who {
		case anyone:
			mux.HandleFunc(rt.pattern, func(w http.ResponseWriter, r *http.Request) { h(w, r, store.Team{}) })
		case organiser:
			mux.Handle(rt.pattern, a.withOrganiser(h))
		default:
			mux.Handle(rt.pattern, a.withTeam(h))
		}
	}
	mux.HandleFunc(Prefix, func(w http.ResponseWriter, r *http.Request) {
		apiError(w, http.StatusNotFound, "no such API route: "+r.Method+" "+r.URL.Path)
	})
	return mux
}

type teamHandler func(w http.ResponseWriter, r *http.Request, t store.Team)

// withTeam authenticates the request's bearer token; wrong tokens count
// against the client's login budget.
func (a *api) withTeam(h teamHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		token, ok := bearer(r)
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer realm="arena"`)
			apiError(w, http.StatusUnauthorized, "this needs your team's token (Authorization: Bearer TOKEN)")
			return
		}
		if event.IsOrganiserToken(token) && a.p.AuthenticateOrganiser(r.Context(), token) == nil {
			apiError(w, http.StatusForbidden, "this is a team's: the organiser's token opens the organiser's routes (organiser/...)")
			return
		}
		t, err := a.p.Authenticate(r.Context(), token)
		if errors.Is(err, store.ErrBadSecret) {
			if !a.allowLogin(r) {
				apiError(w, http.StatusTooManyRequests, "too many wrong tokens from this address: wait a minute")
				return
			}
			w.Header().Set("WWW-Authenticate", `Bearer realm="arena", error="invalid_token"`)
			apiError(w, http.StatusUnauthorized, "this token is not valid")
			return
		}
		if err != nil {
			a.internal(w, err)
			return
		}
		h(w, r, t)
	}
}

func bearer(r *http.Request) (string, bool) {
	h := r.Header.Get("Authorization")
	const p = "Bearer "
	if len(h) <= len(p) || h[:len(p)] != p {
		return "", false
	}
	return h[len(p):], true
}

func (a *api) allowLogin(r *http.Request) bool {
	return a.logins.Allow(clientAddr(r))
}

// submitKey is a team's bucket of submissions: its uploads, or its
// drafts (the editor's test builds), each at the uploads' rate, so that
// a team may play an edit and then submit it.
type submitKey struct {
	team  int64
	draft bool
}

// reserveSubmit takes one of the team's submissions, or returns nil when
// it has none left; a refused upload gives it back (cancel).
func (a *api) reserveSubmit(teamID int64) (cancel func()) { return a.reserve(teamID, false) }

// reserve is reserveSubmit, of a draft or not.
func (a *api) reserve(teamID int64, draft bool) (cancel func()) {
	a.mu.Lock()
	defer a.mu.Unlock()
	key := submitKey{teamID, draft}
	l, ok := a.submits[key]
	if !ok {
		l = rate.NewLimiter(rate.Every(a.o.SubmitEvery), a.o.SubmitBurst)
		a.submits[key] = l
	}
	now := a.o.Now()
	r := l.ReserveN(now, 1)
	if !r.OK() || r.DelayFrom(now) > 0 {
		r.CancelAt(now)
		return nil
	}
	// cancelled as of its own time: a reservation whose time has passed
	// gives nothing back (rate.Reservation.CancelAt), and a refused upload
	// is answered after its reservation time
	return func() { r.CancelAt(now) }
}

// clientAddr is the request's peer address; forwarding headers are not
// trusted (as in the viewer).
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func (a *api) join(w http.ResponseWriter, r *http.Request, _ store.Team) {
	if !a.allowLogin(r) {
		apiError(w, http.StatusTooManyRequests, "too many joins from this address: wait a minute")
		return
	}
	var req struct {
		Invite  string   `json:"invite"`
		Name    string   `json:"name"`
		Members []string `json:"members"` // display names, optional
	}
	if err := decodeJSON(r, &req); err != nil {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	t, token, err := a.p.Join(r.Context(), req.Invite, req.Name, req.Members...)
	switch {
	case errors.Is(err, event.ErrBadInvite):
		apiError(w, http.StatusForbidden, err.Error())
		return
	case fault.IsUser(err):
		apiError(w, http.StatusBadRequest, err.Error())
		return
	case err != nil:
		a.internal(w, err)
		return
	}
	a.o.Log.Info("team joined", "team", t.ID, "event", t.EventID)
	ev, err := a.p.Store().Event(r.Context(), t.EventID)
	if err != nil {
		a.internal(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"team": teamJSON(t), "event": EventJSON(ev), "token": token})
}

func decodeJSON(r *http.Request, v any) error { return format.DecodeJSON(r, v) }

func (a *api) team(w http.ResponseWriter, r *http.Request, t store.Team) {
	ev, err := a.p.Store().Event(r.Context(), t.EventID)
	if err != nil {
		a.internal(w, err)
		return
	}
	out := map[string]any{"team": teamJSON(t), "event": EventJSON(ev)}
	if l := rules.TeamLeague(ev, t); l != nil {
		if _, ok := l["next"]; ok && t.Active != 0 {
			test, err := a.p.TeamTest(r.Context(), t)
			if err != nil {
				a.internal(w, err)
				return
			}
			l["test"] = test // the active submission's test in the league
		}
		out["league"] = l
	}
	writeJSON(w, http.StatusOK, out)
}

func (a *api) submissions(w http.ResponseWriter, r *http.Request, t store.Team) {
	subs, err := a.p.Store().Submissions(r.Context(), t.ID)
	if err != nil {
		a.internal(w, err)
		return
	}
	list := []map[string]any{}
	for _, s := range subs {
		m := submissionJSON(s)
		m["active"] = s.ID == t.Active
		list = append(list, m)
	}
	writeJSON(w, http.StatusOK, list)
}

// ownSubmission is the submission {id} when it is the team's; any other
// (another team's, or none) is the same 404.
func (a *api) ownSubmission(w http.ResponseWriter, r *http.Request, t store.Team) (store.Submission, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err == nil {
		var s store.Submission
		s, err = a.p.Store().Submission(r.Context(), id)
		if err == nil && s.TeamID == t.ID {
			return s, true
		}
	}
	if err != nil && !errors.Is(err, store.ErrNotFound) && !errors.Is(err, strconv.ErrSyntax) && !errors.Is(err, strconv.ErrRange) {
		a.internal(w, err)
		return store.Submission{}, false
	}
	apiError(w, http.StatusNotFound, "your team has no submission "+strconv.Quote(r.PathValue("id")))
	return store.Submission{}, false
}

func (a *api) submission(w http.ResponseWriter, r *http.Request, t store.Team) {
	if s, ok := a.ownSubmission(w, r, t); ok {
		writeJSON(w, http.StatusOK, submissionJSON(s))
	}
}

// activate makes one of the team's ready submissions its active one.
func (a *api) activate(w http.ResponseWriter, r *http.Request, t store.Team) {
	if refuseSuspended(w, t) {
		return
	}
	s, ok := a.ownSubmission(w, r, t)
	if !ok {
		return
	}
	if err := a.p.CheckNotFrozen(r.Context(), t.EventID); err != nil {
		if fault.IsUser(err) {
			apiError(w, http.StatusConflict, err.Error())
		} else {
			a.internal(w, err)
		}
		return
	}
	err := a.p.Store().Activate(r.Context(), s.ID)
	if errors.Is(err, store.ErrNotReady) {
		apiError(w, http.StatusConflict, fmt.Sprintf("submission %d is %s: only a ready build can be active", s.ID, s.Status))
		return
	}
	if err != nil {
		a.internal(w, err)
		return
	}
	m := submissionJSON(s)
	m["active"] = true
	writeJSON(w, http.StatusOK, m)
}

// kits lists the starter kits of the team's event's game.
func (a *api) kits(w http.ResponseWriter, r *http.Request, t store.Team) {
	ev, err := a.p.Store().Event(r.Context(), t.EventID)
	if err != nil {
		a.internal(w, err)
		return
	}
	langs, err := kits.Languages(ev.Game)
	if err != nil {
		a.internal(w, err)
		return
	}
	list := []map[string]string{}
	for _, l := range langs {
		list = append(list, map[string]string{"language": l, "zip": Prefix + "kits/" + l})
	}
	writeJSON(w, http.StatusOK, list)
}

// kit is one starter kit of the event's game, as a zip.
func (a *api) kit(w http.ResponseWriter, r *http.Request, t store.Team) {
	ev, err := a.p.Store().Event(r.Context(), t.EventID)
	if err != nil {
		a.internal(w, err)
		return
	}
	lang := r.PathValue("lang")
	if _, err := kits.Read(ev.Game, lang); err != nil {
		apiError(w, http.StatusNotFound, err.Error())
		return
	}
	z, err := files.KitZip(ev.Game, lang)
	if err != nil {
		a.internal(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/zip")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%s.zip"`, ev.Game, lang))
	w.Write(z)
}

// leaderboard is the team's event's leaderboard.
func (a *api) leaderboard(w http.ResponseWriter, r *http.Request, t store.Team) {
	board, err := a.boardFor(r.Context(), t, r.URL.Query().Get("league"))
	if fault.IsUser(err) {
		apiError(w, http.StatusBadRequest, err.Error())
		return
	}
	if err != nil {
		a.internal(w, err)
		return
	}
	writeJSON(w, http.StatusOK, boardJSON(board))
}

// boardJSON is a leaderboard's lines (the teams' and the public page's).
func boardJSON(board []apitypes.Standing) []map[string]any {
	list := []map[string]any{}
	for _, s := range board {
		rt := s.Rating
		line := map[string]any{"rank": s.Rank, "league_rank": s.LeagueRank, "team": s.Team.Name, "team_id": s.Team.ID,
			"rating": s.Score(), "mu": rt.Mu, "sigma": rt.Sigma, "games": rt.Games,
			"wins": rt.Wins, "draws": rt.Draws, "losses": rt.Losses, "win_rate": s.WinRate(), "league": s.Team.League}
		if s.Team.Suspended { // (the reason is for the team and the organiser)
			line["suspended"] = true
		}
		addTest(line, s)
		list = append(list, line)
	}
	return list
}

// RecentMatches is how far back a list of matches goes (a team's, the
// organiser's).
const RecentMatches = 500

// teamMatches are the team's matches among its event's latest, and the
// promotion games of its active submission however old (casual games
// against house bots may follow each other by the hundred a minute, and
// the team must still see the test that decided its league), newest
// first, with the seats it played.
func (a *api) teamMatches(ctx context.Context, t store.Team) ([]store.Match, []map[int]bool, error) {
	ms, err := a.p.Store().Matches(ctx, t.EventID, RecentMatches)
	if err != nil {
		return nil, nil, err
	}
	if t.Active != 0 {
		promo, err := a.p.Store().SubmissionMatches(ctx, t.Active, store.KindPromotion)
		if err != nil {
			return nil, nil, err
		}
		ms = withPromotions(ms, promo)
	}
	hidden, err := a.p.HiddenKinds(ctx, t.EventID)
	if err != nil {
		return nil, nil, err
	}
	var out []store.Match
	var seats []map[int]bool
	for _, m := range ms {
		if slices.Contains(hidden, m.Kind) {
			continue
		}
		mine := map[int]bool{}
		for s, id := range m.Teams {
			if id == t.ID {
				mine[s] = true
			}
		}
		if len(mine) > 0 {
			out = append(out, m)
			seats = append(seats, mine)
		}
	}
	return out, seats, nil
}

// withPromotions adds to recent matches the promotion games they lack,
// newest (highest id) first.
func withPromotions(recent, promo []store.Match) []store.Match {
	seen := make(map[int64]bool, len(recent))
	for _, m := range recent {
		seen[m.ID] = true
	}
	out := recent
	for _, m := range promo {
		if !seen[m.ID] {
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(x, y store.Match) int { return cmp.Compare(y.ID, x.ID) })
	return out
}

// matches lists the team's matches, newest first.
func (a *api) matches(w http.ResponseWriter, r *http.Request, t store.Team) {
	ms, _, err := a.teamMatches(r.Context(), t)
	if err != nil {
		a.internal(w, err)
		return
	}
	names := a.teamNames(r, t.EventID)
	list := []map[string]any{}
	for _, m := range ms {
		item := matchJSON(m, names)
		if m.Error == "" {
			item["replay"] = fmt.Sprintf("%smatches/%d/replay", Prefix, m.ID)
		}
		list = append(list, item)
	}
	writeJSON(w, http.StatusOK, list)
}

// matchReplay is the replay of one of the team's matches, with only its
// own bot's stderr.
func (a *api) matchReplay(w http.ResponseWriter, r *http.Request, t store.Team) {
	id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
	ms, seats, err := a.teamMatches(r.Context(), t)
	if err != nil {
		a.internal(w, err)
		return
	}
	for i, m := range ms {
		if m.ID != id || m.Error != "" {
			continue
		}
		rep, err := a.teamReplay(r.Context(), m)
		if err != nil {
			a.replayError(w, err)
			return
		}
		writeJSON(w, http.StatusOK, forSeats(rep, seats[i]))
		return
	}
	if a.shownReplay(w, r, t, id) { // a game a format shows every team (format.Shower)
		return
	}
	apiError(w, http.StatusNotFound, "your team played no match "+strconv.Quote(r.PathValue("id")))
}

// replayError answers a replay that could not be read: 410 for one let go
// (an old casual game's, files.ReplayBudget), else the server's error.
func (a *api) replayError(w http.ResponseWriter, err error) {
	if errors.Is(err, fs.ErrNotExist) {
		apiError(w, http.StatusGone, "this game's replay was deleted: an event keeps the replays of its newest casual games only (the setting kept_replays)")
		return
	}
	a.internal(w, err)
}

// teamReplay is a match's replay as a team may read it: without what its
// event's formats keep from the teams (an organiser's secret spawn set).
func (a *api) teamReplay(ctx context.Context, m store.Match) (*replay.Replay, error) {
	rep, err := a.p.Replays().Get(m.Key)
	if err != nil {
		return nil, err
	}
	return a.p.TeamCopy(ctx, m, rep)
}

func (a *api) buildLog(w http.ResponseWriter, r *http.Request, t store.Team) {
	s, ok := a.ownSubmission(w, r, t)
	if !ok {
		return
	}
	log, err := a.p.Store().BuildLog(r.Context(), s.ID)
	if err != nil {
		a.internal(w, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="build-%d.log"`, s.ID))
	w.Write(log)
}

// submit takes a multipart form's "file" field (a zip or one source
// file), or a raw body: application/zip, or any other type with the
// source file's name in ?filename=.
func (a *api) submit(w http.ResponseWriter, r *http.Request, t store.Team) {
	if refuseSuspended(w, t) {
		return
	}
	limit := build.DefaultLimits.Zip
	// The server's read timeout is for requests of a few bytes.
	http.NewResponseController(w).SetReadDeadline(time.Now().Add(a.o.UploadTime))
	r.Body = http.MaxBytesReader(w, r.Body, limit+64<<10)
	name, data, err := readUpload(r, limit)
	if err != nil {
		code := http.StatusBadRequest
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			code = http.StatusRequestEntityTooLarge
			err = fmt.Errorf("the upload is over the limit of %d bytes", limit)
		}
		apiError(w, code, err.Error())
		return
	}
	giveBack := a.reserveSubmit(t.ID)
	if giveBack == nil {
		apiError(w, http.StatusTooManyRequests, fmt.Sprintf("one submission per %s per team: wait and submit again", a.o.SubmitEvery))
		return
	}
	s, err := a.p.Submit(r.Context(), t, name, data)
	if err != nil {
		giveBack()
		if fault.IsUser(err) {
			apiError(w, http.StatusBadRequest, err.Error())
		} else {
			a.internal(w, err)
		}
		return
	}
	a.o.Log.Info("submission queued", "team", t.ID, "submission", s.ID, "bytes", len(data))
	writeJSON(w, http.StatusAccepted, submissionJSON(s))
}

func readUpload(r *http.Request, limit int64) (string, []byte, error) {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt == "multipart/form-data" {
		mr, err := r.MultipartReader()
		if err != nil {
			return "", nil, err
		}
		for {
			part, err := mr.NextPart()
			if err == io.EOF {
				return "", nil, errors.New(`the form has no "file" field`)
			}
			if err != nil {
				return "", nil, err
			}
			if part.FormName() != "file" {
				continue
			}
			data, err := io.ReadAll(io.LimitReader(part, limit+1))
			if err != nil {
				return "", nil, err
			}
			if int64(len(data)) > limit {
				return "", nil, &http.MaxBytesError{Limit: limit}
			}
			return part.FileName(), data, nil
		}
	}
	data, err := io.ReadAll(r.Body)
	if err != nil {
		return "", nil, err
	}
	name := r.URL.Query().Get("filename")
	if mt == "application/zip" && name == "" {
		name = "upload.zip"
	}
	return name, data, nil
}

func (a *api) internal(w http.ResponseWriter, err error) {
	a.o.Log.Error("platform API", "err", err)
	apiError(w, http.StatusInternalServerError, "internal error (the server's log says more)")
}

func teamJSON(t store.Team) map[string]any {
	members := t.Members
	if members == nil {
		members = []string{}
	}
	m := map[string]any{"id": t.ID, "event": t.EventID, "name": t.Name, "members": members, "created": t.Created.Format(time.RFC3339), "active": t.Active}
	if t.Suspended { // the organiser's word, shown on the team's pages (event.SuspendTeam)
		m["suspended"], m["reason"] = true, t.Reason
	}
	return m
}

// EventJSON is how the API and the CLI's --json show an event (never its
// invitation), with the formats it runs (its game's, eventFormats): the
// pages show each format's parts by its name.
func EventJSON(e store.Event) map[string]any {
	return map[string]any{"id": e.ID, "game": e.Game, "name": e.Name, "options": e.Options,
		"settings": e.Settings, "created": e.Created.Format(time.RFC3339), "formats": EventFormats(e.Game)}
}

func submissionJSON(s store.Submission) map[string]any {
	m := map[string]any{"id": s.ID, "filename": s.Filename, "language": s.Language, "status": s.Status,
		"error": s.Error, "created": s.Created.Format(time.RFC3339),
		"log": fmt.Sprintf("%ssubmissions/%d/log", Prefix, s.ID), "draft": s.Draft}
	if !s.Built.IsZero() {
		m["built"] = s.Built.Format(time.RFC3339)
	}
	return m
}

func writeJSON(w http.ResponseWriter, code int, v any) { format.WriteJSON(w, code, v) }

func apiError(w http.ResponseWriter, code int, msg string) { format.WriteError(w, code, msg) }

// EventFormats are the names of the registered formats an event of game
// runs, as its metadata names them (game.Info.Formats); none (an empty
// list, never nil) for a game that names none or is not registered.
func EventFormats(gameName string) []string {
	out := []string{}
	if g, err := game.Lookup(gameName); err == nil {
		for _, f := range format.Of(g.Info()) {
			out = append(out, f.Name())
		}
	}
	return out
}

// Role is who may call a route: Anyone, Team or Organiser.
type Role = role

// The roles of the route table.
const (
	Anyone    = anyone
	Team      = team
	Organiser = organiser
)

// Route is one entry of the route table as the access tests walk it.
type Route struct {
	Pattern string // net/http pattern, with its method and the API's prefix
	Who     Role
	Own     bool // names a team's own resource by {id}: another team gets 404
}

// Routes is the route table, the API's own routes and its formats'.
func Routes() []Route {
	rs := routes()
	out := make([]Route, len(rs))
	for i, r := range rs {
		out[i] = Route{r.pattern, r.who, r.own}
	}
	return out
}
