package main

import (
	"io"

	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/format"
)

// printFailures tells an organiser the games of the event's rounds and
// finals the platform cannot play, and the server's failing look, in the
// words of --wait; nothing when all goes well.
func printFailures(out io.Writer, fs apitypes.Failures) {
	format.PrintFailures(out, fs.Failing, fs.LookError)
}
