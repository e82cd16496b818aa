package submission

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"github.com/seed27749672/arena/platform/store"
)

// Builds are shared fairly between teams. A team's newer upload replaces
// its queued one: the older build, when its turn comes, ends at once
// (superseded), so a team never has more than one build's worth of work
// waiting however often it uploads. And a team that uploaded recently
// waits behind teams that did not: its builds are queued at a lower
// priority (River runs priority 1 first), so one team submitting every
// minute cannot hold the others' builds behind its own.

// recentBuilds is the window in which a team's uploads lower the priority
// of its next build.
const recentBuilds = 10 * time.Minute

// buildOpts are the queue options of a team's new build: priority 1 for
// its first upload in recentBuilds, down to 4 for its third and later.
func (in *Intake) buildOpts(ctx context.Context, teamID, subID int64) *river.InsertOpts {
	subs, err := in.Events.Store.Submissions(ctx, teamID)
	if err != nil {
		return nil
	}
	recent := 0
	for _, s := range subs {
		if s.ID != subID && time.Since(s.Created) < recentBuilds {
			recent++
		}
	}
	return &river.InsertOpts{Priority: min(1+recent, 4)}
}

// supersededBy returns the team's newest submission when it is newer
// than sub: sub's build need not run.
func (in *Intake) supersededBy(ctx context.Context, sub store.Submission) (int64, error) {
	if sub.Draft { // built for a test game the team asked for: always built
		return 0, nil
	}
	subs, err := in.Events.Store.Submissions(ctx, sub.TeamID)
	if err != nil {
		return 0, err
	}
	newest := sub.ID
	for _, s := range subs {
		if s.Draft { // a draft replaces no upload: it may never be made active
			continue
		}
		newest = max(newest, s.ID)
	}
	if newest == sub.ID {
		return 0, nil
	}
	return newest, nil
}
