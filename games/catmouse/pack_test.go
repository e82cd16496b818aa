package catmouse

import (
	"fmt"
	"strings"
	"testing"
)

func teamSet(id int, team string) string {
	return fmt.Sprintf("CATMOUSE-SPAWN 1\nID %d\nNAME %s\nMOUSE 0 0\nCAT 0 -5\nCAT 0 5\nEND\n", id, team)
}

// TestScenario48Votes: sets 3 and 5 both get 4 votes, set 1 gets 2: set 3
// is used (the lowest id among the most voted, D3).
func TestScenario48Votes(t *testing.T) {
	text := teamSet(0, "organiser") + teamSet(1, "t1") + teamSet(3, "t3") + teamSet(5, "t5") + teamSet(9, "secret") +
		"CATMOUSE-VOTES 1\n" +
		"VOTE a 5\nVOTE b 5\nVOTE t1 5\nVOTE t3 5\n" +
		"VOTE c 3\nVOTE d 3\nVOTE e 3\nVOTE t5 3\n" +
		"VOTE f 1\nVOTE t3x 1\n" +
		"VOTE t1x 7\nVOTE t5x 9\nVOTE t1y 0\n" + // not team sets: void
		"END\n"
	p, err := ParsePack(text)
	if err != nil {
		t.Fatal(err)
	}
	ch := p.Choose()
	if ch.ID != 3 || ch.Tally[3] != 4 || ch.Tally[5] != 4 || ch.Tally[1] != 2 || len(ch.Void) != 3 {
		t.Errorf("choice %+v, want set 3 (4 votes, tie with 5 broken by the lowest id)", ch)
	}
	b, _ := NewBoard(8)
	sets, _, err := p.MatchSets(b, true)
	if err != nil || sets[0].ID != 0 || sets[1].ID != 3 || sets[2].ID != 9 {
		t.Errorf("match sets %v %v", sets, err)
	}
}

func TestVoteRules(t *testing.T) {
	base := teamSet(0, "organiser") + teamSet(9, "secret")
	cases := []struct {
		name, text string
		want       int
	}{
		{"no team set: game 2 replays set 0", base, 0},
		{"no vote: the lowest team id", base + teamSet(4, "t4") + teamSet(2, "t2"), 2},
		{"votes for its own set are void", base + teamSet(2, "t2") + teamSet(4, "t4") + "CATMOUSE-VOTES 1\nVOTE t4 4\nVOTE t4x 4\nVOTE t2 2\nVOTE t2x 2\nVOTE z 2\nEND\n", 2},
		{"a vote decides", base + teamSet(2, "t2") + teamSet(4, "t4") + "CATMOUSE-VOTES 1\nVOTE t2 4\nEND\n", 4},
		{"only void votes: the lowest team id", base + teamSet(6, "t6") + teamSet(7, "t7") + "CATMOUSE-VOTES 1\nVOTE t6 6\nVOTE t7 7\nEND\n", 6},
	}
	for _, c := range cases {
		p, err := ParsePack(c.text)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := p.Choose().ID; got != c.want {
			t.Errorf("%s: set %d, want %d", c.name, got, c.want)
		}
	}
	errs := []struct{ text, want string }{
		{teamSet(3, "t") + teamSet(3, "u"), "two spawn sets have ID 3"},
		{teamSet(3, "t") + teamSet(4, "t"), "proposed two sets"},
		{"CATMOUSE-SPAWN 1\nID 2\nMOUSE 0 0\nCAT 0 5\nEND\n", "needs a NAME"},
		{teamSet(0, "o") + "CATMOUSE-VOTES 1\nVOTE a 1\nVOTE a 2\nEND\n", "votes twice"},
		{teamSet(0, "o") + "CATMOUSE-VOTES 1\nEND\nCATMOUSE-VOTES 1\nEND\n", "at most one"},
		{"HELLO\n", "expected"},
		{"# nothing\n", "no spawn set"},
	}
	for _, c := range errs {
		if _, err := ParsePack(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
	p, _ := ParsePack(teamSet(0, "o") + teamSet(2, "t"))
	b, _ := NewBoard(8)
	if _, _, err := p.MatchSets(b, true); err == nil || !strings.Contains(err.Error(), "secret set 9") {
		t.Errorf("a pack without set 9 must be refused for a match: %v", err)
	}
	// Scenario 39 and D3: an invalid set never gets an id, so a spawn
	// file holding one is rejected at load, even when the vote does not
	// pick it.
	tooClose := strings.Replace(teamSet(1, "t1"), "CAT 0 -5", "CAT 0 -4", 1)
	p, _ = ParsePack(teamSet(0, "o") + tooClose + teamSet(2, "t2") + teamSet(9, "s") + "CATMOUSE-VOTES 1\nVOTE t1 2\nEND\n")
	if _, _, err := p.MatchSets(b, true); err == nil || !strings.Contains(err.Error(), "set 1 (t1): C0 on (0,-4) is 4 steps") {
		t.Errorf("a pack with an invalid team set must be refused: %v", err)
	}
	if _, _, err := p.MatchSets(b, false); err != nil {
		t.Errorf("no-spawn-check waives the distance in every set: %v", err)
	}
	if again, err := ParsePack(DefaultPack().File()); err != nil || again.File() != DefaultPack().File() {
		t.Errorf("pack round trip: %v", err)
	}
}
