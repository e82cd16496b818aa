package transfer_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/format/blitz"
	"github.com/seed27749672/arena/platform/format/codinsa"
	"github.com/seed27749672/arena/platform/format/rounds"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/tournament"
)

// TestResultsCSVNamesStayText: a team's name is its own choice, and a
// name a spreadsheet would read as a formula (=, +, -, @, tab, carriage
// return first) reaches the organiser's results.csv as text, in every
// form of the file; numbers, negative ones included, are left alone.
func TestResultsCSVNamesStayText(t *testing.T) {
	evil := []string{"=HYPERLINK(\"http://x\")", "+1", "-1+2", "@SUM(A1)", "\tx", "\rx"}
	for _, r := range []apitypes.Results{
		{Standings: []apitypes.ResultLine{{Rank: 1, Team: evil[0]}, {Rank: 2, Team: evil[1]}, {Rank: 3, Team: evil[2]},
			{Rank: 4, Team: evil[3]}, {Rank: 5, Team: evil[4]}, {Rank: 6, Team: evil[5]}, {Rank: 7, Team: "Owls"}}},
		{Sections: []*format.Section{readSection(t, codinsa.Format{}, "codinsa_final", []codinsa.Line{{Place: 1, Team: evil[0], TurnDifference: -3}, {Place: 2, Team: "Owls"}})}},
		{Sections: []*format.Section{readSection(t, rounds.Format{}, "ladder", []rounds.LadderLine{{Place: 1, Team: evil[0]}, {Place: 2, Team: "Owls"}})}},
	} {
		var b bytes.Buffer
		if err := apitypes.WriteResultsCSV(&b, r); err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(&b).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range rows[1:] {
			name := row[1]
			if name != "Owls" && name[0] != '\'' {
				t.Errorf("team name cell %q would be a formula", name)
			}
		}
		if platformtest.SectionOf[codinsa.Line](r, "codinsa_final") != nil && rows[1][8] != "-3" {
			t.Errorf("turn difference %q, want -3 as a number", rows[1][8])
		}
	}
}

// readSection is a format's section of the results with lines, as the
// format makes it (read back from its JSON).
func readSection(t *testing.T, f format.SectionReader, key string, lines any) *format.Section {
	t.Helper()
	b, err := json.Marshal(lines)
	if err != nil {
		t.Fatal(err)
	}
	secs, err := f.ReadSections(map[string]json.RawMessage{key: b})
	if err != nil || len(secs) != 1 {
		t.Fatalf("%s section: %v %v", key, secs, err)
	}
	return secs[0]
}

// TestResultsSectionsRoundTrip: a format's section of the results is
// written under its key, beside the platform's fields, and read back by
// its format (arena event export through a server writes results.csv
// from the JSON it reads): the CSV from the JSON is the server's CSV.
func TestResultsSectionsRoundTrip(t *testing.T) {
	res := apitypes.Results{Event: apitypes.ResultEvent{ID: 3, Name: "Ready", Game: "territory"}, Standings: []apitypes.ResultLine{{Rank: 1, Team: "Owls"}}, Matches: 4,
		Sections: []*format.Section{readSection(t, rounds.Format{}, "ladder", []rounds.LadderLine{{Place: 1, Team: "Owls", TeamID: 2, Points: 12.5, Firsts: 1, Games: 2, Mean: 40.25}})}}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(b, &keys); err != nil || keys["ladder"] == nil || keys["matches"] == nil || keys["Sections"] != nil {
		t.Fatalf("results JSON %s: %v", b, err)
	}
	var back apitypes.Results
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	var want, got bytes.Buffer
	apitypes.WriteResultsCSV(&want, res)
	apitypes.WriteResultsCSV(&got, back)
	if got.String() != want.String() || !strings.HasPrefix(got.String(), "place,team,team_id,points,firsts,games,mean_territory\n1,Owls,2,12.5,1,2,40.25\n") {
		t.Errorf("CSV from the JSON:\n%s\nwant:\n%s", got.String(), want.String())
	}
	if back.Matches != 4 || back.Event.Name != "Ready" || len(back.Standings) != 1 {
		t.Errorf("platform fields read back: %+v", back)
	}
}

