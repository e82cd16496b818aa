package platform

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"

	"github.com/seed27749672/arena/platform/format/codinsa"

	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/format/rounds"
)

// TestResultsCSVNamesStayText: a team's name is its own choice, and a
// name a spreadsheet would read as a formula (=, +, -, @, tab, carriage
// return first) reaches the organiser's results.csv as text, in every
// form of the file; numbers, negative ones included, are left alone.
func TestResultsCSVNamesStayText(t *testing.T) {
	evil := []string{"=HYPERLINK(\"http://x\")", "+1", "-1+2", "@SUM(A1)", "\tx", "\rx"}
	for _, r := range []Results{
		{Standings: []ResultLine{{Rank: 1, Team: evil[0]}, {Rank: 2, Team: evil[1]}, {Rank: 3, Team: evil[2]},
			{Rank: 4, Team: evil[3]}, {Rank: 5, Team: evil[4]}, {Rank: 6, Team: evil[5]}, {Rank: 7, Team: "Owls"}}},
		{Sections: []*format.Section{readSection(t, codinsa.Format{}, "codinsa_final", []codinsa.Line{{Place: 1, Team: evil[0], TurnDifference: -3}, {Place: 2, Team: "Owls"}})}},
		{Sections: []*format.Section{readSection(t, rounds.Format{}, "ladder", []rounds.LadderLine{{Place: 1, Team: evil[0]}, {Place: 2, Team: "Owls"}})}},
	} {
		var b bytes.Buffer
		if err := WriteResultsCSV(&b, r); err != nil {
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
		if sectionOf[codinsa.Line](r, "codinsa_final") != nil && rows[1][8] != "-3" {
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

// sectionOf are the lines of the results' section under key (nil when
// there is none).
func sectionOf[T any](res Results, key string) []T {
	for _, s := range res.Sections {
		if s.Key == key {
			return s.Lines.([]T)
		}
	}
	return nil
}

// TestResultsSectionsRoundTrip: a format's section of the results is
// written under its key, beside the platform's fields, and read back by
// its format (arena event export through a server writes results.csv
// from the JSON it reads): the CSV from the JSON is the server's CSV.
func TestResultsSectionsRoundTrip(t *testing.T) {
	res := Results{Event: ResultEvent{ID: 3, Name: "Ready", Game: "territory"}, Standings: []ResultLine{{Rank: 1, Team: "Owls"}}, Matches: 4,
		Sections: []*format.Section{readSection(t, rounds.Format{}, "ladder", []rounds.LadderLine{{Place: 1, Team: "Owls", TeamID: 2, Points: 12.5, Firsts: 1, Games: 2, Mean: 40.25}})}}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(b, &keys); err != nil || keys["ladder"] == nil || keys["matches"] == nil || keys["Sections"] != nil {
		t.Fatalf("results JSON %s: %v", b, err)
	}
	var back Results
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	var want, got bytes.Buffer
	WriteResultsCSV(&want, res)
	WriteResultsCSV(&got, back)
	if got.String() != want.String() || !strings.HasPrefix(got.String(), "place,team,team_id,points,firsts,games,mean_territory\n1,Owls,2,12.5,1,2,40.25\n") {
		t.Errorf("CSV from the JSON:\n%s\nwant:\n%s", got.String(), want.String())
	}
	if back.Matches != 4 || back.Event.Name != "Ready" || len(back.Standings) != 1 {
		t.Errorf("platform fields read back: %+v", back)
	}
}
