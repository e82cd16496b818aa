package apitypes

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"
	"time"
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
	// Ladder is the ladder of the ranked rounds (Ready AI Code), when the
	// event has some: its ranking.
	Ladder []LadderJSON `json:"ladder,omitempty"`
	// CodinsaFinal is a catmouse event's Cod'INSA final table once its
	// round robin is over, and BlitzFinal a jungle event's final places
	// once its tournament is: the event's ranking then.
	CodinsaFinal []CodinsaLine `json:"codinsa_final,omitempty"`
	BlitzFinal   []FinalPlace  `json:"blitz_final,omitempty"`
	// BlitzRanking is a jungle event's ranking after its ranked rounds
	// (BlitzRounds of them) while its final is not over: the event's
	// ranking then, provisional (it seeds the final), not the casual
	// games' ratings.
	BlitzRanking []FinalPlace `json:"blitz_ranking,omitempty"`
	BlitzRounds  int          `json:"blitz_rounds,omitempty"`
	Matches      int          `json:"matches"` // matches played (arena failures excepted)
}

// CodinsaLine is one line of the Cod'INSA final's table: ranked by match
// points (3 a match won, 1 a draw), then game wins, then the turn
// difference.
type CodinsaLine struct {
	Place          int    `json:"place"`
	Team           string `json:"team"`
	TeamID         int64  `json:"team_id"`
	Points         int    `json:"points"`
	Wins           int    `json:"wins"`
	Draws          int    `json:"draws"`
	Losses         int    `json:"losses"`
	GameWins       int    `json:"game_wins"`
	TurnDifference int    `json:"turn_difference"`
}

// FinalPlace is a team's place in the Blitz final.
type FinalPlace struct {
	Place  int    `json:"place"`
	Team   string `json:"team"`
	TeamID int64  `json:"team_id"`
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

// LadderJSON is one line of the ranked rounds' ladder.
type LadderJSON struct {
	Place  int     `json:"place"`
	Team   string  `json:"team"`
	TeamID int64   `json:"team_id"`
	Points float64 `json:"points"`
	Firsts int     `json:"firsts"`
	Games  int     `json:"games"`
	Mean   float64 `json:"mean_territory"`
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

// WriteResultsCSV writes the ranking as CSV, one line per team: a
// Cod'INSA final's table or a Blitz final's places once over, else a
// Blitz event's ranking after its ranked rounds, else the ranked rounds'
// ladder when the event has one, else the standings.
func WriteResultsCSV(w io.Writer, r Results) error {
	cw := csv.NewWriter(w)
	itoa := strconv.Itoa
	id := func(n int64) string { return strconv.FormatInt(n, 10) }
	switch {
	case len(r.CodinsaFinal) > 0:
		cw.Write([]string{"place", "team", "team_id", "points", "wins", "draws", "losses", "game_wins", "turn_difference"})
		for _, l := range r.CodinsaFinal {
			cw.Write([]string{itoa(l.Place), sheetText(l.Team), id(l.TeamID), itoa(l.Points), itoa(l.Wins), itoa(l.Draws), itoa(l.Losses),
				itoa(l.GameWins), itoa(l.TurnDifference)})
		}
		cw.Flush()
		return cw.Error()
	case len(r.BlitzFinal) > 0:
		cw.Write([]string{"place", "team", "team_id"})
		for _, l := range r.BlitzFinal {
			cw.Write([]string{itoa(l.Place), sheetText(l.Team), id(l.TeamID)})
		}
		cw.Flush()
		return cw.Error()
	case len(r.BlitzRanking) > 0: // provisional: the rounds played say how far
		cw.Write([]string{"place", "team", "team_id", "ranked_rounds"})
		for _, l := range r.BlitzRanking {
			cw.Write([]string{itoa(l.Place), sheetText(l.Team), id(l.TeamID), itoa(r.BlitzRounds)})
		}
		cw.Flush()
		return cw.Error()
	}
	if len(r.Ladder) > 0 {
		cw.Write([]string{"place", "team", "team_id", "points", "firsts", "games", "mean_territory"})
		for _, l := range r.Ladder {
			cw.Write([]string{strconv.Itoa(l.Place), sheetText(l.Team), strconv.FormatInt(l.TeamID, 10), strconv.FormatFloat(l.Points, 'f', -1, 64),
				strconv.Itoa(l.Firsts), strconv.Itoa(l.Games), strconv.FormatFloat(l.Mean, 'f', 2, 64)})
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
