package client

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/seed27749672/arena/platform/apitypes"
)

// Export writes the event's results.json, results.csv and replays.tar.gz
// into dir, as the platform's own export does, and returns the results
// and the number of replays: the results are read once (GET
// organiser/events/{id}/results; the CSV is written from them) and the
// replays' archive is downloaded (GET organiser/events/{id}/replays).
func (c *Client) Export(ctx context.Context, id int64, dir string) (apitypes.Results, int, error) {
	res, err := c.Results(ctx, id)
	if err != nil {
		return res, 0, err
	}
	if err := apitypes.WriteResultsFiles(dir, res); err != nil {
		return res, 0, err
	}
	n, err := c.DownloadReplays(ctx, id, filepath.Join(dir, "replays.tar.gz"))
	return res, n, err
}

// DownloadReplays saves the event's replays' archive to path and counts
// its replays on the way; an archive cut short (the server failed
// halfway) is an error, and no file is left.
func (c *Client) DownloadReplays(ctx context.Context, id int64, path string) (int, error) {
	hc := *c.http()
	hc.Timeout = 0 // the archive of a long event is large
	resp, err := c.send(ctx, &hc, routeReplays, []any{id}, "", "", nil)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	f, err := os.CreateTemp(filepath.Dir(path), ".replays-*.tar.gz")
	if err != nil {
		return 0, err
	}
	defer os.Remove(f.Name())
	n, err := CountReplays(io.TeeReader(resp.Body, f))
	if err != nil {
		f.Close()
		return 0, fmt.Errorf("the replays' archive from the server: %w", err)
	}
	if err := f.Close(); err != nil {
		return 0, err
	}
	return n, os.Rename(f.Name(), path)
}

// CountReplays reads a replays' archive (a gzipped tar) to its end and
// counts its files.
func CountReplays(r io.Reader) (int, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return 0, err
	}
	tr := tar.NewReader(zr)
	n := 0
	for {
		_, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return n, err
		}
		n++
	}
	// the gzip trailer (its checksum) after the tar's end
	if _, err := io.Copy(io.Discard, zr); err != nil {
		return n, err
	}
	return n, zr.Close()
}
