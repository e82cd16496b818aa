package platform

import (
	"archive/tar"
	"compress/gzip"
	"context"
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

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/store"
)

// Results are an event's results as the organiser exports and publishes
// them: the ranking (for an event with leagues, every team by league, top
// league first: its lines are the event's ranking), and tracks'
// side-quest ranking.
type Results struct {
	Event ResultEvent `json:"event"`
	// Final: the final ranking has played all its games; in a catmouse or
	// jungle event, its own final is over.
	Final     bool            `json:"final"`
	Published time.Time       `json:"published,omitzero"`
	Standings []ResultLine    `json:"standings"`
	SideQuest []SideQuestJSON `json:"side_quest,omitempty"`
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
	Rank   int     `json:"rank"` // in its league, for an event with leagues
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

// SideQuestJSON is one line of tracks' side-quest ranking.
type SideQuestJSON struct {
	Rank    int     `json:"rank"`
	Team    string  `json:"team"`
	TeamID  int64   `json:"team_id"`
	Games   int     `json:"games"`
	Points  int     `json:"points"`
	Average float64 `json:"average"`
}

// EventResults computes an event's results now.
func (p *Platform) EventResults(ctx context.Context, eventID int64) (Results, error) {
	ev, err := p.Store.Event(ctx, eventID)
	if err != nil {
		return Results{}, err
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return Results{}, err
	}
	c, err := p.EventControls(ctx, eventID)
	if err != nil {
		return Results{}, err
	}
	res := Results{Event: ResultEvent{ev.ID, ev.Name, ev.Game}, Published: c.Published, Standings: []ResultLine{}}
	if res.Final, err = p.FinalDone(ctx, eventID); err != nil {
		return res, err
	}
	all, err := p.EventStandings(ctx, eventID) // by league, top first; ranks within the league
	if err != nil {
		return res, err
	}
	for _, s := range all {
		r := s.Rating
		res.Standings = append(res.Standings, ResultLine{Rank: s.Rank, Team: s.Team.Name, TeamID: s.Team.ID,
			League: s.Team.League, Rating: s.Score(), Mu: r.Mu, Sigma: r.Sigma, Games: r.Games, Wins: r.Wins, Draws: r.Draws, Losses: r.Losses,
			Promotion: s.Test, BossOnly: s.BossOnly})
	}
	if g.Info().Name == "tracks" {
		sq, err := p.SideQuestBoard(ctx, eventID)
		if err != nil {
			return res, err
		}
		for _, l := range sq {
			res.SideQuest = append(res.SideQuest, SideQuestJSON{l.Rank, l.Team.Name, l.Team.ID, l.Games, l.Points, l.Average})
		}
	}
	if res.Sections, err = p.formatSections(ctx, ev); err != nil {
		return res, err
	}
	for _, sec := range res.Sections {
		res.Final = res.Final || sec.Final // a format's own final, over
	}
	recorded, failed, err := p.Store.CountMatches(ctx, eventID, "")
	res.Matches = recorded - failed // the played ones
	return res, err
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
		cw.Write([]string{strconv.Itoa(l.Rank), sheetText(l.Team), strconv.FormatInt(l.TeamID, 10), strconv.Itoa(l.League),
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

// WriteReplays writes every replay of an event's matches (arena failures
// have none) as a gzipped tar of replays/KEY.json, with every bot's log:
// the organiser's copy.
func (p *Platform) WriteReplays(ctx context.Context, eventID int64, w io.Writer) (int, error) {
	ms, err := p.Store.Matches(ctx, eventID, 1<<30)
	if err != nil {
		return 0, err
	}
	zw := gzip.NewWriter(w)
	tw := tar.NewWriter(zw)
	n := 0
	for i := len(ms) - 1; i >= 0; i-- { // oldest first
		m := ms[i]
		if m.Error != "" {
			continue
		}
		if err := ctx.Err(); err != nil {
			return n, err
		}
		rep, err := p.Replays.Get(m.Key)
		if err != nil {
			return n, fmt.Errorf("match %d: %w", m.ID, err)
		}
		b, err := json.Marshal(rep)
		if err != nil {
			return n, err
		}
		hdr := &tar.Header{Name: "replays/" + m.Key + ".json", Mode: 0o644, Size: int64(len(b)), ModTime: m.Played, Typeflag: tar.TypeReg}
		if err := tw.WriteHeader(hdr); err != nil {
			return n, err
		}
		if _, err := tw.Write(b); err != nil {
			return n, err
		}
		n++
	}
	if err := tw.Close(); err != nil {
		return n, err
	}
	return n, zw.Close()
}

// Export writes an event's results to dir: results.json, results.csv and
// replays.tar.gz. It returns the results and the number of replays.
func (p *Platform) Export(ctx context.Context, eventID int64, dir string) (Results, int, error) {
	res, err := p.EventResults(ctx, eventID)
	if err != nil {
		return res, 0, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return res, 0, err
	}
	js, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return res, 0, err
	}
	if err := os.WriteFile(filepath.Join(dir, "results.json"), append(js, '\n'), 0o644); err != nil {
		return res, 0, err
	}
	if err := writeFile(filepath.Join(dir, "results.csv"), func(w io.Writer) error { return WriteResultsCSV(w, res) }); err != nil {
		return res, 0, err
	}
	n := 0
	err = writeFile(filepath.Join(dir, "replays.tar.gz"), func(w io.Writer) error {
		var err error
		n, err = p.WriteReplays(ctx, eventID, w)
		return err
	})
	return res, n, err
}

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// resultsVisible reports whether a team may see its event's results.
func (p *Platform) resultsVisible(ctx context.Context, ev store.Event) (bool, error) {
	c, err := p.EventControls(ctx, ev.ID)
	return !c.Published.IsZero(), err
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
