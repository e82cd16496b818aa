package bench

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/seed27749672/arena/game"
	_ "github.com/seed27749672/arena/games/ants"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// The steady turn is isolated as the difference between a long and a short
// match of the same seed: start-up, the first turns and the match end cancel
// out.
const (
	longTurns  = 1000
	shortTurns = 100
	benchSeed  = int64(7)
)

func antsOptions(turns int) []string {
	return []string{"max_turns=" + strconv.Itoa(turns), "scores_in_input=false",
		"first_turn_timeout_ms=60000", "turn_timeout_ms=60000"}
}

// BenchmarkSteadyTurn measures, interleaved in each iteration, an ants
// match between two real process bots that answer at once (testdata/
// instant.c), and a raw pipe ping-pong with the same program and the same
// bytes. Reported per steady turn: Arena's wall time and the raw one and
// their ratio, as means (the difference of a long and a short match) and
// as medians of every turn's time (med-: robust against the turns a busy
// machine stalls), the same wall time with bots that write a line on stderr
// before each answer (chatty), Arena's own CPU time (getrusage of the test process, which
// does not include its children), Arena's share of all the CPU the match
// used and, as its floor, the raw ping-pong driver's share of all the CPU
// its run used (raw-cpu-%: the same bots, a driver that only writes and
// reads), the context switches of Arena's threads per turn and of the raw
// driver's (csw/turn, raw-csw/turn: each is a thread put to sleep and
// woken, the largest cost of a turn on a virtual machine), and the time from the last turn's resolution to the end of
// match.Run (both bots exited and reaped), also for bots that do not exit
// when their input ends (killed: end-linger-ms); and, for reference, the game's
// own cost per turn (its referee alone: prompts, rules and frame), which
// Arena's wall and CPU figures include, as wall time (game-µs/turn) and
// as its thread's CPU time (game-cpu-µs/turn). What Arena adds is then
// over-cpu-ratio, its CPU a turn less the referee's over the raw driver's
// CPU a turn (raw-cpu-µs/turn, its steady turns only), and over-med-µs,
// the median turn less the raw one and the referee's CPU.
func BenchmarkSteadyTurn(b *testing.B) {
	exe := buildC(b, "instant")
	prompts := antsPrompts(b, longTurns)
	var raw, long, short, linger, chattyLong, chattyShort run
	// Every steady turn's wall time, for the medians: a turn the machine
	// stalled (other work, a preempted bot) moves a mean, not a median.
	var turns, rawTurns []time.Duration
	var game, gameCPU time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// Rotate the order so that no measure always follows another.
		steps := []func(){
			func() { raw.add(rawPingPong(b, exe, prompts, &rawTurns)) },
			func() { long.add(arenaMatch(b, exe, longTurns, &turns)) },
			func() { short.add(arenaMatch(b, exe, shortTurns, nil)) },
			func() {
				wall, cpu := refereeOnly(b, longTurns)
				game += wall
				gameCPU += cpu
			},
			func() { linger.add(arenaMatch(b, exe+" linger", shortTurns, nil)) },
			func() { chattyLong.add(arenaMatch(b, exe+" chatty", longTurns, nil)) },
			func() { chattyShort.add(arenaMatch(b, exe+" chatty", shortTurns, nil)) },
		}
		for j := range steps {
			steps[(i+j)%len(steps)]()
		}
	}
	b.StopTimer()
	n := float64(b.N)
	steady := float64(longTurns - shortTurns)
	wall := float64(long.wall-short.wall) / n / steady
	rawSteady := float64(len(prompts) - 1)
	rawWall := float64(raw.wall) / n / rawSteady
	b.ReportMetric(wall/1e3, "µs/turn")
	b.ReportMetric(rawWall/1e3, "raw-µs/turn")
	b.ReportMetric(wall/rawWall, "ratio")
	med, rawMed := median(turns), median(rawTurns)
	b.ReportMetric(float64(med)/1e3, "med-µs/turn")
	b.ReportMetric(float64(rawMed)/1e3, "raw-med-µs/turn")
	b.ReportMetric(float64(med)/float64(rawMed), "med-ratio")
	b.ReportMetric(float64(chattyLong.wall-chattyShort.wall)/n/steady/1e3, "chatty-µs/turn")
	b.ReportMetric(float64(long.self-short.self)/n/steady/1e3, "cpu-µs/turn")
	b.ReportMetric(100*float64(long.self)/float64(long.self+long.children), "cpu-%")
	b.ReportMetric(100*float64(raw.self)/float64(raw.self+raw.children), "raw-cpu-%")
	b.ReportMetric(float64(long.switches-short.switches)/n/steady, "csw/turn")
	b.ReportMetric(float64(raw.switches)/n/rawSteady, "raw-csw/turn")
	b.ReportMetric(float64(long.end+short.end)/2/n/1e6, "end-ms")
	b.ReportMetric(float64(linger.end)/n/1e6, "end-linger-ms")
	b.ReportMetric(float64(game)/n/longTurns/1e3, "game-µs/turn")
	// What Arena adds to a turn, against the raw driver: its CPU beyond
	// the referee's (over-cpu-ratio: goal at most 3 times the raw
	// driver's CPU a turn), and the median turn beyond the raw one and the
	// referee's (over-med-µs: goal at most 10 µs; the referee's CPU time,
	// steadier than its wall time on a busy machine).
	cpu := float64(long.self-short.self) / n / steady
	rawCPU := float64(raw.steadySelf) / n / rawSteady
	refCPU := float64(gameCPU) / n / longTurns
	b.ReportMetric(rawCPU/1e3, "raw-cpu-µs/turn")
	b.ReportMetric(refCPU/1e3, "game-cpu-µs/turn")
	b.ReportMetric((cpu-refCPU)/rawCPU, "over-cpu-ratio")
	b.ReportMetric((float64(med-rawMed)-refCPU)/1e3, "over-med-µs")
}

