// Package psi reads the kernel's pressure stall information (PSI): the
// share of time some runnable task waited for a CPU, on the whole machine
// (/proc/pressure/cpu) or in a version 2 control group (cpu.pressure). A
// runner of matches reads it to hold back new matches while the machine
// cannot give bots the time their limits promise.
package psi

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// CPUFile is the machine's CPU pressure file.
const CPUFile = "/proc/pressure/cpu"

// Line is one line of a pressure file: the share of time (percent) over
// the last 10, 60 and 300 seconds, and the total stall time since boot.
type Line struct {
	Avg10, Avg60, Avg300 float64
	Total                time.Duration
}

// Pressure is a pressure file: Some, the time at least one task stalled;
// Full, the time all non-idle tasks stalled at once (for the CPU, zero on
// the whole machine).
type Pressure struct {
	Some, Full Line
}

// Read reads a pressure file (CPUFile, a group's cpu.pressure). An error
// means the kernel does not report it there (PSI off, an older kernel).
func Read(path string) (Pressure, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Pressure{}, err
	}
	return Parse(string(b))
}

// Parse parses the content of a pressure file.
func Parse(s string) (Pressure, error) {
	var p Pressure
	seen := false
	for l := range strings.SplitSeq(s, "\n") {
		kind, rest, _ := strings.Cut(strings.TrimSpace(l), " ")
		var dst *Line
		switch kind {
		case "some":
			dst, seen = &p.Some, true
		case "full":
			dst = &p.Full
		case "":
			continue
		default:
			return Pressure{}, fmt.Errorf("pressure: unknown line %q", l)
		}
		line, err := parseLine(rest)
		if err != nil {
			return Pressure{}, err
		}
		*dst = line
	}
	if !seen {
		return Pressure{}, errors.New("pressure: no \"some\" line")
	}
	return p, nil
}

// parseLine parses "avg10=1.00 avg60=2.00 avg300=3.00 total=123" (total
// in microseconds).
func parseLine(s string) (Line, error) {
	var l Line
	n := 0
	for _, f := range strings.Fields(s) {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return Line{}, fmt.Errorf("pressure: bad field %q", f)
		}
		if k == "total" {
			us, err := strconv.ParseInt(v, 10, 64)
			if err != nil || us < 0 {
				return Line{}, fmt.Errorf("pressure: bad total %q", v)
			}
			l.Total, n = time.Duration(us)*time.Microsecond, n+1
			continue
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || x < 0 || x > 100 {
			return Line{}, fmt.Errorf("pressure: bad %s %q", k, v)
		}
		switch k {
		case "avg10":
			l.Avg10 = x
		case "avg60":
			l.Avg60 = x
		case "avg300":
			l.Avg300 = x
		default:
			return Line{}, fmt.Errorf("pressure: unknown field %q", k)
		}
		n++
	}
	if n != 4 {
		return Line{}, fmt.Errorf("pressure: %d of the 4 fields in %q", n, s)
	}
	return l, nil
}

// Busy reports whether the machine's CPU pressure over the last 10
// seconds (some avg10) is above threshold percent. ok is false where the
// kernel does not report it: the caller then cannot tell, and goes on.
func Busy(threshold float64) (busy bool, avg10 float64, ok bool) {
	p, err := Read(CPUFile)
	if err != nil {
		return false, 0, false
	}
	return p.Some.Avg10 > threshold, p.Some.Avg10, true
}

// WaitCalm waits until the machine's CPU pressure is at most threshold
// percent, looking every poll, and returns nil then, or ctx's error. It
// returns at once where the kernel does not report the pressure. A runner
// of matches calls it before it starts one, so that bots are starved
// rarely rather than their matches replayed often.
func WaitCalm(ctx context.Context, threshold float64, poll time.Duration) error {
	for {
		busy, _, ok := Busy(threshold)
		if !ok || !busy {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(poll):
		}
	}
}

// Share returns the share (0..1) of the span between two readings of the
// same file during which some task stalled, from their totals.
func Share(before, after Pressure, span time.Duration) float64 {
	if span <= 0 {
		return 0
	}
	return float64(after.Some.Total-before.Some.Total) / float64(span)
}
