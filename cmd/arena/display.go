package main

import (
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	"github.com/seed27749672/arena/tournament"
)

// display shows a tournament as it runs. On a terminal: one line per
// running match (its bots and how long it has run) under a total line
// (matches done, ETA), with mpb. Elsewhere (a log, a pipe): one plain line
// per finished match.
type display struct {
	mu      sync.Mutex
	names   []string
	plain   io.Writer // nil on a terminal
	p       *mpb.Progress
	total   *mpb.Bar
	known   bool // the number of matches is known in advance
	running map[int]*mpb.Bar
	done    int
}

// newDisplay starts a display on w; total is the number of matches when
// the format knows it in advance (0 otherwise).
func newDisplay(w io.Writer, game string, names []string, total int64, terminal bool) *display {
	d := &display{names: names, known: total > 0, running: map[int]*mpb.Bar{}}
	if !terminal {
		d.plain = w
		return d
	}
	d.p = mpb.New(mpb.WithOutput(w))
	d.total = d.p.AddBar(total,
		mpb.PrependDecorators(decor.Name(game+" "), decor.CountersNoUnit("%d/%d matches")),
		mpb.AppendDecorators(decor.OnComplete(decor.EwmaETA(decor.ET_STYLE_GO, 30), "done")))
	return d
}

func (d *display) seats(seats []int) string {
	var ns []string
	for _, b := range seats {
		ns = append(ns, d.names[b])
	}
	return strings.Join(ns, " vs ")
}

// start shows a match that starts.
func (d *display) start(j tournament.Job) {
	if d.p == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.running[j.Index] = d.p.New(0, mpb.SpinnerStyle(),
		mpb.PrependDecorators(decor.Name(fmt.Sprintf("  match %d: %s ", j.Index+1, d.seats(j.Seats)))),
		mpb.AppendDecorators(decor.Elapsed(decor.ET_STYLE_GO)),
		mpb.BarRemoveOnComplete())
	if !d.known {
		// Formats in rounds learn their matches as they go: the total
		// stays one above what is known, so that the bar does not end
		// between two rounds.
		d.total.SetTotal(d.total.Current()+int64(len(d.running))+1, false)
	}
}

// finish shows a finished match (or one a resumed run had recorded).
func (d *display) finish(p tournament.Played) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.done++
	if d.p == nil {
		if d.plain != nil {
			fmt.Fprintln(d.plain, d.line(p))
		}
		return
	}
	if b := d.running[p.Index]; b != nil {
		b.SetTotal(-1, true)
		delete(d.running, p.Index)
	}
	d.total.Increment()
}

// line is the plain line of a finished match: the bots by place.
func (d *display) line(p tournament.Played) string {
	if p.Replays == nil {
		return fmt.Sprintf("match %d (seed %d): %s: kept from the interrupted run", p.Index+1, p.Seed, d.seats(p.Seats))
	}
	var parts []string
	for seat, b := range p.Seats {
		r := p.Result.Players[seat]
		part := fmt.Sprintf("%s #%d", d.names[b], r.Rank)
		if r.Status != "ok" && r.Status != "" {
			part += " (" + string(r.Status) + ")"
		}
		parts = append(parts, part)
	}
	return fmt.Sprintf("match %d (seed %d): %s", p.Index+1, p.Seed, strings.Join(parts, ", "))
}

// close ends the display: complete when the tournament ended, aborted
// otherwise.
func (d *display) close(complete bool) {
	if d.p == nil {
		return
	}
	d.mu.Lock()
	for i, b := range d.running {
		b.Abort(true)
		delete(d.running, i)
	}
	d.mu.Unlock()
	if complete {
		d.total.SetTotal(-1, true)
	} else {
		d.total.Abort(false)
	}
	d.p.Wait()
}
