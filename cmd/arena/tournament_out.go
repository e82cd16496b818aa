package main

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"sync"

	"github.com/seed27749672/arena/replay"
	"github.com/seed27749672/arena/tournament"
)

// An --out directory holds, besides the replays:
//
//	event.json      the tournament's settings, for --resume
//	matches.jsonl   one line per finished match: its number, seats, seed and result
//	standings.json  the standings (as --json prints them), written at the end
//	standings.csv   the same table for spreadsheets
const (
	eventName   = "event.json"
	journalName = "matches.jsonl"
)

// eventFile is what --resume needs to play the same tournament again.
type eventFile struct {
	Game        string    `json:"game"`
	Format      string    `json:"format"`
	Bots        []string  `json:"bots"`
	Size        int       `json:"size"`
	Rounds      int       `json:"rounds"`
	RoundsSet   bool      `json:"roundsSet"`
	BestOf      int       `json:"bestOf"`
	Advance     int       `json:"advance"`
	FinalBestOf int       `json:"finalBestOf"`
	Final       bool      `json:"final"`
	Multipliers []float64 `json:"multipliers,omitempty"`
	Seed        int64     `json:"seed"`
	League      int       `json:"league"`
	Options     []string  `json:"options,omitempty"`
}

func (f *tournamentFlags) event(game string) eventFile {
	return eventFile{Game: game, Format: f.format, Bots: f.bots, Size: f.size, Rounds: f.rounds, RoundsSet: f.roundsSet, BestOf: f.bestOf,
		Advance: f.advance, FinalBestOf: f.finalBestOf, Final: f.final, Multipliers: f.multipliers, Seed: f.seed, League: f.league, Options: f.opts}
}

func (f *tournamentFlags) load(e eventFile) {
	f.format, f.bots, f.size, f.rounds, f.roundsSet, f.bestOf = e.Format, e.Bots, e.Size, e.Rounds, e.RoundsSet, e.BestOf
	f.advance, f.finalBestOf, f.final, f.multipliers, f.seed, f.league, f.opts = e.Advance, e.FinalBestOf, e.Final, e.Multipliers, e.Seed, e.League, e.Options
}

// readEvent reads DIR/event.json.
func readEvent(dir string) (eventFile, error) {
	var e eventFile
	data, err := os.ReadFile(filepath.Join(dir, eventName))
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return e, fmt.Errorf("%s holds no tournament to resume (no %s)", dir, eventName)
		}
		return e, err
	}
	if err := json.Unmarshal(data, &e); err != nil {
		return e, fmt.Errorf("%s: %w", filepath.Join(dir, eventName), err)
	}
	return e, nil
}

// writeFile writes a regular file whole or not at all.
func writeFile(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

// journal is the record of finished matches in DIR/matches.jsonl.
type journal struct {
	mu    sync.Mutex
	f     *os.File
	known map[int]journalEntry
}

type journalEntry struct {
	Index  int            `json:"index"`
	Seats  []int          `json:"seats"`
	Seed   int64          `json:"seed"`
	Result *replay.Result `json:"result"`
}

// openJournal opens the record for appending, reading what it holds. A
// last line cut short by a killed process is ignored (its match is played
// again).
func openJournal(dir string) (*journal, error) {
	path := filepath.Join(dir, journalName)
	j := &journal{known: map[int]journalEntry{}}
	if f, err := os.Open(path); err == nil {
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		for sc.Scan() {
			var e journalEntry
			if json.Unmarshal(sc.Bytes(), &e) == nil && e.Result != nil && len(e.Result.Players) == len(e.Seats) {
				j.known[e.Index] = e
			}
		}
		f.Close()
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	// Start on a fresh line, whatever a killed run left.
	if st, err := f.Stat(); err == nil && st.Size() > 0 {
		f.Write([]byte("\n"))
	}
	j.f = f
	return j, nil
}

func (j *journal) lookup(job tournament.Job) (*replay.Result, bool) {
	e, ok := j.known[job.Index]
	if !ok || e.Seed != job.Seed || !reflect.DeepEqual(e.Seats, job.Seats) {
		return nil, false
	}
	return e.Result, true
}

func (j *journal) add(p tournament.Played) error {
	line, err := json.Marshal(journalEntry{Index: p.Index, Seats: p.Seats, Seed: p.Seed, Result: p.Result})
	if err != nil {
		return err
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	_, err = j.f.Write(append(line, '\n'))
	return err
}

func (j *journal) close() error { return j.f.Close() }

// writeStandings writes standings.json and standings.csv into dir.
func writeStandings(dir, game string, seed int64, res *tournament.Outcome) error {
	data, err := json.MarshalIndent(standingsJSON{Game: game, Format: res.Format, Seed: seed,
		Matches: res.Finished, Scheduled: res.Scheduled, Standings: res.Standings, Rounds: res.Rounds}, "", "  ")
	if err != nil {
		return err
	}
	if err := writeFile(filepath.Join(dir, "standings.json"), append(data, '\n')); err != nil {
		return err
	}
	var rows [][]string
	rows = append(rows, []string{"place", "bot", "points", "played", "wins", "draws", "losses", "timeouts", "crashes", "disqualified",
		"rating", "mu", "sigma", "byes", "ladderPoints", "firstPlaces", "meanScore", "matchPoints", "gameWins", "turnDifference"})
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	for _, s := range res.Standings {
		rows = append(rows, []string{strconv.Itoa(s.Place), s.Name, f(s.Points), strconv.Itoa(s.Played), strconv.Itoa(s.Wins), strconv.Itoa(s.Draws),
			strconv.Itoa(s.Losses), strconv.Itoa(s.Timeouts), strconv.Itoa(s.Crashes), strconv.Itoa(s.Disqualified), f(s.Ordinal), f(s.Mu), f(s.Sigma),
			strconv.Itoa(s.Byes), f(s.LadderPoints), strconv.Itoa(s.FirstPlaces), f(s.MeanScore), strconv.Itoa(s.MatchPoints), strconv.Itoa(s.GameWins), strconv.Itoa(s.TurnDiff)})
	}
	var buf bytes.Buffer
	if err := csv.NewWriter(&buf).WriteAll(rows); err != nil {
		return err
	}
	return writeFile(filepath.Join(dir, "standings.csv"), buf.Bytes())
}
