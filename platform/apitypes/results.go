package apitypes

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/seed27749672/arena/platform/format"
)

// Results are an event's results as the organiser exports and publishes
// them: the ranking (for an event with leagues, every team by league, top
// league first: its lines are the event's ranking), and the formats'
// sections.
type Results struct {
	Event ResultEvent `json:"event"`
	// Final: the final ranking has played all its games; in a catmouse or
	// jungle event, its own final is over.
	Final     bool         `json:"final"`
	Published time.Time    `json:"published,omitzero"`
	Standings []ResultLine `json:"standings"`
	// Sections are the event formats' parts (package format), each
	// under its own key in the JSON: the ranked rounds' ladder, when the
	// event has some, is its ranking.
	Sections []*format.Section `json:"-"`
	Matches  int               `json:"matches"` // matches played (arena failures excepted)
}

// ResultEvent names the event of the results.
type ResultEvent struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Game string `json:"game"`
}

// ResultLine is one team's line.
type ResultLine struct {
	Rank   int     `json:"rank"` // in the event's one ranking (league first); 0: unranked
	Team   string  `json:"team"`
	TeamID int64   `json:"team_id"`
	League int     `json:"league,omitempty"`
	Rating float64 `json:"rating"` // mu - 3 sigma
	Mu     float64 `json:"mu"`
	Sigma  float64 `json:"sigma"`
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	// Promotion is the team's promotion test in its league (below the
	// top league); in a boss-only league, what ranks the team.
	Promotion *PromotionRecord `json:"promotion,omitempty"`
	BossOnly  bool             `json:"boss_only,omitempty"` // a league of tests only: no rating
}

// WriteResultsCSV writes the ranking as CSV, one line per team: the
// section of a format that ranks the teams (rankingSection: a final's
// over, else a format's ranking, such as the ranked rounds' ladder), else
// the standings.
func WriteResultsCSV(w io.Writer, r Results) error {
	cw := csv.NewWriter(w)
	if sec := r.rankingSection(); sec != nil {
		for i, row := range sec.CSV {
			if i > 0 && sec.NameColumn < len(row) { // the header is ours
				row = slices.Clone(row)
				row[sec.NameColumn] = sheetText(row[sec.NameColumn])
			}
			cw.Write(row)
		}
		cw.Flush()
		return cw.Error()
	}
	cw.Write([]string{"rank", "team", "team_id", "league", "rating", "mu", "sigma", "games", "wins", "draws", "losses"})
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }
	for _, l := range r.Standings {
		rank := strconv.Itoa(l.Rank)
		if l.Rank == 0 {
			rank = "" // unranked: no rated game
		}
		cw.Write([]string{rank, sheetText(l.Team), strconv.FormatInt(l.TeamID, 10), strconv.Itoa(l.League),
			f(l.Rating), f(l.Mu), f(l.Sigma), strconv.Itoa(l.Games), strconv.Itoa(l.Wins), strconv.Itoa(l.Draws), strconv.Itoa(l.Losses)})
	}
	cw.Flush()
	return cw.Error()
}

// sheetText is a team's name as a CSV cell a spreadsheet shows as text:
// names are the teams' own, and one that starts with = + - @ or a tab or
// carriage return would be read as a formula by the organiser's
// spreadsheet (CSV injection), so it gets a leading apostrophe.
func sheetText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// resultsJSON is Results without its methods, for their JSON.
type resultsJSON Results

// MarshalJSON writes the results with each format's section under its
// key, after the platform's own fields.
func (r Results) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(resultsJSON(r))
	if err != nil {
		return nil, err
	}
	for _, sec := range r.Sections {
		lines, err := json.Marshal(sec.Lines)
		if err != nil {
			return nil, err
		}
		key, _ := json.Marshal(sec.Key)
		b = append(append(append(append(b[:len(b)-1], ','), key...), ':'), append(lines, '}')...)
	}
	return b, nil
}

// UnmarshalJSON reads results written by MarshalJSON (a server's, for
// arena event export): a format's sections are read back by that format
// (format.SectionReader), so that their CSV is the server's.
func (r *Results) UnmarshalJSON(b []byte) error {
	if err := json.Unmarshal(b, (*resultsJSON)(r)); err != nil {
		return err
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(b, &keys); err != nil {
		return err
	}
	r.Sections = nil
	for _, f := range format.All() {
		sr, ok := f.(format.SectionReader)
		if !ok {
			continue
		}
		secs, err := sr.ReadSections(keys)
		if err != nil {
			return fmt.Errorf("results of format %s: %w", f.Name(), err)
		}
		r.Sections = append(r.Sections, secs...)
	}
	return nil
}

// rankingSection is the format's section that ranks the teams in
// results.csv: a final's, over, before any other with a CSV (nil: none).
func (r Results) rankingSection() *format.Section {
	var first *format.Section
	for _, sec := range r.Sections {
		switch {
		case len(sec.CSV) == 0:
		case sec.Final:
			return sec
		case first == nil:
			first = sec
		}
	}
	return first
}

// WriteResultsFiles writes the results into dir as an export holds them:
// results.json (indented) and results.csv. The platform's export and the
// client's, through a server, write the same files this one way.
func WriteResultsFiles(dir string, r Results) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	js, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "results.json"), append(js, '\n'), 0o644); err != nil {
		return err
	}
	var csv bytes.Buffer
	if err := WriteResultsCSV(&csv, r); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "results.csv"), csv.Bytes(), 0o644)
}