// TestResultsOfTheFormatsFinals: the results of a catmouse or jungle
// event (the export, GET results, results.csv) are its own final's once
// it is over, the Cod'INSA table or the Blitz places, marked final;
// before, a Blitz event's ranking after its ranked rounds when one was
// played (not final), else the rated games' standings, provisional, as in
// any event.
func TestResultsOfTheFormatsFinals(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
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
	csvOf := func(r apitypes.Results) string {
		var b strings.Builder
		if err := apitypes.WriteResultsCSV(&b, r); err != nil {
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
		if res.Final || platformtest.SectionOf[codinsa.Line](res, "codinsa_final") != nil || platformtest.SectionOf[blitz.Place](res, "blitz_final") != nil || platformtest.SectionOf[blitz.Place](res, "blitz_ranking") != nil || len(res.Standings) != 3 ||
			!strings.HasPrefix(csvOf(res), "rank,team,team_id,league,rating,") {
			t.Errorf("%s, its final not over: %+v\n%s", ev.Game, res, csvOf(res))
		}
	}

	cm, cmTeams := join("catmouse")
	f := codinsa.Final{Teams: cmTeams, Names: names, Matches: map[int]codinsa.Match{}}
	if err := store.WriteState(ctx, p.Store, cm.ID, codinsa.FinalState, f); err != nil {
		t.Fatal(err)
	}
	before(cm)
	f.Standings, f.Done = standings, true
	if err := store.WriteState(ctx, p.Store, cm.ID, codinsa.FinalState, f); err != nil {
		t.Fatal(err)
	}
	res, err := p.EventResults(ctx, cm.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := []codinsa.Line{{Place: 1, Team: "Owls", TeamID: cmTeams[0], Points: 6, Wins: 2, Draws: 0, Losses: 0, GameWins: 5, TurnDifference: 14}, {Place: 2, Team: "Cats", TeamID: cmTeams[2], Points: 1, Wins: 0, Draws: 1, Losses: 1, GameWins: 1, TurnDifference: -6}, {Place: 2, Team: "Bats", TeamID: cmTeams[1], Points: 1, Wins: 0, Draws: 1, Losses: 1, GameWins: 0, TurnDifference: -8}}
	if !res.Final || len(platformtest.SectionOf[codinsa.Line](res, "codinsa_final")) != 3 || platformtest.SectionOf[blitz.Place](res, "blitz_final") != nil {
		t.Fatalf("catmouse results, the final over: %+v", res)
	}
	for i, l := range platformtest.SectionOf[codinsa.Line](res, "codinsa_final") {
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
	b := blitz.Final{Teams: jgTeams, Names: names, Size: 4, Played: map[int]blitz.FinalGame{}}
	if err := store.WriteState(ctx, p.Store, jg.ID, blitz.FinalDoc, b); err != nil {
		t.Fatal(err)
	}
	before(jg) // no ranked round played: the rated games' standings

	// a ranked round played, the final begun and not over: the ranking
	// after the ranked rounds (it seeds the final), not final
	round := blitz.Round{Number: 1, Teams: jgTeams, Names: names, After: []int64{jgTeams[1], jgTeams[0], jgTeams[2]}}
	if err := store.WriteState(ctx, p.Store, jg.ID, blitz.StateDoc, blitz.State{Ranking: round.After, Rounds: []blitz.Round{round}}); err != nil {
		t.Fatal(err)
	}
	if res, err = p.EventResults(ctx, jg.ID); err != nil {
		t.Fatal(err)
	}
	wantRanking := []blitz.Place{{Place: 1, Team: "Bats", TeamID: jgTeams[1]}, {Place: 2, Team: "Owls", TeamID: jgTeams[0]}, {Place: 3, Team: "Cats", TeamID: jgTeams[2]}}
	if res.Final || platformtest.SectionOf[blitz.Place](res, "blitz_final") != nil || blitzRounds(res) != 1 || len(platformtest.SectionOf[blitz.Place](res, "blitz_ranking")) != 3 || len(res.Standings) != 3 {
		t.Fatalf("jungle results after a ranked round, the final not over: %+v", res)
	}
	for i, l := range platformtest.SectionOf[blitz.Place](res, "blitz_ranking") {
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
	if err := store.WriteState(ctx, p.Store, jg.ID, blitz.FinalDoc, b); err != nil {
		t.Fatal(err)
	}
	if res, err = p.EventResults(ctx, jg.ID); err != nil {
		t.Fatal(err)
	}
	wantPlaces := []blitz.Place{{Place: 1, Team: "Owls", TeamID: jgTeams[0]}, {Place: 2, Team: "Cats", TeamID: jgTeams[2]}, {Place: 2, Team: "Bats", TeamID: jgTeams[1]}}
	if !res.Final || len(platformtest.SectionOf[blitz.Place](res, "blitz_final")) != 3 || platformtest.SectionOf[codinsa.Line](res, "codinsa_final") != nil || platformtest.SectionOf[blitz.Place](res, "blitz_ranking") != nil {
		t.Fatalf("jungle results, the final over: %+v", res)
	}
	for i, l := range platformtest.SectionOf[blitz.Place](res, "blitz_final") {
		if l != wantPlaces[i] {
			t.Errorf("Blitz place %d: %+v, want %+v", i, l, wantPlaces[i])
		}
	}
	wantCSV = "place,team,team_id\n1,Owls," + strconv.FormatInt(jgTeams[0], 10) + "\n2,Cats," + strconv.FormatInt(jgTeams[2], 10) + "\n2,Bats," + strconv.FormatInt(jgTeams[1], 10) + "\n"
	if got := csvOf(res); got != wantCSV {
		t.Errorf("jungle results.csv:\n%s\nwant\n%s", got, wantCSV)
	}
}

// blitzRounds is the number of ranked rounds the results' Blitz ranking
// comes after (0: none).
func blitzRounds(res apitypes.Results) int {
	for _, s := range res.Sections {
		if s.Key == "blitz_rounds" {
			return s.Lines.(int)
		}
	}
	return 0
}
