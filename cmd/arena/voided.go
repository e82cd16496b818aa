package main

import (
	"fmt"
	"io"

	"github.com/seed27749672/arena/tournament"
)

// printVoided says, one line each, which plays of a match were voided
// because the machine starved a bot (tournament.RunFair): the result that
// counts is a later play's, and the player should know the machine is
// busy.
func printVoided(w io.Writer, voided []tournament.Voided) {
	for _, v := range voided {
		fmt.Fprintln(w, v.String())
	}
}
