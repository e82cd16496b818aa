// Package match runs one match: one referee, N bots and the clock. It never
// names a game; everything game-specific comes through the game package's
// interfaces.
//
// The clock: a reply's time runs from the moment its prompt is fully
// written to the moment its answer is complete (the read that completed it
// returned). Lines are stamped by the goroutine that reads them, so the
// runner's own scheduling never counts against a bot; and when a deadline
// passes, the runner reads what a process bot has already written before it
// decides (bot.Syncer), so a late reading goroutine does not either.
package match

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/replay"
)

// Player is one seat of a match.
type Player struct {
	Name string
	Spec string     // as given on the command line, recorded in the replay
	Open bot.Opener // starts a fresh bot; called again when a game restarts its bots
}

// Match describes a match to run.
type Match struct {
	Game    game.Game
	Config  game.Config // Players and Names are filled from Players when zero
	Players []Player
	// Grace is how long a bot that was sent the game's farewell message
	// (game.Farewell) gets to read it and exit by itself before it is
	// killed; 0 means one second. A bot sent no farewell is ended at once:
	// its input is closed and it is killed, as on CodinGame.
	Grace time.Duration
	// Pause is a wait after every turn for spectators of a live match
	// (the game's own Clock.Pause applies when it is longer).
	Pause time.Duration
	// OnStart is called once the referee exists, with the replay header and
	// the initial frame; OnTurn after every turn. Live viewers use them.
	// They are called from the runner's goroutine and must not block long.
	OnStart func(*replay.Replay)
	OnTurn  func(replay.Turn)
	// Stderr caps what the replay keeps of each bot's error output.
	Stderr StderrCaps
}

// Limits on what the runner keeps of a bot's output between answers.
const (
	maxQueuedLines = 1024
	maxQueuedBytes = 4 << 20
	maxStrayLines  = 100
)

// Run plays the match to its end and returns its replay. The error is
// non-nil only for arena problems (bad configuration, cancelled context);
// whatever the bots do, a match that ran to its end returns a nil error.
func Run(ctx context.Context, m Match) (*replay.Replay, error) {
	r, err := newRunner(m)
	if err != nil {
		return nil, err
	}
	defer r.shutdown()
	return r.run(ctx)
}

// validate checks that the players suit the game, and fills in the
// defaults.
func (m *Match) validate() error {
	info := m.Game.Info()
	n := len(m.Players)
	if n < info.MinPlayers || n > info.MaxPlayers {
		return fmt.Errorf("%s needs %s bots, got %d", info.Name, game.CountRange(info.MinPlayers, info.MaxPlayers), n)
	}
	if m.Config.Players == 0 {
		m.Config.Players = n
	}
	if m.Config.Names == nil {
		for _, p := range m.Players {
			m.Config.Names = append(m.Config.Names, p.Name)
		}
	}
	if m.Grace == 0 {
		m.Grace = time.Second
	}
	return nil
}

type runner struct {
	m      Match
	info   game.Info
	ref    game.Referee
	framer game.Framer
	seats  []*seat
	events chan event
	quit   chan struct{}
	timer  *time.Timer // collect's, reused from turn to turn
	rep    *replay.Replay

	// legStart is the turn at which the current bots were started: the
	// clock's start-up turns count from there (Restarter games start
	// again with fresh bots).
	legStart int
	// Paced turns (see turn) follow each other on a fixed grid: paced is
	// whether the current turn is one, nextStart is when the next turn is
	// due to start (zero: the grid starts again).
	paced     bool
	nextStart time.Time
	// unframed is the turn last played while its frame is still to be
	// taken (see record), while framing.
	unframed replay.Turn
	framing  bool

	// Direct reading (see direct.go): the eventfd that wakes pollWait (-1:
	// none yet), whether the runner polls, the events posted to the
	// channel and those taken from it.
	wake      int
	wakeMu    sync.Mutex
	stopWatch func() bool
	polling   atomic.Bool
	posted    atomic.Int64
	taken     int64
	pfds      []unix.PollFd
	pollSeats []*seat     // the seat of each of pfds
	lineBuf   *[]bot.Line // what readDirect reads into (from lineBufs)
	anyDirect bool        // a seat of the current leg is read directly
	inline    bool        // every bot of the current leg answers on the runner's goroutine (answerInline)
	inlineBuf []bot.Line  // what answerInline reads into
	kept      []game.Line // the block keepLines takes replies' lines from
}

