package statement_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
	_ "github.com/seed27749672/arena/games/all"
	"github.com/seed27749672/arena/statement"
	"github.com/seed27749672/arena/tournament"
)

// statementOf renders league n of a game with no event settings.
func statementOf(t *testing.T, name string, n int) statement.Statement {
	t.Helper()
	g, err := game.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := statement.For(g.Info(), n, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestEveryLeagueHasAStatement(t *testing.T) {
	if got := statement.Games(); !slices.Equal(got, []string{"ants", "tracks"}) {
		t.Fatalf("games with statements: %v", got)
	}
	for _, name := range statement.Games() {
		g, _ := game.Lookup(name)
		info := g.Info()
		if len(info.Leagues) == 0 {
			t.Fatalf("%s has statements but no leagues", name)
		}
		for i, l := range info.Leagues {
			s := statementOf(t, name, l.Number)
			md := s.Markdown
			for _, want := range []string{
				"league " + itoa(l.Number) + ", " + l.Name, // the heading
				"## Goal", "## Rules", "### Initialisation input", "### Input for one game turn", "## Output",
				"## Constraints", "`" + l.Boss + "`", "## Promotion",
			} {
				if !strings.Contains(md, want) {
					t.Errorf("%s league %d lacks %q", name, l.Number, want)
				}
			}
			top := i == len(info.Leagues)-1
			if got := strings.Contains(md, "This is the top league"); got != top {
				t.Errorf("%s league %d says top league: %v, want %v", name, l.Number, got, top)
			}
			if !top && !strings.Contains(md, "To reach league "+itoa(info.Leagues[i+1].Number)+" ("+info.Leagues[i+1].Name+")") {
				t.Errorf("%s league %d does not name the next league", name, l.Number)
			}
			for _, bad := range []string{"{{", "}}", "<no value>", "\n\n\n"} {
				if strings.Contains(md, bad) {
					t.Errorf("%s league %d holds %q", name, l.Number, bad)
				}
			}
		}
	}
	if _, err := statement.For(game.Info{Name: "jungle"}, 1, nil); err == nil || !strings.Contains(err.Error(), "no league statements") {
		t.Errorf("jungle's statement: %v", err)
	}
	g, _ := game.Lookup("ants")
	if _, err := statement.For(g.Info(), 5, nil); err == nil || !strings.Contains(err.Error(), "leagues 1 to 4") {
		t.Errorf("ants league 5: %v", err)
	}
}

// Every game with leagues has statements, and only those: the team page
// asks GET rules only when the event's game has leagues (team.js).
func TestEveryGameWithLeaguesHasStatements(t *testing.T) {
	if len(game.All()) < 5 {
		t.Fatalf("%d games registered", len(game.All()))
	}
	for _, g := range game.All() {
		info := g.Info()
		if has := statement.Has(info.Name); has != (len(info.Leagues) > 0) {
			t.Errorf("%s: %d leagues, statements %v", info.Name, len(info.Leagues), has)
		}
	}
}

func itoa(n int) string { return string(rune('0' + n)) }

// TestEachLeagueShowsItsRules checks what each league's statement says and
// what it leaves out (rules files: ants §2.4 and §5, tracks §5).
func TestEachLeagueShowsItsRules(t *testing.T) {
	for _, c := range []struct {
		game   string
		league int
		has    []string
		lacks  []string
	}{
		{"ants", 1, []string{"There are no eggs in this league", "`numberOfBases` = 1", "`numberOfCells` < 40", "5. Crystals are harvested"},
			[]string{"Eggs are harvested", "1: eggs", "Attack chains", "attack chain", "myScore", "two bases", "1 ≤ `numberOfBases` ≤ 2"}},
		{"ants", 2, []string{"**Eggs** appear", "1: eggs", "Eggs are harvested", "`numberOfBases` = 1", "`numberOfCells` < 50"},
			[]string{"There are no eggs", "Attack chains", "myScore"}},
		{"ants", 3, []string{"### Attack chains", "**two bases**", "1 ≤ `numberOfBases` ≤ 2", "1: eggs"},
			[]string{"There are no eggs", "myScore"}},
		{"ants", 4, []string{"### Attack chains", "myScore oppScore\nnumberOfCells lines", "the scores"},
			[]string{"There are no eggs", "`numberOfBases` = 1"}},
		{"tracks", 1, []string{"**Score at least one point**", "player 0's", "`PLACE_TRACKS x y`", "`AUTOPLACE"},
			[]string{"DISRUPT", "Disruption", "disruption", "inked region", "higher score"}},
		{"tracks", 2, []string{"### Disruption", "`DISRUPT regionId`", "**Make an inking wipe out", "player 0's"},
			[]string{"**Score at least one point**"}},
		{"tracks", 3, []string{"### Disruption", "`DISRUPT regionId`", "The player with more points wins"},
			[]string{"player 0's", "**Score at least one point**", "**Make an inking"}},
		{"tracks", 4, []string{"### Disruption", "`DISRUPT regionId`", "The player with more points wins"}, []string{"player 0's"}},
		{"tracks", 5, []string{"### Disruption", "`DISRUPT regionId`", "The player with more points wins", "This is the top league"},
			[]string{"player 0's", "To reach league"}},
	} {
		md := statementOf(t, c.game, c.league).Markdown
		for _, s := range c.has {
			if !strings.Contains(md, s) {
				t.Errorf("%s league %d lacks %q", c.game, c.league, s)
			}
		}
		for _, s := range c.lacks {
			if strings.Contains(md, s) {
				t.Errorf("%s league %d says %q", c.game, c.league, s)
			}
		}
	}
}

// TestPromotionRuleIsTheCode: the statement's numbers are those the
// platform's and arena league's tests play.
func TestPromotionRuleIsTheCode(t *testing.T) {
	md := statementOf(t, "ants", 2).Markdown
	want := "win at least " + itoa(tournament.PromotionWins) + " of " + itoa(tournament.PromotionGames)
	if !strings.Contains(strings.ReplaceAll(md, "\n", " "), want) {
		t.Errorf("the statement does not say %q", want)
	}
	g, _ := game.Lookup("tracks")
	for _, l := range g.Info().Leagues {
		md := statementOf(t, "tracks", l.Number).Markdown
		if got := strings.Contains(md, "player 0 in all of them"); got != l.FirstSeatOnly {
			t.Errorf("tracks league %d: always player 0 %v, the code %v", l.Number, got, l.FirstSeatOnly)
		}
		flat := strings.ReplaceAll(md, "\n", " ")
		if got := strings.Contains(flat, "plays only against the boss"); got != l.BossOnly {
			t.Errorf("tracks league %d: only the boss %v, the code %v", l.Number, got, l.BossOnly)
		}
		if got := strings.Contains(flat, "rated games against the other bots"); got == l.BossOnly {
			t.Errorf("tracks league %d: rated games against the other bots %v, boss only %v", l.Number, got, l.BossOnly)
		}
	}
}

func TestSettingsAreListed(t *testing.T) {
	g, _ := game.Lookup("tracks")
	s, err := statement.For(g.Info(), 3, []statement.Setting{{Name: "ink_threshold", Value: "4", Help: "instability at which a region is inked"}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s.Markdown, "## This event's settings") || !strings.Contains(s.Markdown, "- `ink_threshold=4`: instability at which a region is inked") {
		t.Errorf("settings missing:\n%s", s.Markdown)
	}
	if md := statementOf(t, "tracks", 3).Markdown; strings.Contains(md, "This event's settings") {
		t.Error("a statement without settings has a settings section")
	}
}

var codeBlock = regexp.MustCompile("(?s)```\n(.*?)```")
