package kits

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/match/matchtest"
	"github.com/seed27749672/arena/replay"

	_ "github.com/seed27749672/arena/games/all"
)

// TestKits builds every kit (kits/GAME/LANG/kit.json) in a copy of its
// directory, plays one whole game with it against a builtin of its game,
// and feeds its stdio bot the golden inputs the game's own tests keep.
// `go test ./kits -run 'TestKits/ants/python'` runs one kit.
func TestKits(t *testing.T) {
	paths, err := filepath.Glob("*/*/kit.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatal("no kit.json found under kits/")
	}
	for _, path := range paths {
		game, lang := filepath.Base(filepath.Dir(filepath.Dir(path))), filepath.Base(filepath.Dir(path))
		t.Run(game+"/"+lang, func(t *testing.T) {
			t.Parallel()
			k := readManifest(t, path, game, lang)
			c, ok := games[game]
			if !ok {
				t.Fatalf("no test for the game %q: add it to games in kits_test.go", game)
			}
			requireTools(t, k)
			dir := buildKit(t, game, lang, k)
			cmd := "sh -c " + shellQuote("cd "+shellQuote(dir)+" && "+pythonPath(t, k)+"exec "+k.Run)
			t.Run("game", func(t *testing.T) { c.play(t, k, Transport(k.Protocol)+cmd) })
			if k.Protocol == "stdio" || stdioArgs[game+"/"+lang] != "" {
				if k.Protocol != "stdio" {
					k.Run += stdioArgs[game+"/"+lang]
				}
				for _, g := range c.golden {
					t.Run("golden/"+g.name, func(t *testing.T) { checkGolden(t, dir, k, g) })
				}
			}
		})
	}
}

func readManifest(t *testing.T, path, game, lang string) Manifest {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var k Manifest
	if err := dec.Decode(&k); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if k.Game != game || (k.Language != lang && !strings.HasPrefix(lang, k.Language+"-")) {
		t.Errorf("%s: game %q language %q, but the directory is %s/%s", path, k.Game, k.Language, game, lang)
	}
	if k.Run == "" {
		t.Errorf("%s: run is empty", path)
	}
	if Transport(k.Protocol) == "" {
		t.Errorf("%s: protocol %q, want stdio, websocket or http", path, k.Protocol)
	}
	if len(k.Requires) == 0 {
		t.Errorf("%s: requires names no command", path)
	}
	if t.Failed() {
		t.FailNow()
	}
	return k
}

// requireTools skips the test when a command the kit needs is missing.
func requireTools(t *testing.T, k Manifest) {
	t.Helper()
	for _, c := range k.Requires {
		if _, err := exec.LookPath(c); err != nil {
			t.Skipf("%s is not installed (the %s kit needs it)", c, k.Language)
		}
	}
}

// buildKit writes the kit as `arena kit` does (from the embedded tree,
// so what users get is what is tested) and runs its build command there.
func buildKit(t *testing.T, game, lang string, k Manifest) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "kit")
	if err := Write(game, lang, dir); err != nil {
		t.Fatal(err)
	}
	if k.Build == "" {
		return dir
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", k.Build)
	cmd.Dir = dir
	// The Go kits build with a Go cache of their own tree unless GOCACHE
	// names one (the platform's sandbox names none): here, the machine's,
	// so that each test does not compile Go's standard library again.
	cmd.Env = append(os.Environ(), "GOCACHE="+goCache())
	out, err := cmd.CombinedOutput()
	if err != nil {
		// npm is the only network a build may use; without it (and without
		// its cache) the kit cannot be tested here. CI has it: a failure there.
		if offline.Match(out) && os.Getenv("CI") == "" {
			t.Skipf("build %q: the package registry is out of reach: %v\n%s", k.Build, err, tail(string(out)))
		}
		t.Fatalf("build %q: %v\n%s", k.Build, err, out)
	}
	return dir
}

// goCache is this machine's Go build cache (go env GOCACHE), "" when
// there is no go.
var goCache = sync.OnceValue(func() string {
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
})