func newRunner(m Match) (*runner, error) {
	if err := m.validate(); err != nil {
		return nil, err
	}
	ref, err := m.Game.New(m.Config)
	if err != nil {
		return nil, err
	}
	r := &runner{
		m:      m,
		info:   m.Game.Info(),
		ref:    ref,
		events: make(chan event, 256*len(m.Players)),
		quit:   make(chan struct{}),
		timer:  time.NewTimer(time.Hour),
		wake:   -1,
	}
	r.timer.Stop()
	r.framer, _ = ref.(game.Framer)
	for i, p := range m.Players {
		r.seats = append(r.seats, &seat{p: i, player: p})
	}
	return r, nil
}

// clock is the game's clock, scaled by the match's time scale.
func (r *runner) clock() game.Clock {
	c := r.info.Clock
	if cl, ok := r.ref.(game.Clocked); ok {
		c = cl.Clock()
	}
	return c.Scaled(r.m.Config.TimeScale)
}

func (r *runner) complete(p int, l game.Line) bool {
	if r.framer == nil {
		return true
	}
	return r.framer.Complete(p, l)
}

func (r *runner) run(ctx context.Context) (*replay.Replay, error) {
	r.rep = &replay.Replay{
		Format:      replay.Format,
		Version:     replay.Version,
		Game:        r.info.Name,
		GameVersion: r.info.Version,
		Seed:        r.m.Config.Seed,
		League:      r.m.Config.League,
		Options:     r.m.Config.Options.Explicit(),
		Files:       r.m.Config.Files.Read(),
		Clock:       r.clock(),
		TimeScale:   r.m.Config.TimeScale,
		Started:     time.Now().UTC().Truncate(time.Millisecond),
		Initial:     r.ref.Frame(),
	}
	if len(r.rep.Options) == 0 {
		r.rep.Options = nil
	}
	for _, p := range r.m.Players {
		r.rep.Players = append(r.rep.Players, replay.Player{Name: p.Name, Spec: p.Spec})
	}
	if r.m.OnStart != nil {
		r.m.OnStart(r.rep)
	}
	r.startAll(ctx)
	r.legStart = 1
	for t := 1; !r.ref.Over(); t++ {
		turn, err := r.turn(ctx, t)
		if err != nil {
			return r.rep, err
		}
		restart := false
		if rs, ok := r.ref.(game.Restarter); ok && rs.Restart() && !r.ref.Over() {
			turn.Restart, restart = true, true
		}
		pause := max(r.clock().Pause, r.m.Pause)
		r.unframed, r.framing = turn, true
		if restart || pause > 0 || r.ref.Over() {
			// No prompts follow at once: the turn is recorded now (a
			// viewer sees it before the pause).
			r.record()
		}
		if restart {
			r.endAll()
			r.startAll(ctx)
			r.legStart, r.nextStart = t+1, time.Time{}
		}
		if pause > 0 && !r.ref.Over() {
			select {
			case <-time.After(pause):
			case <-ctx.Done():
				return r.rep, fmt.Errorf("%w: %v", errCancelled, ctx.Err())
			}
			r.nextStart = time.Time{} // the pace starts again after the pause
		}
	}
	r.endAll()
	r.rep.Result = r.result()
	return r.rep, nil
}

// record takes the referee's frame of the turn last played, adds the turn
// to the replay and tells OnTurn. It is called once the next turn's
// prompts are written (see turn), so that the frame, which the bots do not
// wait for, is built while they think: Prompt and Frame do not change the
// referee's state (the game contract), so the frame is the same as right
// after Play, and the replay the same byte for byte.
func (r *runner) record() {
	if !r.framing {
		return
	}
	turn := r.unframed
	r.unframed, r.framing = replay.Turn{}, false
	turn.Frame = r.ref.Frame()
	r.rep.Turns = append(r.rep.Turns, turn)
	if r.m.OnTurn != nil {
		r.m.OnTurn(turn)
	}
}

