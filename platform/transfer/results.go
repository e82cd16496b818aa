package transfer

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/apitypes"
)

// The results' JSON types (apitypes).
type (
	Results     = apitypes.Results
	ResultEvent = apitypes.ResultEvent
	ResultLine  = apitypes.ResultLine
)

// EventResults computes an event's results now.
func (t *Transfer) EventResults(ctx context.Context, eventID int64) (Results, error) {
	ev, err := t.Events.Store.Event(ctx, eventID)
	if err != nil {
		return Results{}, err
	}
	if _, err := game.Lookup(ev.Game); err != nil {
		return Results{}, err
	}
	c, err := t.Events.EventControls(ctx, eventID)
	if err != nil {
		return Results{}, err
	}
	res := Results{Event: ResultEvent{ID: ev.ID, Name: ev.Name, Game: ev.Game}, Published: c.Published, Standings: []ResultLine{}}
	if res.Final, err = t.Events.FinalDone(ctx, eventID); err != nil {
		return res, err
	}
	all, err := t.Matches.EventStandings(ctx, eventID) // by league, top first; ranks within the league
	if err != nil {
		return res, err
	}
	for _, s := range all {
		r := s.Rating
		res.Standings = append(res.Standings, ResultLine{Rank: s.Rank, Team: s.Team.Name, TeamID: s.Team.ID,
			League: s.Team.League, Rating: s.Score(), Mu: r.Mu, Sigma: r.Sigma, Games: r.Games, Wins: r.Wins, Draws: r.Draws, Losses: r.Losses,
			Promotion: s.Test, BossOnly: s.BossOnly})
	}
	if res.Sections, err = t.Stages.Sections(ctx, ev); err != nil {
		return res, err
	}
	for _, sec := range res.Sections {
		res.Final = res.Final || sec.Final // a format's own final, over
	}
	recorded, failed, err := t.Events.Store.CountMatches(ctx, eventID, "")
	res.Matches = recorded - failed // the played ones
	return res, err
}

// WriteReplays writes every replay of an event's matches (arena failures
// have none) as a gzipped tar of replays/KEY.json, with every bot's log:
// the organiser's copy.
func (t *Transfer) WriteReplays(ctx context.Context, eventID int64, w io.Writer) (int, error) {
	ms, err := t.Events.Store.Matches(ctx, eventID, 1<<30)
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
		rep, err := t.Replays.Get(m.Key)
		if errors.Is(err, fs.ErrNotExist) {
			continue // an old casual game's, let go (files.ReplayBudget)
		}
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
func (t *Transfer) Export(ctx context.Context, eventID int64, dir string) (Results, int, error) {
	res, err := t.EventResults(ctx, eventID)
	if err != nil {
		return res, 0, err
	}
	if err := apitypes.WriteResultsFiles(dir, res); err != nil {
		return res, 0, err
	}
	n := 0
	err = writeFile(filepath.Join(dir, "replays.tar.gz"), func(w io.Writer) error {
		var err error
		n, err = t.WriteReplays(ctx, eventID, w)
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
