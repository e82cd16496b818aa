package jungle

import (
	"encoding/json"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/seed27749672/arena/game"
)

// referee plays one game, one tick per runner turn (tick = turn - 1).
type referee struct {
	set    settings
	st     *State
	orders [][]int // play order of every tick, as team indices
	tick   int     // the tick being asked, or played next
	over   bool

	tiles []byte    // map.tiles of the TICK payload, the same every tick
	grid  []Tile    // the same, for the builtins (tickData)
	data  *tickData // this tick's TICK payload
	msgs  [][]byte  // its JSON for each team, written when first asked for
	init  []byte    // the initial frame
	frame []byte    // the frame of the last tick played

	asked atomic.Int64 // r.tick, for Complete (which may run on other goroutines)

	seats []seatState
	log   []string // what the server logged while the last tick was played
	steps [][]byte // the last tick's per-team viewer states (in stepBuf)

	stepBuf []byte // the memory of steps, used again every tick
	// lastTeams and lastDiamonds are what the tick's last step wrote of
	// each team and of the diamonds (in stepBuf; see stepFrame).
	lastTeams    [][]byte
	lastDiamonds []byte
	fullSteps    bool     // write every step whole (the tests' reference)
	frameBuf     []byte   // the memory frames are written in, used again every tick
	frameParts   [][]byte // the pieces a frame is joined from, the same
	cmdBuf       Command  // the memory of the COMMANDs read (read)
}

// seatState is what the referee knows of a team beyond the board.
type seatState struct {
	status   game.Status
	message  string
	respMs   int64 // summed response times, ms (spec §1 tie-breaker 4)
	respN    int
	timeouts int
}

func newReferee(set settings, m *Map, seed uint64, names []string, units int) *referee {
	r := &referee{set: set, st: newState(m, seed, names, units), tiles: m.tilesJSON(), grid: m.grid()}
	r.orders = playOrderings(seed, len(names), set.ticks)
	r.seats = make([]seatState, len(names))
	r.lastTeams = make([][]byte, len(names))
	for i := range r.seats {
		r.seats[i].status = game.OK
	}
	r.init = r.buildInitialFrame()
	r.frame = r.init
	r.startTick()
	return r
}

// Clock is the time control of this game's options.
func (r *referee) Clock() game.Clock { return r.set.clock() }

// Prompt returns team p's TICK; teams that are dead are not asked. The
// JSON is written when a team first asks for it: a match of builtins
// (PromptView) writes none.
func (r *referee) Prompt(p int) ([]byte, bool) {
	if r.over || r.st.Teams[p].Dead {
		return nil, false
	}
	return r.msg(p), true
}

// msg is team p's TICK of the tick being asked.
func (r *referee) msg(p int) []byte {
	if r.msgs == nil {
		r.msgs = r.data.messages()
	}
	return r.msgs[p]
}

// PromptView is Prompt for the builtin bots: the TICK as Go values.
func (r *referee) PromptView(p int) (any, bool) {
	if r.over || r.st.Teams[p].Dead {
		return nil, false
	}
	return &r.data.views[p], true
}

// Complete: an answer is complete with a COMMAND for the tick asked. Other
// messages (wrong tick, other types) reach Play in Reply.Lines. A message
// that is not JSON also ends the wait: the 2022 server closed the socket at
// once, and Play removes the team (over stdin/stdout as over WebSocket).
func (r *referee) Complete(p int, line game.Line) bool {
	if line.TooLong {
		return true
	}
	m := parseMessage(line.Text)
	return m.kind == msgInvalid || m.isCommandFor(int(r.asked.Load()))
}

// Over reports whether the game has ended.
func (r *referee) Over() bool { return r.over }

// Frame returns the frame of the last tick played (or the initial one).
func (r *referee) Frame() json.RawMessage { return r.frame }

// startTick takes the snapshot of the tick about to be played and resets
// the per-tick state (spec §3.2 steps 1 and 2).
func (r *referee) startTick() {
	st := r.st
	ls := lastStateOf
	if r.set.legacyLastState {
		ls = func(u *Unit) lastState {
			l := lastStateOf(u)
			l.before, l.hasBefore, l.summoned = u.Pos, u.Alive, false
			return l
		}
	}
	r.data = st.tickData(r.tick, r.set.ticks, r.grid, r.tiles, r.orders, ls)
	r.msgs = nil
	for _, t := range st.Teams {
		if !r.set.legacyErrors {
			t.Errors = t.Errors[:0:0]
		}
		t.Events = nil
	}
	for _, u := range st.Units {
		u.vinedBy, u.attackedBy, u.summoned = "", "", false
		u.snapPos, u.snapped = u.Pos, u.Alive
	}
	r.asked.Store(int64(r.tick))
}

