package submission_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/lang"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/sandbox"
)

// codingameBots are bots written as CodinGame players write them, one
// single file or more per language (Java's class Player in Solution.java,
// TypeScript's global readline(), Rust with the rand crate...).
const codingameBots = "../../lang/testdata/ants"

// TestEveryLanguagePlaysAntsOnThePlatform: for every language of the
// registry, a CodinGame player's bot uploaded as a single file is built
// by the platform in the sandbox and plays ants to its end with status
// ok. A language whose toolchain the sandbox does not see is skipped,
// with its name and what to install.
func TestEveryLanguagePlaysAntsOnThePlatform(t *testing.T) {
	platformtest.NeedSandbox(t)
	p := platformtest.Open(t)
	ctx := context.Background()
	// generous limits: a busy machine's JVM start-up is not what is tested
	ev, invite, err := p.CreateEventWith(ctx, "ants", "Polyglot", []string{"max_turns=4"},
		store.Settings{TurnMS: 10_000, FirstTurnMS: 60_000, HouseBots: true})
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(codingameBots)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lang.All() {
		var names []string
		for _, e := range entries {
			if bl, ok := lang.ByExtension(e.Name()); ok && bl.Name == l.Name {
				names = append(names, e.Name())
			}
		}
		if len(names) == 0 {
			t.Errorf("%s: no bot in %s", l.Title, codingameBots)
		}
		for _, name := range names {
			t.Run(l.Name+"/"+name, func(t *testing.T) {
				// Two at a time: most of the time is one compiler's
				// (kotlinc, scalac, ghc), on one core.
				t.Parallel()
				if why := l.Unbuildable(sandbox.Path()); why != "" {
					t.Skipf("%s: %s", l.Title, why)
				}
				playsAnts(t, p, ev, invite, name)
			})
		}
	}
}

// playsAnts submits the bot of testdata named name, builds it and plays
// it against the house bot.
func playsAnts(t *testing.T, p *platform.Platform, ev store.Event, invite, name string) {
	ctx := context.Background()
	src, err := os.ReadFile(filepath.Join(codingameBots, name))
	if err != nil {
		t.Fatal(err)
	}
	team, _, err := p.Join(ctx, invite, strings.ReplaceAll(name, ".", "-"))
	if err != nil {
		t.Fatal(err)
	}
	playsUpload(t, p, ev, team, name, src)
}

// playsUpload submits an upload (a zip, or a file named name), builds
// it and plays it against the house bot, returning the build's log.
func playsUpload(t *testing.T, p *platform.Platform, ev store.Event, team store.Team, name string, upload []byte) string {
	t.Helper()
	ctx := context.Background()
	sub, log := platformtest.Built(t, p, team, name, upload)
	if sub.Status != store.StatusReady {
		t.Fatalf("the build: %s %s\n%s", sub.Status, sub.Error, log)
	}
	g, _ := game.Lookup("ants")
	a := queue.Match{Event: ev.ID, Key: fmt.Sprintf("lang-%d", sub.ID), Seed: 5, Teams: []int64{team.ID, 0}, Submissions: []int64{sub.ID, 0}}
	m, _, err := p.Player.MatchOf(ctx, g, ev, a)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := match.Run(ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	if r := rep.Result; r.Turns != 4 || r.Players[0].Status != game.OK {
		t.Fatalf("%d turns of 4, the bot's status %q: %s\nits stderr: %s", r.Turns, r.Players[0].Status, r.Players[0].Message, platformtest.StderrOf(rep.Turns))
	}
	if !slices.ContainsFunc(rep.Turns, func(tu replayTurn) bool { return strings.HasPrefix(firstLine(tu), "LINE ") }) {
		t.Errorf("the bot never answered a LINE")
	}
	return log
}

type replayTurn = replay.Turn

// firstLine is the first line the team's bot (seat 0) answered on a turn.
func firstLine(tu replay.Turn) string {
	if len(tu.Replies) == 0 || len(tu.Replies[0].Lines) == 0 {
		return ""
	}
	return tu.Replies[0].Lines[0].Text
}

// A single file builds alone, under its own name: the compiler's errors
// name the team's file, and a C file is C.
func TestBuildErrorsNameTheTeamsFile(t *testing.T) {
	platformtest.NeedSandbox(t)
	p := platformtest.Open(t)
	ctx := context.Background()
	_, invite := platformtest.Event(t, p, "ants", "Errors")
	team, _, _ := p.Join(ctx, invite, "Owls")
	for name, src := range map[string]string{
		"broken.cpp": "int main() { return not_declared; }\n",
		"broken.c":   "int main(void) { int class = 1; return not_declared + class; }\n", // class is no C++ keyword here
	} {
		sub, err := p.Submit(ctx, team, name, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Intake.Build(ctx, sub.ID); err != nil {
			t.Fatal(err)
		}
		log, _ := p.Store.BuildLog(ctx, sub.ID)
		if s, _ := p.Store.Submission(ctx, sub.ID); s.Status != store.StatusFailed || !strings.Contains(string(log), name+":") ||
			strings.Contains(string(log), "bot.c") || !strings.Contains(string(log), "not_declared") {
			t.Errorf("%s: %s, log:\n%s", name, s.Status, log)
		}
		if strings.Contains(string(log), "class") && strings.HasSuffix(name, ".c") && strings.Contains(string(log), "expected unqualified-id") {
			t.Errorf("%s was compiled as C++:\n%s", name, log)
		}
	}
}
