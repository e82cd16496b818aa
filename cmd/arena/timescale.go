package main

import (
	"fmt"
	"strconv"

	"github.com/spf13/pflag"

	"github.com/seed27749672/arena/game"
)

// timeScale is the --time-scale flag shared by the commands that play
// matches: it multiplies every time limit of a match.
type timeScale float64

func (t *timeScale) String() string { return strconv.FormatFloat(float64(*t), 'g', -1, 64) }
func (t *timeScale) Type() string   { return "F" }

func (t *timeScale) Set(s string) error {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return fmt.Errorf("%q is not a number (2 makes every time limit twice as long)", s)
	}
	if err := game.CheckTimeScale(f); err != nil {
		return err
	}
	*t = timeScale(f)
	return nil
}

func (t *timeScale) add(fl *pflag.FlagSet) {
	*t = 1
	fl.Var(t, "time-scale", fmt.Sprintf("multiply every time limit of the match by F (0 < F <= %d), first turns included, where a bot's start-up (interpreter, JVM) counts: for slow or busy machines and debugging; recorded in the replay", game.MaxTimeScale))
}

// factor is the value for match.Setup.TimeScale (0 when unchanged, so that
// replays of unscaled matches do not record it).
func (t timeScale) factor() float64 {
	if t == 1 {
		return 0
	}
	return float64(t)
}

// scaleNote is the mention of a time scale in a result's heading:
// ", time limits x2", or nothing for an unscaled match.
func scaleNote(f float64) string {
	if f == 0 || f == 1 {
		return ""
	}
	return ", time limits x" + strconv.FormatFloat(f, 'g', -1, 64)
}