// stdioArgs are what turns a WebSocket kit to stdin/stdout, for the golden
// inputs.
var stdioArgs = map[string]string{
	"jungle/javascript": " --stdio",
	"jungle/typescript": " --stdio",
	"jungle/java":       " --stdio",
	"jungle/python":     " --stdio",
	"jungle/rust":       " --stdio",
	"jungle/cpp":        " --stdio",
}

// pythonPath is what a Python WebSocket kit's command starts with: nothing
// when the python3 of the PATH imports websockets, else a PATH that finds
// Debian's /usr/bin/python3 first (where python3-websockets, installed by
// .ci/run, is; a pyenv python3 earlier on the PATH lacks it). Without
// either the test is skipped, except under CI.
func pythonPath(t *testing.T, k Manifest) string {
	t.Helper()
	if k.Language != "python" || k.Protocol != "websocket" || exec.Command("python3", "-c", "import websockets").Run() == nil {
		return ""
	}
	if exec.Command("/usr/bin/python3", "-c", "import websockets").Run() != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("no python3 imports websockets: apt-get install python3-websockets")
		}
		t.Skip("no python3 imports websockets (apt-get install python3-websockets)")
	}
	bin := t.TempDir()
	if err := os.Symlink("/usr/bin/python3", filepath.Join(bin, "python3")); err != nil {
		t.Fatal(err)
	}
	return "PATH=" + shellQuote(bin) + ":\"$PATH\" "
}

// offline recognises npm's errors for a registry out of reach.
var offline = regexp.MustCompile(`E(NOTFOUND|AI_AGAIN|CONNREFUSED|CONNRESET|TIMEDOUT|NETUNREACH)`)

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// gameTest is how one game's kits are tested.
type gameTest struct {
	play   func(t *testing.T, k Manifest, spec string)
	golden []golden
}

// golden is a recorded input of the game's tests: the bytes a player read
// in a whole game, and how many answers it owes for them.
type golden struct {
	name    string
	input   func(t *testing.T) ([]byte, int)
	answers *regexp.Regexp // the lines that count as answers
}

