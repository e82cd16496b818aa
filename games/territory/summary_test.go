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
			replies[seat] = game.Reply{Status: game.Answered, Lines: []game.Line{{Text: moves[r.idOf[seat]][turn]}}}
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
	fail := httpAnswer(500, []byte("boom"), nil)
	_, res := playMoves(t, 1, [2][]string{{fail, fail, fail, fail}, {"LEFT", "LEFT", "LEFT", "LEFT"}})
	for _, p := range res.Players {
		if p.Stats["id"] != 0 {
			continue
		}
		want := "eliminated at turn 4: inactive (the last: " + fail + ")"
		if p.Status != game.Eliminated || p.Message != want {
			t.Fatalf("%s %q, want %s %q", p.Status, p.Message, game.Eliminated, want)
		}
		return
	}
	t.Fatal("no result for id 0")
}
