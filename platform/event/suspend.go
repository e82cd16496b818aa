package event

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/seed27749672/arena/platform/store"
)

// An organiser whose event has a hostile team (bots that fork bombs,
// uploads that fill the disk) suspends it: its bots are paired in no new
// match of any kind (play.Player.Playable leaves them out), its match jobs
// still queued are dropped when they come up (a round's or a final's game
// waits: play.ErrSuspended), and its uploads, URLs, test games and
// outside bots are refused with the organiser's reason. It keeps its place
// in the tables, marked suspended, and its pages say why. Letting it back
// undoes all of that at the next look of the scheduler.

// maxReason bounds the organiser's reason for a suspension, which the
// team's pages show.
const maxReason = 300

// SuspendTeam suspends a team of the event with the organiser's reason
// (may be ""), or lets it back (suspended false); store.ErrNotFound when
// the event has no such team.
func (e *Events) SuspendTeam(ctx context.Context, eventID, teamID int64, suspended bool, reason string) (store.Team, error) {
	reason = strings.TrimSpace(reason)
	if err := checkReason(reason); err != nil {
		return store.Team{}, userError{Err: err}
	}
	return e.Store.SuspendTeam(ctx, eventID, teamID, suspended, reason)
}

// checkReason accepts a reason the team's page can show as text: at most
// maxReason characters, no control or invisible ones (a line break is
// fine).
func checkReason(s string) error {
	if !utf8.ValidString(s) || utf8.RuneCountInString(s) > maxReason {
		return fmt.Errorf("the reason must be at most %d characters of text", maxReason)
	}
	for _, r := range s {
		if (r < 0x20 && r != '\n') || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return errors.New("the reason has a control character")
		}
	}
	return checkVisible("reason", s)
}

// Suspended is what a suspended team is told when it tries to upload or
// play: the organiser's reason, and what to do.
func Suspended(t store.Team) error {
	if !t.Suspended {
		return nil
	}
	why := ""
	if t.Reason != "" {
		why = " (" + t.Reason + ")"
	}
	return userError{Err: fmt.Errorf("%w%s: your team's bots play no match and its uploads are refused until the organiser lets it back; ask the organiser", ErrSuspended, why)}
}

// ErrSuspended is a team's upload or game refused because the organiser
// suspended the team.
var ErrSuspended = errors.New("the organiser suspended your team")
