package client

import (
	"context"
	"time"

	"github.com/seed27749672/arena/platform/apitypes"
)

// poll reads the event's route into out every PollEvery until done says
// so; its progress, when not empty, is told as it changes. fails is the
// part of out that says what fails: each failure being retried is told
// too, and the first one the server gives up on while the call waits (a
// game's job discarded after its attempts, a look failing again and
// again) ends the waiting with its error, so that the call never waits in
// silence for a game that cannot be played. Cancelling ctx stops the
// waiting, not what the server plays.
func (c *Client) poll(ctx context.Context, p Play, route string, id int64, out any, fails *apitypes.Failures, done func() (bool, string)) error {
	told := map[string]bool{}
	tell := func(line string) {
		if line != "" && !told[line] && p.Progress != nil {
			p.Progress(line)
			told[line] = true
		}
	}
	every := c.PollEvery
	if every <= 0 {
		every = time.Second
	}
	var watch apitypes.Watch
	for {
		*fails = apitypes.Failures{} // a field the answer leaves out is no failure
		if _, err := c.get(ctx, route, out, id); err != nil {
			return err
		}
		ok, progress := done()
		if ok {
			return nil
		}
		tell(progress)
		retrying, failed := watch.Failed(fails.Failing, fails.LookError)
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
