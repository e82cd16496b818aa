package platform

import (
	"bytes"
	"encoding/csv"
	"testing"
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
		{CodinsaFinal: []CodinsaLine{{Place: 1, Team: evil[0], TurnDifference: -3}, {Place: 2, Team: "Owls"}}},
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
		if len(r.CodinsaFinal) > 0 && rows[1][8] != "-3" {
			t.Errorf("turn difference %q, want -3 as a number", rows[1][8])
		}
	}
}
