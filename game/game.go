// Package game is the referee contract that every Arena game implements,
// with the small tools the games share.
//
// A Game describes itself (Info) and creates a Referee for one match. The
// match runner owns the bots and the clock; the Referee owns the rules: what
// each player is told, what its answer means, and when the match is over.
//
// Every game is simultaneous-move: on each turn the runner asks the Referee
// which players to prompt and with what message (Prompt), sends those
// messages, collects the answers under the game's Clock, and hands all of
// them to Play at once. A Referee never sees wall-clock time other than the
// recorded reply durations in Reply, so a match is a pure function of its
// Config and its replies.
package game

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Game is one kind of game that Arena can referee.
type Game interface {
	// Info describes the game: players, clock, options, leagues, built-in bots.
	Info() Info
	// New creates the referee of one match. It validates cfg beyond what
	// Info's option declarations already checked.
	New(cfg Config) (Referee, error)
}

// Info describes a game to users and to the match runner.
type Info struct {
	Name    string // short name used on the command line: "ants"
	Title   string // event and game name: "Ants & Crystals (CodinGame Spring Challenge 2023)"
	Summary string // one line for `arena games`
	Version string // bumped whenever a rule change alters replays

	MinPlayers, MaxPlayers int
	// PlayerCounts says, for humans, which numbers of players a game takes
	// when not every number from MinPlayers to MaxPlayers works everywhere
	// (territory: "4, 6 or 8 (2 to 8 with an arena file)"); "" otherwise.
	PlayerCounts string

	// Leagues lists the leagues in order; empty when the game has none.
	Leagues       []League
	DefaultLeague int

	Clock   Clock    // default clock; a Referee may refine it (see Clocked)
	Options []Option // the --opt keys this game accepts
	// TimeOptions names the options that hold the game's time limits, for
	// what sets them from outside (an event's turn and first-turn limits);
	// nil when the limits are part of the rules and cannot be changed.
	TimeOptions *TimeOptions
	// MapNames are the values of the game's map option that need no file
	// (its built-in maps, its generators), for what offers a choice of
	// maps (an event's map pool); nil when it has none.
	MapNames []string

	// Transport is how a plain command bot is reached by default:
	// "stdio" (the default when empty), "websocket" or "http".
	Transport string
	// HTTP describes the game's HTTP protocol for the "http" transport
	// (bots that are HTTP servers); nil when the game has none.
	HTTP *HTTPProtocol
	// WebSocket describes the game's protocol for the "websocket" transport
	// (bots that connect to Arena as WebSocket clients); nil when the game
	// has none.
	WebSocket *WebSocketProtocol
	// MaxLine is the longest output line, in bytes, that a bot may write;
	// longer lines reach the referee as Line{TooLong: true}. 0 means 1 MiB.
	MaxLine int

	Builtins []Builtin // in-process bots: builtin:NAME

	// Formats name the event formats of the game's original competition
	// (package platform/format has their registry): "codinsa" for the
	// Cod'INSA spawn vote and final. The game says what its event was;
	// the format says how the platform runs it.
	Formats []string
	// SideQuestStat is the stat of a player's result (PlayerResult.Stats)
	// that holds its side-quest point, at least 1 when it earned it, for
	// the side-quest leaderboard of a game whose Formats name
	// "sidequest"; "" when the game has no side quest.
	SideQuestStat string
}

// TimeOptions names the options holding a game's time limits.
type TimeOptions struct {
	Turn  string // the limit of every turn, in milliseconds
	First string // the limit of the first turns, in milliseconds
	// FirstIsExtra: First is the time the first turns get on top of Turn
	// (jungle's first_ticks_extra_ms), not their whole limit.
	FirstIsExtra bool
}

