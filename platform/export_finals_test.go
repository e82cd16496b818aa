package platform

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/tournament"
)

// TestResultsOfTheFormatsFinals: the results of a catmouse or jungle
// event (the export, GET results, results.csv) are its own final's once
// it is over, the Cod'INSA table or the Blitz places, marked final;
// before, a Blitz event's ranking after its ranked rounds when one was
// played (not final), else the rated games' standings, provisional, as in
// any event.
func TestResultsOfTheFormatsFinals(t *testing.T) {
	ctx := context.Background()
	p, err := Open(ctx, dataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	join := func(game string) (store.Event, []int64) {
		ev, invite, err := p.CreateEvent(ctx, game, game+" final", nil)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, n := range []string{"Owls", "Bats", "Cats"} {
			tm, _, err := p.Join(ctx, invite, n)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, tm.ID)
		}
		return ev, ids
	}
	names := []string{"Owls", "Bats", "Cats"}
	// by place: Owls (bot 0), then Cats (bot 2) and Bats (bot 1) sharing the second
	standings := []tournament.Standing{
		{Place: 1, Bot: 0, Name: "Owls", Wins: 2, MatchPoints: 6, GameWins: 5, TurnDiff: 14},
		{Place: 2, Bot: 2, Name: "Cats", Draws: 1, Losses: 1, MatchPoints: 1, GameWins: 1, TurnDiff: -6},
		{Place: 2, Bot: 1, Name: "Bats", Draws: 1, Losses: 1, MatchPoints: 1, GameWins: 0, TurnDiff: -8},
	}
	csvOf := func(r Results) string {
		var b strings.Builder
		if err := WriteResultsCSV(&b, r); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	before := func(ev store.Event) {
		t.Helper()
		res, err := p.EventResults(ctx, ev.ID)
		if err != nil {
			t.Fatal(err)
		}
		if res.Final || res.CodinsaFinal != nil || res.BlitzFinal != nil || res.BlitzRanking != nil || len(res.Standings) != 3 ||
			!strings.HasPrefix(csvOf(res), "rank,team,team_id,league,rating,") {
			t.Errorf("%s, its final not over: %+v\n%s", ev.Game, res, csvOf(res))
		}
	}

	cm, cmTeams := join("catmouse")
	f := CodinsaFinal{Teams: cmTeams, Names: names, Matches: map[int]FinalMatch{}}
	if err := p.writeState(ctx, cm.ID, stateFinal, f); err != nil {
		t.Fatal(err)
	}
	before(cm)
	f.Standings, f.Done = standings, true
	if err := p.writeState(ctx, cm.ID, stateFinal, f); err != nil {
		t.Fatal(err)
	}
	res, err := p.EventResults(ctx, cm.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := []CodinsaLine{{Place: 1, Team: "Owls", TeamID: cmTeams[0], Points: 6, Wins: 2, Draws: 0, Losses: 0, GameWins: 5, TurnDifference: 14}, {Place: 2, Team: "Cats", TeamID: cmTeams[2], Points: 1, Wins: 0, Draws: 1, Losses: 1, GameWins: 1, TurnDifference: -6}, {Place: 2, Team: "Bats", TeamID: cmTeams[1], Points: 1, Wins: 0, Draws: 1, Losses: 1, GameWins: 0, TurnDifference: -8}}
	if !res.Final || len(res.CodinsaFinal) != 3 || res.BlitzFinal != nil {
		t.Fatalf("catmouse results, the final over: %+v", res)
	}
	for i, l := range res.CodinsaFinal {
		if l != want[i] {
			t.Errorf("Cod'INSA line %d: %+v, want %+v", i, l, want[i])
		}
	}
	wantCSV := "place,team,team_id,points,wins,draws,losses,game_wins,turn_difference\n" +
		"1,Owls," + strconv.FormatInt(cmTeams[0], 10) + ",6,2,0,0,5,14\n2,Cats," + strconv.FormatInt(cmTeams[2], 10) + ",1,0,1,1,1,-6\n2,Bats," + strconv.FormatInt(cmTeams[1], 10) + ",1,0,1,1,0,-8\n"
	if got := csvOf(res); got != wantCSV {
		t.Errorf("catmouse results.csv:\n%s\nwant\n%s", got, wantCSV)
	}

	jg, jgTeams := join("jungle")
	before(jg) // nothing played
	b := BlitzFinal{Teams: jgTeams, Names: names, Size: 4, Played: map[int]BlitzGame{}}
	if err := p.writeState(ctx, jg.ID, stateBlitzFinal, b); err != nil {
		t.Fatal(err)
	}
	before(jg) // no ranked round played: the rated games' standings

	// a ranked round played, the final begun and not over: the ranking
	// after the ranked rounds (it seeds the final), not final
	round := BlitzRound{Number: 1, Teams: jgTeams, Names: names, After: []int64{jgTeams[1], jgTeams[0], jgTeams[2]}}
	if err := p.writeState(ctx, jg.ID, stateBlitz, Blitz{Ranking: round.After, Rounds: []BlitzRound{round}}); err != nil {
		t.Fatal(err)
	}
	if res, err = p.EventResults(ctx, jg.ID); err != nil {
		t.Fatal(err)
	}
	wantRanking := []FinalPlace{{Place: 1, Team: "Bats", TeamID: jgTeams[1]}, {Place: 2, Team: "Owls", TeamID: jgTeams[0]}, {Place: 3, Team: "Cats", TeamID: jgTeams[2]}}
	if res.Final || res.BlitzFinal != nil || res.BlitzRounds != 1 || len(res.BlitzRanking) != 3 || len(res.Standings) != 3 {
		t.Fatalf("jungle results after a ranked round, the final not over: %+v", res)
	}
	for i, l := range res.BlitzRanking {
		if l != wantRanking[i] {
			t.Errorf("Blitz ranking line %d: %+v, want %+v", i, l, wantRanking[i])
		}
	}
	wantCSV = "place,team,team_id,ranked_rounds\n1,Bats," + strconv.FormatInt(jgTeams[1], 10) + ",1\n2,Owls," +
		strconv.FormatInt(jgTeams[0], 10) + ",1\n3,Cats," + strconv.FormatInt(jgTeams[2], 10) + ",1\n"
	if got := csvOf(res); got != wantCSV {
		t.Errorf("jungle results.csv after a ranked round:\n%s\nwant\n%s", got, wantCSV)
	}
	doc, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), `"blitz_ranking":[{"place":1,"team":"Bats","team_id":`+strconv.FormatInt(jgTeams[1], 10)+`}`) ||
		!strings.Contains(string(doc), `"blitz_rounds":1`) || !strings.Contains(string(doc), `"final":false`) {
		t.Errorf("results.json after a ranked round: %s", doc)
	}

	b.Standings, b.Done = standings, true
	if err := p.writeState(ctx, jg.ID, stateBlitzFinal, b); err != nil {
		t.Fatal(err)
	}
	if res, err = p.EventResults(ctx, jg.ID); err != nil {
		t.Fatal(err)
	}
	wantPlaces := []FinalPlace{{Place: 1, Team: "Owls", TeamID: jgTeams[0]}, {Place: 2, Team: "Cats", TeamID: jgTeams[2]}, {Place: 2, Team: "Bats", TeamID: jgTeams[1]}}
	if !res.Final || len(res.BlitzFinal) != 3 || res.CodinsaFinal != nil || res.BlitzRanking != nil {
		t.Fatalf("jungle results, the final over: %+v", res)
	}
	for i, l := range res.BlitzFinal {
		if l != wantPlaces[i] {
			t.Errorf("Blitz place %d: %+v, want %+v", i, l, wantPlaces[i])
		}
	}
	wantCSV = "place,team,team_id\n1,Owls," + strconv.FormatInt(jgTeams[0], 10) + "\n2,Cats," + strconv.FormatInt(jgTeams[2], 10) + "\n2,Bats," + strconv.FormatInt(jgTeams[1], 10) + "\n"
	if got := csvOf(res); got != wantCSV {
		t.Errorf("jungle results.csv:\n%s\nwant\n%s", got, wantCSV)
	}
}