// run adds up the figures of the runs of one kind.
type run struct {
	wall, self, children, end time.Duration
	switches                  int64 // this process's context switches
	// The raw driver's: its own CPU time over the steady turns (the
	// first turn, with the bots' start, left out, as for its switches).
	steadySelf time.Duration
}

func (r *run) add(o run) {
	r.wall += o.wall
	r.self += o.self
	r.children += o.children
	r.end += o.end
	r.switches += o.switches
	r.steadySelf += o.steadySelf
}

// antsPrompts returns what the referee sends both players on every turn
// when both wait: exactly the bytes Arena writes to the bots.
func antsPrompts(b *testing.B, turns int) [][2][]byte {
	g, err := game.Lookup("ants")
	if err != nil {
		b.Fatal(err)
	}
	opts, err := game.ParseOptions(g.Info().Options, antsOptions(turns))
	if err != nil {
		b.Fatal(err)
	}
	ref, err := g.New(game.Config{Seed: benchSeed, Players: 2, Options: opts})
	if err != nil {
		b.Fatal(err)
	}
	var out [][2][]byte
	wait := game.Reply{Status: game.Answered, Lines: []game.Line{{Text: "WAIT"}}}
	for !ref.Over() {
		var t [2][]byte
		for p := range 2 {
			msg, _ := ref.Prompt(p)
			t[p] = bytes.Clone(msg)
		}
		out = append(out, t)
		ref.Play([]game.Reply{wait, wait})
	}
	if len(out) != turns {
		b.Fatalf("the prompts cover %d turns, want %d", len(out), turns)
	}
	return out
}

// refereeOnly plays the match's referee alone, with the replies of both
// bots given (WAIT): the game's own cost per turn (prompts, rules, frame),
// which Arena's figures include, as wall time and as the CPU time of the
// thread it ran on.
func refereeOnly(b *testing.B, turns int) (wall, cpu time.Duration) {
	g, _ := game.Lookup("ants")
	opts, _ := game.ParseOptions(g.Info().Options, antsOptions(turns))
	ref, err := g.New(game.Config{Seed: benchSeed, Players: 2, Options: opts})
	if err != nil {
		b.Fatal(err)
	}
	wait := []game.Reply{{Status: game.Answered, Lines: []game.Line{{Text: "WAIT"}}}}
	wait = append(wait, wait[0])
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c0 := threadCPU()
	t0 := time.Now()
	for !ref.Over() {
		ref.Prompt(0)
		ref.Prompt(1)
		ref.Play(wait)
		ref.Frame()
	}
	return time.Since(t0), threadCPU() - c0
}

// threadCPU returns the CPU time of the calling thread.
func threadCPU() time.Duration {
	var s unix.Rusage
	unix.Getrusage(unix.RUSAGE_THREAD, &s)
	return tv(s.Utime) + tv(s.Stime)
}

// median returns the median of ds (0 for none).
func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

// arenaMatch plays one ants match of the given length through match.Run.
// With steady not nil, it appends the wall time of every turn after the
// first ten to it: the time between the records of two turns (OnTurn),
// which in a steady match is the time from one turn's prompts to the
// next's.
func arenaMatch(b *testing.B, exe string, turns int, steady *[]time.Duration) run {
	seed := benchSeed
	m, err := match.Setup{Game: "ants", Bots: []string{exe, exe}, Seed: &seed, Options: antsOptions(turns)}.Build()
	if err != nil {
		b.Fatal(err)
	}
	var last time.Time
	m.OnTurn = func(t replay.Turn) {
		now := time.Now()
		if steady != nil && t.Turn > 10 && t.Turn < turns {
			*steady = append(*steady, now.Sub(last))
		}
		last = now
	}
	self0, kids0 := rusage()
	sw0 := switches()
	t0 := time.Now()
	rep, err := match.Run(context.Background(), m)
	t1 := time.Now()
	self1, kids1 := rusage()
	sw := switches() - sw0
	if err != nil {
		b.Fatal(err)
	}
	if len(rep.Turns) != turns {
		b.Fatalf("the match lasted %d turns, want %d: %s %+v", len(rep.Turns), turns, rep.Result.Summary, rep.Result.Players)
	}
	return run{wall: t1.Sub(t0), self: self1 - self0, children: kids1 - kids0, end: t1.Sub(last), switches: sw}
}

