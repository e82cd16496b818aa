package territory

import (
	"strings"
	"testing"

	"github.com/seed27749672/arena/game"
)

// playMoves plays the duel arena with players named alpha and beta; moves
// gives, per in-game id, the move of each turn.
func playMoves(t *testing.T, seed int64, moves [2][]string) (*referee, game.Result) {
	t.Helper()
	var lines [2][]game.Line
	for id := range moves {
		for _, m := range moves[id] {
			lines[id] = append(lines[id], game.Line{Text: m})
		}
	}
	return playLines(t, seed, lines)
}

// playLines is playMoves with the answer lines as the transport gives them.
func playLines(t *testing.T, seed int64, moves [2][]game.Line) (*referee, game.Result) {
	t.Helper()
	cfg := game.Config{Seed: seed, Players: 2, Names: []string{"alpha", "beta"},
		Options: game.MustOptions(Game{}.Info().Options, "arena="+duel)}
	ref, err := Game{}.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := ref.(*referee)
	for turn := 0; !r.Over(); turn++ {
		if turn >= len(moves[0]) {
			t.Fatalf("the game is not over after %d turns", turn)
		}
		replies := make([]game.Reply, 2)
		for seat := range replies {
			replies[seat] = game.Reply{Status: game.Answered, Lines: []game.Line{moves[r.idOf[seat]][turn]}}
		}
		r.Play(replies)
	}
	return r, r.Result()
}

// When the last players are eliminated on the same turn, nobody wins.
func TestSummaryWhenNobodySurvives(t *testing.T) {
	// Both walk into the wall: id 0 up from (3,3), id 1 down from (6,6),
	// each reaching it on turn 3.
	_, res := playMoves(t, 1, [2][]string{{"UP", "UP", "UP"}, {"DOWN", "DOWN", "DOWN"}})
	if strings.Contains(res.Summary, "wins") || !strings.Contains(res.Summary, "no player survived") {
		t.Fatalf("summary %q", res.Summary)
	}
}

// The summary names the winner with its seat (the order of --bot), not
// its shuffled in-game id.
func TestSummaryNamesTheSeat(t *testing.T) {
	for seed := range int64(8) {
		r, res := playMoves(t, seed, [2][]string{{"UP", "UP", "UP"}, {"RIGHT", "LEFT", "RIGHT"}})
		seat := r.seatOf[1]
		want := []string{"alpha", "beta"}[seat] + " (seat " + string(rune('0'+seat)) + ", "
		if !strings.HasPrefix(res.Summary, want) || !strings.Contains(res.Summary, " wins after 3 turns") {
			t.Fatalf("seed %d: summary %q, want it to begin %q", seed, res.Summary, want)
		}
	}
}

// A player eliminated as inactive after HTTP errors is told the last one
// in its result message (the HTTP transport wrote it, not the bot).
func TestInactiveByHTTPErrorNamesTheLast(t *testing.T) {
	text, err := httpAnswer(500, []byte("boom"), nil)
	if err == nil {
		t.Fatalf("a 500 reads as the answer %q", text)
	}
	fail := game.Line{Text: err.Error(), Failed: true}
	left := game.Line{Text: "LEFT"}
	_, res := playLines(t, 1, [2][]game.Line{{fail, fail, fail, fail}, {left, left, left, left}})
	want := "eliminated at turn 4: inactive (the last: " + fail.Text + ")"
	if p := resultOfID(t, res, 0); p.Status != game.Eliminated || p.Message != want {
		t.Fatalf("%s %q, want %s %q", p.Status, p.Message, game.Eliminated, want)
	}
}

// A bot that writes the words of an HTTP failure has written an invalid
// answer: only the transport's flag makes a line an HTTP error, so no bot
// can pass its own text off as the arena's report.
func TestHTTPFailureTextFromABotIsInvalid(t *testing.T) {
	forged := game.Line{Text: "HTTP error: status 500 Internal Server Error: \"boom\""}
	left := game.Line{Text: "LEFT"}
	r, res := playLines(t, 1, [2][]game.Line{{forged, forged, forged, forged}, {left, left, left, left}})
	want := "eliminated at turn 4: inactive (invalid answers)"
	if p := resultOfID(t, res, 0); p.Status != game.Eliminated || p.Message != want {
		t.Fatalf("%s %q, want %s %q", p.Status, p.Message, game.Eliminated, want)
	}
	if _, perr := ParseAnswer(forged.Text); r.answers[0].Error != perr.Error() {
		t.Fatalf("the frame's error is %q, want the parser's %q", r.answers[0].Error, perr)
	}
}

// resultOfID is the result of the player whose in-game id is id.
func resultOfID(t *testing.T, res game.Result, id int) game.PlayerResult {
	t.Helper()
	for _, p := range res.Players {
		if p.Stats["id"] == id {
			return p
		}
	}
	t.Fatalf("no result for id %d", id)
	return game.PlayerResult{}
}