// startAll starts every seat's bot, all at once (a transport may take a
// while to report its bot ready); a bot that cannot start is gone from the
// first turn, with its reason.
func (r *runner) startAll(ctx context.Context) {
	errs := make([]error, len(r.seats))
	bots := make([]bot.Bot, len(r.seats))
	forwarded := make([]bool, len(r.seats))
	direct := make([]bool, len(r.seats))
	canPoll := r.openWake(ctx)
	var wg sync.WaitGroup
	for i, s := range r.seats {
		wg.Go(func() {
			b, err := s.player.Open()
			if err == nil && canPoll && startDirect(b) {
				// Read by the runner itself (direct.go).
				direct[i] = true
			} else if f, ok := b.(bot.Forwarder); ok && err == nil {
				// Its lines come straight into the runner's events, as
				// those of the bot's generation about to start (reset).
				f.ForwardLines(outlet{r: r, seat: s.p, gen: s.gen + 1})
				forwarded[i] = true
			}
			if err == nil {
				// Waits at start (a registration, a readiness reply)
				// are limits of the match: the time scale applies.
				err = b.Start(bot.WithTimeScale(ctx, r.m.Config.TimeScale))
			}
			bots[i], errs[i] = b, err
		})
	}
	wg.Wait()
	r.anyDirect = false
	r.inline = allInline(bots, errs)
	for i, s := range r.seats {
		s.reset()
		if errs[i] != nil {
			s.gone, s.goneErr = true, replay.DidNotStart+errs[i].Error()
			continue
		}
		s.bot = bots[i]
		s.trusted = trusted(s.bot)
		// The wait for a CPU counts from here: the start-up before is
		// not a turn's.
		cpu, _ := s.figures(true)
		s.markAt, s.markCPU = time.Now(), cpu
		switch {
		case direct[i]:
			d := s.bot.(bot.DirectReader)
			s.direct, s.fd, s.errFD = true, d.OutputFD(), d.StderrFD()
			r.anyDirect = true
		case !forwarded[i]:
			go r.pump(s.p, s.gen, s.bot)
		}
	}
}

// outlet takes the lines of a bot that forwards them (bot.Forwarder) into
// the runner's events, from the bot's own reading goroutine.
type outlet struct {
	r         *runner
	seat, gen int
}

func (o outlet) Put(l bot.Line, stop <-chan struct{}) bool {
	return o.r.post(event{seat: o.seat, gen: o.gen, kind: evLine, line: l}, stop)
}

func (o outlet) TryPut(l bot.Line) bool {
	return o.r.tryPost(event{seat: o.seat, gen: o.gen, kind: evLine, line: l})
}

func (o outlet) End(stop <-chan struct{}) {
	// stop: closed by the runner, which no longer listens to it.
	o.r.post(event{seat: o.seat, gen: o.gen, kind: evClosed, at: time.Now()}, stop)
}

// pump forwards a bot's lines to the runner, then reports the end of output.
func (r *runner) pump(p, gen int, b bot.Bot) {
	for l := range b.Lines() {
		if !r.post(event{seat: p, gen: gen, kind: evLine, line: l}, nil) {
			return
		}
	}
	r.post(event{seat: p, gen: gen, kind: evClosed, at: time.Now()}, nil)
}

// endAll sends each live bot its farewell, then ends every bot in parallel.
// Only a bot that was sent a farewell gets the grace to exit by itself: the
// others have nothing left to read, and many (C, C++) do not exit when
// their input ends, so waiting for them would only add a floor to the end
// of every match.
func (r *runner) endAll() {
	fw, _ := r.ref.(game.Farewell)
	var wg sync.WaitGroup
	for _, s := range r.seats {
		if s.bot == nil {
			continue
		}
		wg.Go(func() {
			grace := time.Duration(0)
			if fw != nil && !s.gone {
				if msg, ok := fw.Farewell(s.p); ok {
					s.bot.Send(msg, time.Now().Add(r.m.Grace))
					grace = r.m.Grace
				}
			}
			s.bot.Close(grace)
		})
	}
	wg.Wait()
	for _, s := range r.seats {
		s.bot = nil
	}
}

// shutdown releases everything, also after an error.
func (r *runner) shutdown() {
	r.endAll()
	close(r.quit)
	r.closeWake()
	r.releaseLines()
}

var errCancelled = errors.New("match cancelled")

// result merges the referee's outcome with what the turns recorded (see
// replay.BuildResult: verification builds it the same way).
func (r *runner) result() *replay.Result {
	out := r.ref.Result()
	r.rep.Outcome = &out
	res := replay.BuildResult(out, r.rep.Players, r.rep.Turns)
	replay.NoteStartupTimeouts(res, r.rep.Clock, r.rep.TimeScale, r.rep.Turns)
	replay.NoteBusyTimeouts(res, r.rep.Clock, r.rep.TimeScale, r.rep.Turns)
	return res
}