// Play applies the replies of one tick in the tick's play order
// (spec §3.2 steps 5 to 9).
func (r *referee) Play(replies []game.Reply) {
	if r.over {
		return
	}
	st, t := r.st, r.tick
	r.log, r.steps, r.stepBuf = nil, r.steps[:0], r.stepBuf[:0]
	// The first step compares with nothing (stepFrame): what the last
	// tick's steps wrote is in stepBuf's memory, written again now.
	clear(r.lastTeams)
	r.lastDiamonds = nil
	for _, ti := range r.orders[t] {
		team := st.Teams[ti]
		if ti >= len(replies) || team.Dead {
			continue
		}
		rep := replies[ti]
		if !r.readStray(ti, rep.Stray) {
			continue
		}
		switch rep.Status {
		case game.Gone:
			why := "disconnected during tick " + strconv.Itoa(t)
			if rep.Error != "" && rep.Error != "disconnected" {
				why += ": " + rep.Error
			}
			r.disconnect(ti, game.Crashed, why)
			continue
		case game.Answered, game.Timeout:
		default:
			continue
		}
		cmd, got, ok := r.read(ti, rep)
		if !ok {
			continue
		}
		seat := &r.seats[ti]
		if got {
			seat.respMs += responseTime(rep.Time)
			seat.respN++
			if r.set.legacyErrors {
				team.Errors = team.Errors[:0:0]
			}
			st.applyCommand(ti, cmd.command())
			st.advanceSummons(ti)
			r.steps = append(r.steps, r.stepFrame(ti, true))
			continue
		}
		ms := r.set.effectiveTimeoutMs(t)
		seat.respMs += int64(ms)
		seat.respN++
		seat.timeouts++
		st.addError(ti, fmt.Sprintf("No command was received in time on tick %d. Timeout value : %d", t, r.set.printedTimeoutMs(t)))
		team.Events = append(team.Events, Event{Action: "COMMAND_TIMEOUT"})
		r.steps = append(r.steps, r.stepFrame(ti, false))
	}
	st.accrue()
	r.tick++
	r.over = r.tick >= r.set.ticks || r.allDead()
	r.frame = r.buildFrame(t)
	if !r.over {
		r.startTick()
	}
}

// read goes through the messages a team sent during the tick: the COMMAND
// that completed the answer, if any, is returned (got); the others are
// logged as the reference logs them. A message that is not JSON closes the
// team's connection (spec §5.4): ok is false, the team is dead. The
// COMMAND's actions are in r.cmdBuf's memory, good until the next read:
// the COMMAND is the last line, the last one read into it.
func (r *referee) read(ti int, rep game.Reply) (cmd message, got, ok bool) {
	name := r.st.Teams[ti].Name
	for i, l := range rep.Lines {
		if l.TooLong {
			r.disconnect(ti, game.Disqualified, fmt.Sprintf("sent a message over the size limit on tick %d", r.tick))
			return message{}, false, false
		}
		m := parseMessageInto(l.Text, &r.cmdBuf)
		switch {
		case m.kind == msgInvalid:
			r.logf("Invalid message from %s, closing its connection: %s", name, clip(l.Text, 80))
			r.disconnect(ti, game.Disqualified, fmt.Sprintf("sent a message that is not JSON on tick %d: %s", r.tick, clip(l.Text, 80)))
			return message{}, false, false
		case m.isCommandFor(r.tick) && rep.Status == game.Answered && i == len(rep.Lines)-1:
			cmd, got = m, true
		case m.isCommandFor(r.tick):
			// It completed the answer after the deadline (a timeout); the
			// 2022 server ignored it without a word.
			r.logf("%s: COMMAND for tick %d received after the time limit, ignored", name, r.tick)
		case m.kind == msgCommand:
			r.logf("%s: Invalid tick number received: %s", name, m.tickStr)
		default:
			r.logf("%s: Unexpected message type received: %s", name, m.typ)
		}
	}
	return cmd, got, true
}