var games = map[string]gameTest{
	"ants": {
		play: func(t *testing.T, k Manifest, spec string) {
			rep := play(t, "ants", []string{"kit=" + spec, "builtin:boss4"}, 21, 4, "first_turn_timeout_ms=30000", "turn_timeout_ms=10000")
			requireOK(t, rep, 0)
			requireAction(t, rep, 0, func(s string) bool { return s != "" && s != "WAIT" })
		},
		golden: []golden{
			{"league4-p0", antsGolden("league4-p0.txt", true), regexp.MustCompile(`\S`)},
			{"league4-p1", antsGolden("league4-p1.txt", true), regexp.MustCompile(`\S`)},
			{"league1-p0", antsGolden("league1-p0.txt", false), regexp.MustCompile(`\S`)}, // no score line
		},
	},
	"tracks": {
		play: func(t *testing.T, k Manifest, spec string) {
			for seat := range 2 {
				bots := []string{"kit=" + spec, "builtin:boss5"}
				if seat == 1 {
					bots[0], bots[1] = bots[1], bots[0]
				}
				rep := play(t, "tracks", bots, int64(100+seat), 5)
				requireOK(t, rep, seat)
				requireAction(t, rep, seat, func(s string) bool { return s != "" && s != "WAIT" })
			}
		},
		golden: []golden{
			{"p0", tracksGolden(0), regexp.MustCompile(`\S`)},
			{"p1", tracksGolden(1), regexp.MustCompile(`\S`)},
		},
	},
	"jungle": {
		play: func(t *testing.T, k Manifest, spec string) {
			rep := play(t, "jungle", []string{"kit=" + spec, "builtin:greedy"}, 8, 0,
				"map=liana-maze", "tick_timeout_ms=10000", "first_ticks_extra_ms=30000")
			requireOK(t, rep, 0)
			moved := regexp.MustCompile(`"action"\s*:\s*"(SPAWN|MOVE|SUMMON|DROP|VINE|ATTACK)"`)
			requireAction(t, rep, 0, func(s string) bool { return moved.MatchString(s) })
			for _, tr := range rep.Turns {
				if st := tr.Replies[0].Status; st != game.Answered {
					t.Fatalf("tick %d: the kit's answer: %s", tr.Turn, st)
				}
			}
			if p := rep.Result.Players[0]; p.Score <= 0 {
				t.Errorf("the kit scored nothing in %d ticks (stats %v)", len(rep.Turns), p.Stats)
			}
		},
		golden: []golden{
			{"liana-maze", jungleGolden, regexp.MustCompile(`^\{"type":"COMMAND"`)},
		},
	},
	"catmouse": {
		play: func(t *testing.T, k Manifest, spec string) {
			// One game is two legs: the kit plays the cats, then the mouse.
			rep := play(t, "catmouse", []string{"kit=" + spec, "builtin:evasive"}, 3, 0, "maxturns=60")
			requireOK(t, rep, 0)
			catmouseClean(t, rep, 0)
		},
		golden: []golden{
			{"cats", catmouseGolden("golden-cats.txt"), regexp.MustCompile(`(?i)^\s*(READY|MOVE)\b`)},
			{"mouse", catmouseGolden("golden-mouse.txt"), regexp.MustCompile(`(?i)^\s*(READY|MOVE)\b`)},
		},
	},
	"territory": {
		play: func(t *testing.T, k Manifest, spec string) {
			arena, err := os.ReadFile("../games/territory/testdata/kit-16.arena")
			if err != nil {
				t.Fatal(err)
			}
			rep := play(t, "territory", []string{"kit=" + spec, "builtin:random"}, 5, 0,
				"arena="+string(arena), "turns=120", "first_ms=60000", "turn_ms=20000")
			requireOK(t, rep, 0)
			p := rep.Result.Players[0]
			if got := stat(p.PlayerResult, "territory"); got <= 20 {
				t.Errorf("the kit holds %d tiles after 120 turns; it should capture", got)
			}
			if got := stat(p.PlayerResult, "stays"); got != 0 {
				t.Errorf("the kit stood still %d times", got)
			}
		},
		golden: []golden{
			{"p0", territoryGolden(0), regexp.MustCompile(`\S`)},
			{"p1", territoryGolden(1), regexp.MustCompile(`\S`)},
		},
	},
}

// relaxed is a game with a generous clock: a kit must not lose a turn
// because the machine is busy or its runtime starts slowly (timing never
// decides these tests). Its name stays, so replays verify against the
// real game. Games whose referee sets its own clock get options instead.
type relaxed struct{ game.Game }

func (g relaxed) Info() game.Info {
	info := g.Game.Info()
	info.Clock.First, info.Clock.Turn = 60*time.Second, 20*time.Second
	return info
}

// play plays one match through the runner, as `arena play` does, and
// checks that its replay verifies.
func play(t *testing.T, name string, bots []string, seed int64, league int, opts ...string) *replay.Replay {
	t.Helper()
	m := matchtest.Build(t, match.Setup{Game: name, Bots: bots, Seed: &seed, League: league, Options: opts})
	m.Game = relaxed{m.Game}
	m.Grace = 2 * time.Second
	rep := matchtest.Verified(t, m, 10*time.Minute)
	t.Logf("%d turns: %s", len(rep.Turns), rep.Result.Summary)
	return rep
}

func requireOK(t *testing.T, rep *replay.Replay, seat int) {
	t.Helper()
	p := rep.Result.Players[seat]
	if p.Status != game.OK {
		msg := p.Message
		for _, tr := range rep.Turns {
			if s := tr.Replies[seat].Stderr; s != "" {
				msg += "\nstderr: " + s
			}
		}
		t.Fatalf("the kit ended %s: %s", p.Status, msg)
	}
}

