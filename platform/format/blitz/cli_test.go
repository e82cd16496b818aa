package blitz

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/tournament"
)

// blitz status names the team that sat a round out, and labels each
// group's game and moves.
func TestStatusNamesTheTeamThatSatOut(t *testing.T) {
	b := &State{Ranking: []int64{1, 2, 3}, Rounds: []Round{{Number: 1, Started: time.Date(2022, 1, 21, 18, 0, 0, 0, time.UTC),
		Groups: &tournament.Round{Name: "ranked round 1", Matches: []tournament.Match{
			{Bots: []string{"Owls", "Bats"}, Ranking: []string{"Bats", "Owls"}, Advanced: []string{"Owls down"}},
			{Bots: []string{"Eels"}, Note: tournament.SitsOut},
		}}}}}
	var out bytes.Buffer
	printBlitz(&out, b, map[int64]string{1: "Bats", 2: "Owls", 3: "Eels"})
	for _, want := range []string{"  group 1: Bats > Owls; moves down: Owls\n", "  no opponent: Eels sits out, keeps its place\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.TrimSpace(line) == tournament.SitsOut {
			t.Errorf("a line with no team: %q", line)
		}
	}
}

// While a round plays, the status says so and gives the next round's
// true time (an interval after the one playing began), not the playing
// round's, which is past.
func TestStatusWhileARoundPlays(t *testing.T) {
	friday := time.Date(2022, 1, 21, 18, 0, 0, 0, time.UTC)
	b := &State{Schedule: Schedule{Start: friday, Every: time.Hour, Size: 2}, Playing: &Playing{Number: 1, Started: friday}}
	var out bytes.Buffer
	printSchedule(&out, b, friday.Add(10*time.Minute))
	want := "0 played; round 1 playing now (began 2022-01-21T18:00:00Z); next round due 2022-01-21T19:00:00Z\n"
	if !strings.HasSuffix(out.String(), want) {
		t.Errorf("got %q, want it to end with %q", out.String(), want)
	}
	b.Schedule.Rounds = 1
	out.Reset()
	printSchedule(&out, b, friday.Add(10*time.Minute))
	if want := "round 1 playing now (began 2022-01-21T18:00:00Z); it is the last of the schedule's 1 rounds\n"; !strings.HasSuffix(out.String(), want) {
		t.Errorf("got %q, want it to end with %q", out.String(), want)
	}
}

// blitz final labels every line: the byes, each game's places, who goes
// on and who is out, the grand final's champion.
func TestFinalLinesAreLabelled(t *testing.T) {
	f := &Final{Rounds: []tournament.Round{
		{Name: "round 1", Matches: []tournament.Match{
			{Bots: []string{"Bats3", "Owls3", "Eels3"}, Advanced: []string{"Bats3", "Owls3", "Eels3"}, Note: "bye"},
			{Bots: []string{"Kit4", "Kit5"}, Games: 1, Ranking: []string{"Kit5", "Kit4"}, Advanced: []string{"Kit5"}},
		}},
		{Name: "round 2", Matches: []tournament.Match{
			{Bots: []string{"Bats3", "Owls3", "Eels3", "Kit5"}, Games: 1, Ranking: []string{"Owls3", "Bats3", "Kit5", "Eels3"}, Advanced: []string{"Owls3", "Bats3"}},
		}},
		{Name: "grand final", Matches: []tournament.Match{
			{Bots: []string{"Bats3", "Owls3"}, Games: 3, Ranking: []string{"Owls3", "Bats3"}, Note: "grand final"},
		}},
	}, Standings: []tournament.Standing{{Place: 1, Name: "Owls3"}, {Place: 2, Name: "Bats3"}}}
	var out bytes.Buffer
	if err := printBlitzFinal(&out, f); err != nil {
		t.Fatal(err)
	}
	want := `round 1:
  bye (go on without playing): Bats3, Owls3, Eels3
  game 1: 1st Kit5, 2nd Kit4; goes on: Kit5; out: Kit4
round 2:
  game 1: 1st Owls3, 2nd Bats3, 3rd Kit5, 4th Eels3; go on: Owls3, Bats3; out: Kit5, Eels3
grand final:
  3 games: 1st Owls3, 2nd Bats3; champion: Owls3
PLACE  TEAM
1      Owls3
2      Bats3
`
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}