// readStray goes through the messages a team sent while no TICK awaited
// its answer (before the TICK, after its answer or after the time limit):
// none is applied (spec §5.4). A COMMAND is logged with its tick, as the
// 2022 server logged a command for another tick than the one it was at; a
// message that is not JSON closes the connection. ok is false when the
// team is dead.
func (r *referee) readStray(ti int, lines []game.Line) (ok bool) {
	name := r.st.Teams[ti].Name
	for _, l := range lines {
		m := parseMessage(l.Text)
		switch {
		case l.TooLong || m.kind == msgInvalid:
			r.logf("Invalid message from %s, closing its connection: %s", name, clip(l.Text, 80))
			r.disconnect(ti, game.Disqualified, fmt.Sprintf("sent a message that is not JSON on tick %d: %s", r.tick, clip(l.Text, 80)))
			return false
		case m.kind == msgCommand:
			r.logf("%s: Invalid tick number received: %s", name, m.tickStr)
		default:
			r.logf("%s: Unexpected message type received: %s", name, m.typ)
		}
	}
	return true
}

// disconnect makes a team dead for the rest of the game (spec §5.5).
func (r *referee) disconnect(ti int, status game.Status, why string) {
	team := r.st.Teams[ti]
	if team.Dead {
		return
	}
	team.Dead = true
	team.Events = append(team.Events, Event{Action: "DISCONNECT"})
	r.seats[ti].status, r.seats[ti].message = status, why
	r.logf("%s disconnected", team.Name)
}

func (r *referee) allDead() bool {
	for _, t := range r.st.Teams {
		if !t.Dead {
			return false
		}
	}
	return true
}

func (r *referee) logf(format string, args ...any) {
	r.log = append(r.log, fmt.Sprintf(format, args...))
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// Result ranks the teams (spec §1): score, then pending points, then fewer
// deaths, then lower average response time, then registration order.
func (r *referee) Result() game.Result {
	st := r.st
	n := len(st.Teams)
	res := game.Result{Players: make([]game.PlayerResult, n)}
	avg := make([]float64, n)
	for i, t := range st.Teams {
		s := r.seats[i]
		if s.respN > 0 {
			avg[i] = float64(s.respMs) / float64(s.respN)
		}
		res.Players[i] = game.PlayerResult{
			Score: float64(t.Score), Status: s.status, Message: s.message,
			Stats: map[string]any{
				"teamId": t.ID, "pendingPoints": st.pending(i), "deaths": t.Deaths,
				"avgResponseMs": avg[i], "timeouts": s.timeouts,
				"summonCount": t.Stats.Summons, "attackCount": t.Stats.Attacks,
				"dropCount": t.Stats.Drops, "vineCount": t.Stats.Vines,
			},
		}
	}
	order := r.ranking(avg)
	for rank, i := range order {
		res.Players[i].Rank = rank + 1
	}
	best := st.Teams[order[0]]
	res.Summary = fmt.Sprintf("%s wins with %d points after %d ticks", best.Name, best.Score, r.tick)
	return res
}

// ranking returns the team indices from first to last.
func (r *referee) ranking(avg []float64) []int {
	st := r.st
	order := make([]int, len(st.Teams))
	for i := range order {
		order[i] = i
	}
	timed := func(i int) bool { return r.seats[i].respN > 0 }
	better := func(a, b int) bool {
		ta, tb := st.Teams[a], st.Teams[b]
		if ta.Score != tb.Score {
			return ta.Score > tb.Score
		}
		if pa, pb := st.pending(a), st.pending(b); pa != pb {
			return pa > pb
		}
		if ta.Deaths != tb.Deaths {
			return ta.Deaths < tb.Deaths
		}
		// A team never timed (it never answered nor timed out) has no
		// average: it ties on this count, as the 2022 server's NaN did.
		if timed(a) && timed(b) && avg[a] != avg[b] {
			return avg[a] < avg[b]
		}
		return a < b
	}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && better(order[j], order[j-1]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return order
}

// responseTime is how the ranking counts an answer's time: whole
// milliseconds, as the reference measured with Date.
func responseTime(d time.Duration) int64 { return d.Milliseconds() }
