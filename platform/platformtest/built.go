package platformtest

import (
	"context"
	"strings"
	"testing"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
)

// Built submits upload (named name) as team and builds it at once,
// returning the submission as its build left it and the build's log.
func Built(t *testing.T, p *platform.Platform, team store.Team, name string, upload []byte) (store.Submission, string) {
	t.Helper()
	ctx := context.Background()
	sub, err := p.Submit(ctx, team, name, upload)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Intake.Build(ctx, sub.ID); err != nil {
		t.Fatal(err)
	}
	s, _ := p.Store.Submission(ctx, sub.ID)
	log, _ := p.Store.BuildLog(ctx, sub.ID)
	return s, string(log)
}

// StderrOf is what the bot of seat 0 (the team's, in tests) wrote on its
// stderr during turns.
func StderrOf(turns []replay.Turn) string {
	var b strings.Builder
	for _, tu := range turns {
		if len(tu.Replies) > 0 {
			b.WriteString(tu.Replies[0].Stderr)
		}
	}
	return b.String()
}
