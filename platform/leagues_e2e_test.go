package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/platform/league"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
)

// antsFingerprint names an ants map as a bot can from its first input:
// the number of cells, the sum of their initial resources, and that sum
// weighted by the cells' indexes.
func antsFingerprint(t *testing.T, prompt []byte) string {
	t.Helper()
	lines := strings.Split(string(prompt), "\n")
	n, err := strconv.Atoi(strings.TrimSpace(lines[0]))
	if err != nil || len(lines) <= n {
		t.Fatalf("not an ants first input: %.200q", prompt)
	}
	sum, weighted := 0, 0
	for i := range n {
		f := strings.Fields(lines[1+i])
		res, err := strconv.Atoi(f[1])
		if err != nil {
			t.Fatalf("cell %d: %q", i, lines[1+i])
		}
		sum, weighted = sum+res, weighted+i*res
	}
	return fmt.Sprintf("%d:%d:%d", n, sum, weighted)
}

// controlledAntsKit is the ants Python kit whose bot plays the kit's
// strategy on the maps whose fingerprints are in win, and only waits on
// any other: a real program whose promotion games go as a test wants
// (the kit beats league 1's boss, a bot that waits loses to it).
func controlledAntsKit(t *testing.T, win []string) []byte {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "kit")
	if err := kits.Write("ants", "python", dir); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "bot.py"))
	if err != nil {
		t.Fatal(err)
	}
	main := "if __name__ == \"__main__\":\n    run(play)\n"
	if !strings.Contains(string(b), main) {
		t.Fatalf("the ants Python kit's bot.py no longer ends with %q", main)
	}
	bot := strings.Replace(string(b), main, "if __name__ == \"__main__\":\n    from control import controlled\n    run(controlled(play))\n", 1)
	quoted := make([]string, len(win))
	for i, w := range win {
		quoted[i] = strconv.Quote(w)
	}
	control := `from ants import wait

WIN = {` + strings.Join(quoted, ", ") + `}


def controlled(play):
    def turn(g):
        n = len(g.cells)
        total = sum(c.initial_resources for c in g.cells)
        weighted = sum(c.index * c.initial_resources for c in g.cells)
        if "%d:%d:%d" % (n, total, weighted) in WIN:
            return play(g)
        return [wait()]
    return turn
`
	return testKitZip(t, "ants", "python", map[string]string{"bot.py": bot, "control.py": control})
}