// League is one league of a game.
type League struct {
	Number int    `json:"number"`
	Name   string `json:"name"`
	Boss   string `json:"boss,omitempty"` // name of the builtin bot that guards the league, if any
	// FirstSeatOnly keeps a promotion candidate in seat 0 in every game
	// (objective leagues whose goal is seat 0's); otherwise seats alternate.
	FirstSeatOnly bool `json:"firstSeatOnly,omitempty"`
	// BossOnly: in this league a bot plays only its promotion test
	// against the boss, never a game against other players (CodinGame's
	// first leagues of an objective game, whose goal is seat 0's: a game
	// between two players would hand the goal to whichever sits first).
	BossOnly bool `json:"bossOnly,omitempty"`
	// Goal, for an objective league, is what the candidate must do to win
	// a game, for humans ("" in a league won on points).
	Goal string `json:"goal,omitempty"`
}

// Builtin is an in-process Go bot that a game ships.
type Builtin struct {
	Name string
	Help string
	// New creates the bot for one match. seed is derived from the match seed
	// and the player's seat, so a match with builtins is reproducible.
	New func(seed int64) Bot
}

// Bot is an in-process player. It receives exactly the messages a process
// bot would read and answers with the text a process bot would write (one
// or more lines, each ending with '\n'). The answer's bytes are the
// caller's until its next call to the bot, which may write the next answer
// in the same memory: a caller that keeps an answer copies it.
type Bot interface {
	Respond(msg []byte) []byte
}

// ViewBot is an in-process bot that can also read its game's prompt as Go
// values (ViewPrompter) instead of parsing the bytes. RespondView must
// answer exactly what Respond answers to the bytes of the same prompt; the
// view is read-only.
type ViewBot interface {
	Bot
	RespondView(view any) []byte
}

// BotFunc adapts a function to Bot.
type BotFunc func(msg []byte) []byte

// Respond calls f.
func (f BotFunc) Respond(msg []byte) []byte { return f(msg) }

// Config is what a match asks of a game.
type Config struct {
	Seed    int64
	Players int
	League  int      // 0 when the game has no leagues
	Names   []string // display names of the players, in seat order
	Options Options
	// Files reads the files the options name (nil: the disk, unrecorded).
	Files *Files
	// TimeScale multiplies every time limit of the match (--time-scale);
	// 0 means 1. The runner applies it to the clock; a game with limits
	// of its own (catmouse's crash delay) applies it with ScaleDuration.
	TimeScale float64
}

// Referee runs one match. The runner calls, on every turn, Prompt for each
// player, then Play once with every player's reply, then Frame and Over.
// Prompt, Frame, Over and Result must not change the match state, so that a
// replay can re-simulate a match by calling the same methods.
type Referee interface {
	// Prompt returns the message for player p on this turn; ask is false
	// when p is not to be asked (eliminated, or the game waits for others).
	Prompt(p int) (msg []byte, ask bool)
	// Play resolves the turn with one reply per player, in seat order.
	Play(replies []Reply)
	// Over reports whether the match has ended.
	Over() bool
	// Frame is what the viewer draws for the current state, as JSON.
	Frame() json.RawMessage
	// Result is the outcome; meaningful once Over is true.
	Result() Result
}

// ViewPrompter is implemented by a Referee whose builtins read its prompts
// as Go values (game.ViewBot): PromptView(p) is Prompt(p) as a read-only
// value of the game's own type, which no later call changes, and ask is
// Prompt's. The runner asks for it instead of Prompt for an in-process bot
// that takes views, so no bytes are written for it nor parsed by it; every
// other bot, and the WebSocket and stdio wires, get Prompt's bytes.
type ViewPrompter interface {
	PromptView(p int) (view any, ask bool)
}

// Clocked is implemented by a Referee whose clock depends on its options.
type Clocked interface {
	Clock() Clock
}

// Framer is implemented by a Referee whose answers are not one line. Complete
// is called for each line read from player p while an answer is expected and
// reports whether the answer is now complete. It may be called from several
// goroutines and must not change the match state.
type Framer interface {
	Complete(p int, line Line) bool
}

// Farewell is implemented by a Referee that sends bots a last message when
// the match is over (a GAMEOVER line, a final state). ok is false when p gets
// nothing.
type Farewell interface {
	Farewell(p int) (msg []byte, ok bool)
}

