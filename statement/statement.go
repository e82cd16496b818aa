// Package statement holds the rules statement of each league of the games
// that have leagues (ants, tracks), as CodinGame showed them: the rules as
// that league plays them (what it hides or changes), its input as a bot of
// that league reads it, its goal, its boss and the promotion rule.
//
// Each game's statement is one Markdown template (ants.md, tracks.md)
// whose sections are tagged by the leagues they apply to ({{if .From 3}},
// {{if .In 1 2}}); the sections every game shares (heading, promotion,
// the event's settings) live in common.md. A fix to a rule is made once
// and reaches every league that has it. The templates are embedded in the
// binary. Tree turns a statement into nodes a page builds with text only,
// so that no markup in a statement can reach a browser as HTML.
package statement

import (
	"bytes"
	"embed"
	"fmt"
	"slices"
	"sort"
	"strings"
	"text/template"

	"github.com/seed27749672/arena/game"
)

//go:embed *.md
var files embed.FS

// The promotion rule, as package league and arena league play it: the
// statement says what the code does. (tournament.PromotionWins and
// PromotionGames; a test checks they agree.)
const (
	promotionWins  = 3
	promotionGames = 5
)

var templates = template.Must(template.New("").Option("missingkey=error").ParseFS(files, "*.md"))

// Has tells whether a game has league statements.
func Has(gameName string) bool {
	return templates.Lookup(gameName+".md") != nil
}

// Games lists the games that have league statements.
func Games() []string {
	var names []string
	for _, t := range templates.Templates() {
		if n, ok := strings.CutSuffix(t.Name(), ".md"); ok && n != "common" {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// Setting is one game option an event sets, shown at the end of a
// statement because it may change what the statement says.
type Setting struct {
	Name, Value, Help string
}

// Statement is one league's rules.
type Statement struct {
	Game     string
	League   game.League
	Markdown string
}

// data is what a template sees.
type data struct {
	Game     string
	Title    string // the game's name, without its event
	League   game.League
	Count    int          // leagues of the game
	Prev     *game.League // the league below, nil in the first
	Next     *game.League // the league above, nil in the top one
	Wins     int
	Games    int
	Settings []Setting
}

// In tells whether the statement's league is one of ns.
func (d data) In(ns ...int) bool { return slices.Contains(ns, d.League.Number) }

// From tells whether the statement's league is n or higher.
func (d data) From(n int) bool { return d.League.Number >= n }

// For is the statement of league n of a game, with the event's settings
// (may be nil) listed at its end.
func For(info game.Info, n int, settings []Setting) (Statement, error) {
	t := templates.Lookup(info.Name + ".md")
	if t == nil {
		return Statement{}, fmt.Errorf("%s has no league statements (see docs/games/%s.md)", info.Name, info.Name)
	}
	i := slices.IndexFunc(info.Leagues, func(l game.League) bool { return l.Number == n })
	if len(info.Leagues) == 0 {
		return Statement{}, fmt.Errorf("%s has no leagues", info.Name)
	}
	if i < 0 {
		return Statement{}, fmt.Errorf("%s has no league %d (leagues %d to %d)", info.Name, n,
			info.Leagues[0].Number, info.Leagues[len(info.Leagues)-1].Number)
	}
	title, _, _ := strings.Cut(info.Title, " (")
	d := data{Game: info.Name, Title: title, League: info.Leagues[i], Count: len(info.Leagues),
		Wins: promotionWins, Games: promotionGames, Settings: settings}
	if i > 0 {
		d.Prev = &info.Leagues[i-1]
	}
	if i+1 < len(info.Leagues) {
		d.Next = &info.Leagues[i+1]
	}
	var b bytes.Buffer
	if err := t.Execute(&b, d); err != nil {
		return Statement{}, fmt.Errorf("the statement of %s league %d: %w", info.Name, n, err)
	}
	return Statement{Game: info.Name, League: d.League, Markdown: tidy(b.String())}, nil
}

// tidy removes the blank lines that the templates' conditions leave:
// never more than one blank line in a row, none at the ends.
func tidy(s string) string {
	var out []string
	blank := true
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimRight(line, " \t")
		if line == "" {
			if blank {
				continue
			}
			blank = true
		} else {
			blank = false
		}
		out = append(out, line)
	}
	return strings.TrimSpace(strings.Join(out, "\n")) + "\n"
}