// TestAntsPromotionAfterLosses: in an ants event with leagues, the
// scheduler plays each team's league 1 promotion test against the boss
// with real bots (the Python kit, sandboxed) that win or lose as told:
// each plays the kit's strategy on the maps of the games it is to win
// and waits on the others, the maps known in advance (a promotion game's
// seed comes from its key: submission, league, game number). Comeback
// goes loss, win, win, loss, win and is promoted after its fifth game,
// not before; Fader goes win, loss, loss, win, loss and stays in league
// 1. Comeback then takes league 2's test, where it only waits, and stays
// in league 2 after three losses.
func TestAntsPromotionAfterLosses(t *testing.T) {
	needSandbox(t)
	ctx := context.Background()
	p, ev, invite := antsLeagueEvent(t)
	if _, err := p.SetCasual(ctx, ev.ID, false); err != nil {
		t.Fatal(err)
	}
	g, err := game.Lookup("ants")
	if err != nil {
		t.Fatal(err)
	}
	info := g.Info()
	// key and map of game k of submission sub's league 1 test, as the
	// scheduler makes them (leagues.go)
	key := func(sub int64, k int) string { return fmt.Sprintf("promotion-%d-1-%d", sub, k) }
	fingerprint := func(sub int64, k int) string {
		cfg, err := p.matchConfig(info, ev, matchArgs{Event: ev.ID, Seed: seedOf(key(sub, k)), League: 1})
		if err != nil {
			t.Fatal(err)
		}
		ref, err := g.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		msg, _ := ref.Prompt(0)
		return antsFingerprint(t, msg)
	}

	plans := []struct {
		name string
		want string // W: win, L: loss, game by game
	}{{"Comeback", "LWWLW"}, {"Fader", "WLLWL"}}
	var teams []store.Team
	var subs []int64
	var tokens []string
	for i, plan := range plans {
		tm, tok, err := p.Join(ctx, invite, plan.name)
		if err != nil {
			t.Fatal(err)
		}
		// A fresh data directory numbers submissions 1, 2...: the bot is
		// written for the maps of its own submission's games.
		sub := int64(i + 1)
		var win []string
		lost := map[string]bool{}
		for k, o := range plan.want {
			if o == 'W' {
				win = append(win, fingerprint(sub, k))
			} else {
				lost[fingerprint(sub, k)] = true
			}
		}
		for _, w := range win {
			if lost[w] {
				t.Fatalf("%s: two of its games, one to win and one to lose, are played on the same map %s", plan.name, w)
			}
		}
		s, err := p.Submit(ctx, tm, "kit.zip", controlledAntsKit(t, win))
		if err != nil {
			t.Fatal(err)
		}
		if s.ID != sub {
			t.Fatalf("%s's submission is %d, its bot was written for submission %d", plan.name, s.ID, sub)
		}
		teams, subs, tokens = append(teams, tm), append(subs, s.ID), append(tokens, tok)
	}
	if err := p.StartJobs(ctx, JobOptions{Matches: 2, PollInterval: 50 * time.Millisecond, ScheduleEvery: 50 * time.Millisecond, TimeScale: 20}); err != nil {
		t.Fatal(err)
	}
	defer p.StopJobs(ctx)
	for _, s := range subs {
		if b := waitBuilt(t, p, s); b.Status != store.StatusReady {
			log, _ := p.Store.BuildLog(ctx, s)
			t.Fatalf("%+v\n%s", b, log)
		}
	}
	decided := func(sub int64, lg int) bool {
		ms, err := p.Store.SubmissionMatches(ctx, sub, store.KindPromotion)
		if err != nil {
			t.Fatal(err)
		}
		test, _, errs := promotionState(ms, sub, lg)
		if errs > 0 {
			t.Fatalf("submission %d: a promotion game failed: %+v", sub, ms)
		}
		return test.Decided
	}
	waitFor(t, 4*time.Minute, "the tests decided", func() bool { return decided(subs[0], 2) && decided(subs[1], 1) })
	p.StopJobs(ctx)

	for i, plan := range plans {
		ms, _ := p.Store.SubmissionMatches(ctx, subs[i], store.KindPromotion)
		sort.Slice(ms, func(a, b int) bool { return ms[a].ID < ms[b].ID })
		var got []byte
		var lastOfOne int64
		for _, m := range ms {
			if m.League != 1 {
				continue
			}
			k := len(got)
			seat := slices.Index(m.Submissions, subs[i])
			if m.Key != key(subs[i], k) || m.Seed != seedOf(m.Key) || seat != k%2 {
				t.Errorf("%s's game %d: key %s seed %d seat %d; want %s, its seed, seat %d", plan.name, k+1, m.Key, m.Seed, seat, key(subs[i], k), k%2)
			}
			got = append(got, "LDW"[league.OutcomeOf(m.Ranks, seat)])
			lastOfOne = m.ID
		}
		if string(got) != plan.want {
			t.Errorf("%s's league 1 test went %s, want %s", plan.name, got, plan.want)
		}
		for _, m := range ms {
			if m.League == 2 && m.ID < lastOfOne {
				t.Errorf("%s played league 2's game %s before its fifth league 1 game: promoted too early", plan.name, m.Key)
			}
		}
	}
	if tm, _ := p.Store.Team(ctx, teams[0].ID); tm.League != 2 {
		t.Errorf("Comeback in league %d, want 2 (promoted from 1 after five games, not from 2)", tm.League)
	}
	if tm, _ := p.Store.Team(ctx, teams[1].ID); tm.League != 1 {
		t.Errorf("Fader in league %d, want 1", tm.League)
	}
	ms, _ := p.Store.SubmissionMatches(ctx, subs[0], store.KindPromotion)
	var inTwo []string
	for _, m := range ms {
		if m.League == 2 {
			inTwo = append(inTwo, m.Key)
			if seat := slices.Index(m.Submissions, subs[0]); league.OutcomeOf(m.Ranks, seat) == league.Win {
				t.Errorf("Comeback won league 2's game %s waiting", m.Key)
			}
			if rep, err := p.Replays.Get(m.Key); err != nil || rep.League != 2 || !slices.ContainsFunc(rep.Players, func(pl replay.Player) bool { return pl.Spec == "builtin:boss2" }) {
				t.Errorf("league 2's game %s: %v, not played against boss2 in league 2", m.Key, err)
			}
		}
	}
	if len(inTwo) != 3 {
		t.Errorf("Comeback's league 2 test: %v, want three losses", inTwo)
	}
	// each team sees its league through the API
	ts := server(t, p, &fakeClock{t: time.Now()})
	for i, want := range []int{2, 1} {
		var view struct{ League struct{ Number int } }
		if code, b := call(t, ts, "GET", APIPrefix+"team", tokens[i], "", nil); code != 200 || json.Unmarshal(b, &view) != nil || view.League.Number != want {
			t.Errorf("%s's team: %d %s, want league %d", plans[i].name, code, b, want)
		}
	}
}
