package client

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"time"

	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/format"
)

var _ format.Caller = (*Client)(nil)

// Do calls the API: method on path (under the prefix, its ids in
// place: "organiser/events/3/blitz"), body sent as JSON when not nil,
// the answer decoded into out when out is not nil. It is how a format's
// client reaches its own routes (format.Caller).
func (c *Client) Do(ctx context.Context, method, path string, body, out any) error {
	var in io.Reader
	contentType := ""
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return err
		}
		in, contentType = bytes.NewReader(raw), "application/json"
	}
	_, err := c.call(ctx, method+" "+path, nil, "", contentType, in, out)
	return err
}

// Wait reads path through api into out every second (a *Client's
// PollEvery) until done says so; its progress, when not empty, is told
// to progress (nil: not told) as it changes. fails is the part of out
// that says what fails: each failure being retried is told too, and the
// first one the server gives up on while the call waits (a game's job
// discarded after its attempts, a look failing again and again) ends the
// waiting with its error, so that the call never waits in silence for a
// game that cannot be played. Cancelling ctx stops the waiting, not what
// the server plays.
func Wait(ctx context.Context, api format.Caller, progress func(string), path string, out any, fails *apitypes.Failures, done func() (bool, string)) error {
	told := map[string]bool{}
	tell := func(line string) {
		if line != "" && !told[line] && progress != nil {
			progress(line)
			told[line] = true
		}
	}
	every := time.Second
	if c, ok := api.(*Client); ok && c.PollEvery > 0 {
		every = c.PollEvery
	}
	var watch apitypes.Watch
	for {
		*fails = apitypes.Failures{} // a field the answer leaves out is no failure
		if err := api.Do(ctx, "GET", path, nil, out); err != nil {
			return err
		}
		ok, p := done()
		if ok {
			return nil
		}
		tell(p)
		retrying, failed := watch.Failed(fails.Failing, fails.LookError, time.Now())
		if failed != nil {
			return failed
		}
		for _, line := range retrying {
			tell(line)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(every):
		}
	}
}