// requireAction fails unless some answer of the seat is a real move.
func requireAction(t *testing.T, rep *replay.Replay, seat int, real func(string) bool) {
	t.Helper()
	for _, tr := range rep.Turns {
		for _, l := range tr.Replies[seat].Lines {
			if real(strings.TrimSpace(l.Text)) {
				return
			}
		}
	}
	t.Errorf("the kit made no move in %d turns (only waits)", len(rep.Turns))
}

// catmouseClean: no answer of the kit gave an ERROR, and it moved pieces.
func catmouseClean(t *testing.T, rep *replay.Replay, seat int) {
	t.Helper()
	moves := 0
	for i, tr := range rep.Turns {
		var f struct {
			Sides []struct {
				Errors []json.RawMessage
			}
		}
		if err := json.Unmarshal(tr.Frame, &f); err != nil || len(f.Sides) <= seat {
			t.Fatalf("turn %d: frame %v", i+1, err)
		}
		if n := len(f.Sides[seat].Errors); n > 0 {
			t.Fatalf("turn %d: the kit's answer gave %d errors: %s", i+1, n, f.Sides[seat].Errors[0])
		}
		for _, l := range tr.Replies[seat].Lines {
			if f := strings.Fields(strings.ToUpper(l.Text)); len(f) > 1 && f[0] == "MOVE" {
				moves++
			}
		}
	}
	if moves == 0 {
		t.Errorf("the kit ordered no move in %d turns", len(rep.Turns))
	}
}

func stat(p game.PlayerResult, key string) int {
	switch v := p.Stats[key].(type) {
	case int:
		return v
	case float64:
		return int(v)
	}
	return -1
}

// checkGolden runs the kit on a golden input (all of it on stdin at once)
// and requires one answer per turn: a parser that chokes on any of the
// game's real inputs stops answering. Its exit status at the end of the
// input is not checked (the game closes stdin only after the last turn).
func checkGolden(t *testing.T, dir string, k Manifest, g golden) {
	in, want := g.input(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", k.Run)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(in)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	runErr := cmd.Run()
	answers := out.Bytes()
	got := 0
	sc := bufio.NewScanner(bytes.NewReader(answers))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if g.answers.MatchString(sc.Text()) {
			got++
		}
	}
	if got < want {
		t.Fatalf("%d answers to %d turns (exit: %v)\nstderr: %s", got, want, runErr, tail(errb.String()))
	}
	if slices.Contains(alike[k.Game], k.Language) {
		if ref := pythonAnswers(t, k.Game, g.name, in); ref != nil && !bytes.Equal(answers, ref) {
			t.Errorf("the answers differ from the Python kit's, which this kit plays move for move:\n%s", firstDiff(string(answers), string(ref)))
		}
	}
}

// alike lists the kits that play their game's Python kit's strategy move
// for move: on every golden input they must answer exactly as it does
// (their parsers read the same state from the same bytes).
var alike = map[string][]string{
	"ants":      {"javascript", "typescript", "java"},
	"tracks":    {"javascript", "typescript", "java", "cpp"},
	"catmouse":  {"javascript", "typescript", "java"},
	"territory": {"javascript", "typescript", "java"},
	"jungle":    {"javascript", "typescript", "java"},
}

// pythonAnswers runs the game's Python kit, in place, on the golden input
// in (once per input: the kits compared with it share the result); nil
// (and a log line) without python3.
func pythonAnswers(t *testing.T, game, golden string, in []byte) []byte {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Log("python3 is not installed: the answers are not compared with the Python kit's")
		return nil
	}
	once, _ := pythonRuns.LoadOrStore(game+"/"+golden, &pythonRun{})
	r := once.(*pythonRun)
	r.once.Do(func() {
		cmd := exec.Command("python3", append([]string{"bot.py"}, strings.Fields(stdioArgs[game+"/python"])...)...)
		cmd.Dir = filepath.Join(game, "python")
		cmd.Stdin = bytes.NewReader(in)
		r.out, r.err = cmd.Output()
	})
	if r.err != nil {
		t.Fatalf("the Python kit on the same input: %v", r.err)
	}
	return r.out
}

type pythonRun struct {
	once sync.Once
	out  []byte
	err  error
}

