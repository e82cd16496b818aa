package web

import (
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
)

// The form starts a game with as many bots as its default settings take:
// picky's referee refuses fewer than 3.
func TestGamesDefaultPlayers(t *testing.T) {
	_, ts := newServer(t, false)
	var g struct{ Games []GameInfo }
	getJSON(t, ts.URL+"/api/games", &g)
	want := map[string]int{"picky": 3, "sum": 2}
	for _, gi := range g.Games {
		if n, ok := want[gi.Name]; ok && gi.Players != n {
			t.Errorf("%s starts with %d bots, want %d", gi.Name, gi.Players, n)
		}
	}
}

// A game says whether it has an HTTP protocol (the organiser's page offers
// HTTP bots by it): as its metadata says, for every game.
func TestGamesSayHTTP(t *testing.T) {
	_, ts := newServer(t, false)
	var g struct{ Games []GameInfo }
	getJSON(t, ts.URL+"/api/games", &g)
	seen, some := 0, false
	for _, gi := range g.Games {
		info, err := game.Lookup(gi.Name)
		if err != nil {
			t.Fatal(err)
		}
		if want := info.Info().HTTP != nil; gi.HTTP != want {
			t.Errorf("%s: http %v, want %v", gi.Name, gi.HTTP, want)
		}
		seen++
		some = some || gi.HTTP
	}
	if seen != len(game.All()) || !some {
		t.Errorf("%d games listed of %d, one with HTTP: %v", seen, len(game.All()), some)
	}
}

// A bot name longer than the scoreboards have room for is refused.
func TestStartRefusesLongNames(t *testing.T) {
	_, ts := newServer(t, false)
	long := strings.Repeat("n", MaxBotName+1)
	code, out := post(t, ts.URL+"/api/matches", `{"game":"sum","bots":["`+long+`=builtin:count","builtin:count"]}`)
	if code != 400 || !strings.Contains(out["error"], "at most 32") {
		t.Errorf("%d %q", code, out["error"])
	}
	ok := strings.Repeat("n", MaxBotName)
	code, out = post(t, ts.URL+"/api/matches", `{"game":"sum","bots":["`+ok+`=builtin:count","builtin:count"]}`)
	if code != 201 {
		t.Errorf("a name of %d characters: %d %q", MaxBotName, code, out["error"])
	}
}

// The games' errors speak of --opt and --bot, flags the page does not have.
func TestPageWording(t *testing.T) {
	for in, want := range map[string]string{
		"territory: generated arenas are for 4, 6 or 8 players, not 2 (give an arena file with --opt arena=FILE)": "territory: generated arenas are for 4, 6 or 8 players, not 2 (give an arena file with the option arena=MAP)",
		"ants is played by 2 bots; 3 given (use --bot once per bot)":                                              "ants is played by 2 bots; 3 given (add or remove bots in the form)",
		"a single bot can only play with --opt solo=true":                                                         "a single bot can only play with the option solo=true",
		"no built-in maps; give one with --opt map=FILE":                                                          "no built-in maps; give one with the option map=MAP",
	} {
		if got := pageWording(in); got != want {
			t.Errorf("%q\n got %q\nwant %q", in, got, want)
		}
	}
}
