// Package allkits builds and plays every starter kit of a game on the
// platform, for the test packages beside it, one a game: each is a
// package of its own so that its minutes (a build in the sandbox a kit)
// have go test's time limit of a package to themselves.
package allkits

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/lang"
	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/sandbox"
)

// Match is how a game's kits play: the game's options of a short match,
// and its seats where its maps want more than the game's fewest players
// (territory's generated arenas are for 4, 6 or 8).
type Match struct {
	Options []string
	Seats   int
}

// Play: every starter kit of game g, zipped unchanged, is uploaded to
// the platform, built in the sandbox (its npm packages from the
// organiser's cache, filled from the npm registry: the TypeScript kits
// are skipped where it is out of reach, except on CI), ready, and plays a
// match against house bots in the sandbox, answering and ending as a
// player of the game. A kit whose tools the sandbox does not see is
// skipped with their names. Two kits at a time: a build is mostly one
// compiler on one core, and a match mostly waits for its bots.
func Play(t *testing.T, g string, how Match) {
	platformtest.NeedSandbox(t)
	if testing.Short() {
		t.Skip("builds and plays every kit of the game: -short skips it")
	}
	p := platformtest.Open(t)
	ctx := context.Background()
	npmErr := fillNPMCache(ctx, g, p.Dir)
	if npmErr != nil && os.Getenv("CI") != "" {
		t.Fatal(npmErr)
	}
	names, _ := kits.Languages(g)
	// patient clocks: a busy machine's JVM start-up is not what is tested
	settings := store.Settings{TurnMS: 10_000, FirstTurnMS: 60_000, HouseBots: true}
	for _, name := range names {
		if k, _ := kits.Read(g, name); k.Protocol == "http" {
			settings.HTTPBots = true
		}
	}
	ev, invite, err := p.CreateEventWith(ctx, g, "Kits of "+g, how.Options, settings)
	if err != nil { // a game whose clocks are its rules' (catmouse)
		settings.TurnMS, settings.FirstTurnMS = 0, 0
		ev, invite, err = p.CreateEventWith(ctx, g, "Kits of "+g, how.Options, settings)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		t.Run(g+"/"+name, func(t *testing.T) {
			// Two at a time: a build is mostly one compiler on one
			// core, and a match mostly waits for its bots.
			t.Parallel()
			k, err := kits.Read(g, name)
			if err != nil {
				t.Fatal(err)
			}
			// as the platform checks it: in the language's own
			// directories too (Go's /usr/local/go/bin)
			tools, ok := lang.ByName(k.Language)
			if !ok {
				tools = lang.Language{Title: "the " + name + " kit"}
			}
			tools.Tools = k.Requires
			if why := tools.Unbuildable(sandbox.Path()); why != "" {
				t.Skip(why)
			}
			if npmErr != nil && exists(g, name, "package-lock.json") {
				t.Skipf("the npm registry is out of reach: %v", npmErr)
			}
			team, _, err := p.Join(ctx, invite, name)
			if err != nil {
				t.Fatal(err)
			}
			s, log := platformtest.Built(t, p, team, name+".zip", platformtest.KitZip(t, g, name, nil))
			if s.Status != store.StatusReady || s.Language != name {
				t.Fatalf("%s %s %q\n%s", s.Status, s.Language, s.Error, log)
			}
			gm, _ := game.Lookup(g)
			// the kit's bot and house bots, as many as the game's
			// generated maps take (territory's 4)
			a := queue.Match{Event: ev.ID, Key: fmt.Sprintf("kit-%d", s.ID), Seed: 3, Teams: []int64{team.ID}, Submissions: []int64{s.ID}}
			for len(a.Teams) < how.Seats || len(a.Teams) < gm.Info().MinPlayers {
				a.Teams, a.Submissions = append(a.Teams, 0), append(a.Submissions, 0)
			}
			m, _, err := p.Player.MatchOf(ctx, gm, ev, a)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := match.Run(ctx, m)
			if err != nil {
				t.Fatal(err)
			}
			answered := 0
			for _, tu := range rep.Turns {
				if len(tu.Replies) > 0 && tu.Replies[0].Status == game.Answered {
					answered++
				}
			}
			if st := rep.Result.Players[0].Status; answered == 0 || (st != game.OK && st != game.Eliminated) {
				t.Errorf("the kit ended %q (%s) after %d answers\nits stderr: %s", st, rep.Result.Players[0].Message, answered, platformtest.StderrOf(rep.Turns))
			}
		})
	}
}

// fillNPMCache fills the platform's npm cache from the npm registry with
// the packages of game g's kits that have a package-lock.json, as the
// organiser does (arena npm-cache).
func fillNPMCache(ctx context.Context, g, dir string) error {
	if _, err := exec.LookPath("npm"); err != nil {
		return err
	}
	names, _ := kits.Languages(g)
	for _, name := range names {
		if !exists(g, name, "package-lock.json") {
			continue
		}
		kit, err := os.MkdirTemp("", "arena-kit-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(kit)
		if err := kits.Write(g, name, kit); err != nil {
			return err
		}
		var out bytes.Buffer
		err = build.CacheNPMProject(ctx, kit, filepath.Join(dir, build.NPMCacheDir), &out)
		if err != nil && !regexp.MustCompile(`E(NOTFOUND|AI_AGAIN|CONNREFUSED|CONNRESET|TIMEDOUT|NETUNREACH)`).Match(out.Bytes()) {
			return fmt.Errorf("%s kit: %w\n%s", name, err, out.Bytes())
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// exists says whether the kit of game and language has the file name.
func exists(g, language, name string) bool {
	dir, err := os.MkdirTemp("", "arena-kit-")
	if err != nil {
		return false
	}
	defer os.RemoveAll(dir)
	if kits.Write(g, language, dir) != nil {
		return false
	}
	_, err = os.Stat(filepath.Join(dir, name))
	return err == nil
}