// Restarter is implemented by a Referee that plays several legs with fresh
// bot processes (catmouse). After Play, when Restart is true, the runner ends
// every bot (Farewell included) and starts them all again before the next
// turn.
type Restarter interface {
	Restart() bool
}

// Retirer is implemented by a Referee whose players can leave the match
// before its end (territory's eliminated players). Once Retired(p) is true
// the runner no longer waits for an answer p still owes under PolicyLate,
// so that an eliminated bot that hangs does not make every later turn last
// its whole limit. Retired must not change the match state.
type Retirer interface {
	Retired(p int) bool
}

// Line is one line of bot output, without its line terminator.
type Line struct {
	Text    string
	TooLong bool // the line exceeded Info.MaxLine; Text holds its first MaxLine bytes
	// Failed is set by a transport, never by a bot: the request got no
	// answer (an HTTP error status, no reply, a reply that is no answer)
	// and Text is the transport's account of why. A bot's own text can
	// never pass for it.
	Failed bool `json:",omitempty"`
}

// ReplyStatus says what became of the request to one player on one turn.
type ReplyStatus string

// Reply statuses.
const (
	Answered ReplyStatus = "answered" // a complete answer arrived in time (see Reply.Late)
	Timeout  ReplyStatus = "timeout"  // asked, no complete answer before the deadline
	Gone     ReplyStatus = "gone"     // the bot has exited, crashed or disconnected
	NotAsked ReplyStatus = "not-asked"
	Waiting  ReplyStatus = "waiting" // PolicyLate: still owes the answer to an earlier prompt
)

// Reply is one player's answer on one turn.
type Reply struct {
	Status ReplyStatus   `json:"status"`
	Lines  []Line        `json:"lines,omitempty"`
	Late   bool          `json:"late,omitempty"`  // PolicyLate: answers a prompt of an earlier turn
	Stray  []Line        `json:"stray,omitempty"` // PolicyLate, PolicyGame: lines read while nothing was asked
	Time   time.Duration `json:"time,omitempty"`  // prompt written -> answer complete (or the limit)
	// Waiting is, for status Waiting, how long the outstanding request has
	// been waiting when the turn was resolved (in whole turns of the grid
	// when the clock is Realtime).
	Waiting time.Duration `json:"waiting,omitempty"`
	// Error says, for Gone, why the bot is gone; for Answered, it is set
	// when the bot answered and then ended before the turn was resolved
	// (the answer stands; the next turn reports it Gone).
	Error string `json:"error,omitempty"`
}

// Text returns the text of the first line, or "" when there is none.
func (r Reply) Text() string {
	if len(r.Lines) == 0 {
		return ""
	}
	return r.Lines[0].Text
}

// Status is a player's final standing in a match.
type Status string

// Player statuses, as shown in results.
const (
	OK           Status = "ok"
	TimedOut     Status = "timeout"
	Crashed      Status = "crashed"
	Invalid      Status = "invalid"      // wrote output the game rejects, but played on
	Disqualified Status = "disqualified" // removed for invalid output
	DidNotStart  Status = "did-not-start"
	Eliminated   Status = "eliminated" // removed by the game's rules
	// StoppedReading is set by the runner, never by a referee: the bot
	// stopped reading its input, so that its input pipe was full when a
	// prompt was due and the prompt could not be written by its deadline
	// (the game saw a timeout).
	StoppedReading Status = "stopped-reading"
	// Starved is set by the runner, never by a referee: the bot timed out
	// because the machine kept it waiting for a CPU, not by its own
	// slowness (the game saw a timeout; see replay.Reply.Starved).
	Starved Status = "starved"
)

// Result is the outcome of a match.
type Result struct {
	Players []PlayerResult `json:"players"` // in seat order
	// Summary is an optional one-line human summary ("p0 wins 57 to 81").
	Summary string `json:"summary,omitempty"`
}