var pythonRuns sync.Map // game/golden -> *pythonRun

func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < max(len(g), len(w)); i++ {
		var a, b string
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			return fmt.Sprintf("line %d: %q, Python %q", i+1, a, b)
		}
	}
	return ""
}

func tail(s string) string {
	if len(s) > 2000 {
		return "..." + s[len(s)-2000:]
	}
	return s
}

func readTestdata(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "games", path))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// antsGolden: n, n cell lines, then 3 lines of bases; every turn a score
// line (league 4 only) and n cell lines.
func antsGolden(file string, scores bool) func(t *testing.T) ([]byte, int) {
	return func(t *testing.T) ([]byte, int) {
		b := readTestdata(t, "ants/testdata/golden/"+file)
		lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		n, err := strconv.Atoi(strings.TrimSpace(lines[0]))
		if err != nil {
			t.Fatal(err)
		}
		rest, turn := len(lines)-1-n-3, n
		if scores {
			turn++
		}
		if rest <= 0 || rest%turn != 0 {
			t.Fatalf("%s: %d lines do not make whole turns of %d lines", file, len(lines), turn)
		}
		return b, rest / turn
	}
}

// tracksGolden: the input section of player p in the golden game, and its
// number of replies.
func tracksGolden(p int) func(t *testing.T) ([]byte, int) {
	return func(t *testing.T) ([]byte, int) {
		zr, err := gzip.NewReader(bytes.NewReader(readTestdata(t, "tracks/testdata/golden-game.txt.gz")))
		if err != nil {
			t.Fatal(err)
		}
		all, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		var in bytes.Buffer
		section, turns := "", 0
		for _, l := range strings.SplitAfter(string(all), "\n") {
			if strings.HasPrefix(l, "=== ") {
				section = strings.Fields(l)[1]
				if section == "input" {
					section += strings.Fields(l)[4]
				}
				continue
			}
			switch {
			case section == fmt.Sprintf("input%d", p):
				in.WriteString(l)
			case section == "replies":
				if f := strings.Fields(l); len(f) > 1 && f[1] == strconv.Itoa(p) {
					turns++
				}
			}
		}
		if in.Len() == 0 || turns == 0 {
			t.Fatalf("no input or no replies of player %d in the golden game", p)
		}
		return in.Bytes(), turns
	}
}

// catmouseGolden: INIT and every STATE owe an answer (READY, MOVE); the
// GAMEOVER line owes none.
func catmouseGolden(file string) func(t *testing.T) ([]byte, int) {
	return func(t *testing.T) ([]byte, int) {
		b := readTestdata(t, "catmouse/testdata/"+file)
		n := 0
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "INIT ") || strings.HasPrefix(l, "STATE ") {
				n++
			}
		}
		return b, n
	}
}

// territoryGolden: the "< " lines player p read in the §6.4 exchange, and
// the number of its answers ("> ").
func territoryGolden(p int) func(t *testing.T) ([]byte, int) {
	return func(t *testing.T) ([]byte, int) {
		var in bytes.Buffer
		cur, n := -1, 0
		for _, l := range strings.Split(string(readTestdata(t, "territory/testdata/golden-exchange.txt")), "\n") {
			switch {
			case strings.HasPrefix(l, "== "):
				cur++
			case strings.HasPrefix(l, "< ") && cur == p:
				in.WriteString(l[2:] + "\n")
			case strings.HasPrefix(l, "> ") && cur == p:
				n++
			}
		}
		if n == 0 {
			t.Fatalf("no input of player %d in the golden exchange", p)
		}
		return in.Bytes(), n
	}
}

// jungleGolden: the 300 TICKs the Python kit read in a game on liana-maze
// against builtin:greedy (seed 8), one COMMAND each. Jungle's own tests
// keep no such transcript: this one was recorded for the kits.
func jungleGolden(t *testing.T) ([]byte, int) {
	f, err := os.Open("testdata/jungle-liana-maze.txt.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return b, bytes.Count(b, []byte("\n"))
}