// rawPingPong plays the same prompts with the same program over plain
// pipes and blocking system calls: the floor for a turn. The first turn
// (start-up and initialisation input) is not timed.
// Every turn's wall time after the first ten is appended to steady.
func rawPingPong(b *testing.B, exe string, prompts [][2][]byte, steady *[]time.Duration) run {
	self0, kids0 := rusage()
	var steady0 time.Duration
	var sw0 int64
	var bots [2]*rawBot
	for i := range bots {
		bots[i] = startRaw(b, exe)
	}
	var t0, last time.Time
	for t, msgs := range prompts {
		now := time.Now()
		if t == 1 {
			t0 = now
			steady0, _ = rusage()
			sw0 = switches()
		}
		if t > 10 {
			*steady = append(*steady, now.Sub(last))
		}
		last = now
		for i, rb := range bots {
			rb.write(b, msgs[i])
		}
		for _, rb := range bots {
			rb.readLine(b)
		}
	}
	wall := time.Since(t0)
	steady1, _ := rusage()
	sw := switches() - sw0
	for _, rb := range bots {
		rb.close()
	}
	self1, kids1 := rusage()
	return run{wall: wall, self: self1 - self0, children: kids1 - kids0, switches: sw, steadySelf: steady1 - steady0}
}

type rawBot struct {
	cmd     *exec.Cmd
	in, out int
	buf     []byte
}

func startRaw(b *testing.B, exe string) *rawBot {
	var in, out [2]int
	if err := unix.Pipe2(in[:], unix.O_CLOEXEC); err != nil {
		b.Fatal(err)
	}
	if err := unix.Pipe2(out[:], unix.O_CLOEXEC); err != nil {
		b.Fatal(err)
	}
	// The child's ends are closed through their os.File, whose finalizer
	// would otherwise close the numbers again, whatever they are by then.
	stdin, stdout := os.NewFile(uintptr(in[0]), "stdin"), os.NewFile(uintptr(out[1]), "stdout")
	cmd := exec.Command(exe)
	cmd.Stdin, cmd.Stdout = stdin, stdout
	err := cmd.Start()
	stdin.Close()
	stdout.Close()
	if err != nil {
		b.Fatal(err)
	}
	return &rawBot{cmd: cmd, in: in[1], out: out[0], buf: make([]byte, 0, 4096)}
}

func (r *rawBot) write(b *testing.B, msg []byte) {
	for len(msg) > 0 {
		n, err := unix.Write(r.in, msg)
		if err != nil {
			b.Fatal(err)
		}
		msg = msg[n:]
	}
}

func (r *rawBot) readLine(b *testing.B) {
	for {
		if i := bytes.IndexByte(r.buf, '\n'); i >= 0 {
			r.buf = append(r.buf[:0], r.buf[i+1:]...)
			return
		}
		n, err := unix.Read(r.out, r.buf[len(r.buf):cap(r.buf)])
		if err != nil || n == 0 {
			b.Fatalf("raw bot: read %d: %v", n, err)
		}
		r.buf = r.buf[:len(r.buf)+n]
	}
}

func (r *rawBot) close() {
	unix.Close(r.in)
	r.cmd.Wait()
	unix.Close(r.out)
}

// rusage returns the CPU time (user+system) of this process and of its
// children that have ended and been waited for.
func rusage() (self, children time.Duration) {
	var s, c unix.Rusage
	unix.Getrusage(unix.RUSAGE_SELF, &s)
	unix.Getrusage(unix.RUSAGE_CHILDREN, &c)
	return tv(s.Utime) + tv(s.Stime), tv(c.Utime) + tv(c.Stime)
}

// switches returns the context switches of this process so far, every
// thread's, voluntary (a thread waits) and not (it is preempted).
func switches() int64 {
	var s unix.Rusage
	unix.Getrusage(unix.RUSAGE_SELF, &s)
	return s.Nvcsw + s.Nivcsw
}

func tv(t unix.Timeval) time.Duration {
	return time.Duration(t.Sec)*time.Second + time.Duration(t.Usec)*time.Microsecond
}