// PlayerResult is one player's outcome.
type PlayerResult struct {
	Rank    int     `json:"rank"` // 1 is best; tied players share a rank
	Score   float64 `json:"score"`
	Status  Status  `json:"status"`
	Message string  `json:"message,omitempty"`
	// Stats holds game-specific figures (tie-breakers, counts).
	Stats map[string]any `json:"stats,omitempty"`
}

// StatInt reads the integer statistic key, whether it was made in this
// process (int) or read back from JSON (float64); 0 when absent.
func (p PlayerResult) StatInt(key string) int {
	switch x := p.Stats[key].(type) {
	case int:
		return x
	case int64:
		return int(x)
	case float64:
		return int(x)
	}
	return 0
}

// RankByScore fills Rank from Score, higher first, with shared ranks for
// equal scores (competition ranking 1, 1, 3).
func RankByScore(ps []PlayerResult) {
	RankBy(ps, func(a, b PlayerResult) int {
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return 0
	})
}

// RankBy fills Rank using cmp (negative when a ranks before b, 0 when tied),
// with competition ranking for ties.
func RankBy(ps []PlayerResult, cmp func(a, b PlayerResult) int) {
	idx := make([]int, len(ps))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return cmp(ps[idx[i]], ps[idx[j]]) < 0 })
	for k, i := range idx {
		if k > 0 && cmp(ps[idx[k-1]], ps[i]) == 0 {
			ps[i].Rank = ps[idx[k-1]].Rank
		} else {
			ps[i].Rank = k + 1
		}
	}
}

var (
	registryMu sync.RWMutex
	registry   = map[string]Game{}
)

// Register makes a game available by its Info().Name. It panics on a
// duplicate name, like database/sql.Register.
func Register(g Game) {
	name := g.Info().Name
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[name]; dup {
		panic("game: Register called twice for " + name)
	}
	registry[name] = g
}

// Lookup returns the registered game with that name.
func Lookup(name string) (Game, error) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	if g, ok := registry[name]; ok {
		return g, nil
	}
	return nil, fmt.Errorf("unknown game %q (known games: %s)", name, strings.Join(namesLocked(), ", "))
}

// All returns the registered games sorted by name.
func All() []Game {
	registryMu.RLock()
	defer registryMu.RUnlock()
	var gs []Game
	for _, n := range namesLocked() {
		gs = append(gs, registry[n])
	}
	return gs
}

func namesLocked() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// FindBuiltin returns the builtin bot of info with that name.
func (info Info) FindBuiltin(name string) (Builtin, error) {
	var names []string
	for _, b := range info.Builtins {
		if b.Name == name {
			return b, nil
		}
		names = append(names, b.Name)
	}
	return Builtin{}, fmt.Errorf("%s has no builtin bot %q (available: %s)", info.Name, name, strings.Join(names, ", "))
}

// CheckLeague validates a league number against info; 0 selects the default.
func (info Info) CheckLeague(league int) (int, error) {
	if len(info.Leagues) == 0 {
		if league != 0 {
			return 0, fmt.Errorf("%s has no leagues", info.Name)
		}
		return 0, nil
	}
	if league == 0 {
		return info.DefaultLeague, nil
	}
	for _, l := range info.Leagues {
		if l.Number == league {
			return league, nil
		}
	}
	return 0, fmt.Errorf("%s has leagues %d to %d, not %d", info.Name,
		info.Leagues[0].Number, info.Leagues[len(info.Leagues)-1].Number, league)
}

// Players describes the numbers of players a game takes: "2", "1 to 4",
// or PlayerCounts when set.
func (info Info) Players() string {
	if info.PlayerCounts != "" {
		return info.PlayerCounts
	}
	return CountRange(info.MinPlayers, info.MaxPlayers)
}

// CountRange writes min..max for humans: "2" when they are equal, else
// "2 to 8".
func CountRange(min, max int) string {
	if min == max {
		return strconv.Itoa(min)
	}
	return strconv.Itoa(min) + " to " + strconv.Itoa(max)
}
