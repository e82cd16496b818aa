package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/seed27749672/arena/platform/apitypes"
)

// printFailures tells an organiser the games of the event's rounds and
// finals the platform cannot play, and the server's failing look, in the
// words of --wait; nothing when all goes well.
func printFailures(out io.Writer, fs apitypes.Failures) {
	if len(fs.Failing) > 0 {
		fmt.Fprintln(out, "failing games (never recorded; the server queues each again at its next look, so the round or final goes on once the cause is fixed):")
		for _, g := range fs.Failing {
			state := "being tried again"
			if g.Discarded > 0 {
				state = fmt.Sprintf("the server gave up on it %s, and queues it again at its next look", countTimes(g.Discarded))
			}
			fmt.Fprintf(out, "  %s\n    (%s)\n", indent(g.Words(), "    "), state)
		}
	}
	if le := fs.LookError; le != nil {
		fmt.Fprintf(out, "the server cannot go on: its look at the event's round or final failed %s in a row, since %s: %s\n",
			countTimes(le.Looks), le.Since.Format(time.RFC3339), indent(le.Error, "  "))
	}
}

// countTimes is a count of times in words: once, 2 times.
func countTimes(n int) string {
	if n == 1 {
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}

// indent puts prefix before each line of s after the first (an error of
// several lines stays under its game).
func indent(s, prefix string) string {
	return strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n"+prefix)
}
