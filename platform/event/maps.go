package event

import (
	"os"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
)

// The maps a match job carries: a match may be played on another
// machine, which has no maps/ folder of this data directory.

// OfferMap carries a scheduled match's map in its job (CarryMap) when it
// can; a map it cannot read is left to the match, which records why it
// could not be played, as it did before maps travelled: one event's
// missing map file must not stop the scheduling of the others.
func (e *Events) OfferMap(ev store.Event, a *queue.Match) {
	if err := e.CarryMap(ev, a); err != nil {
		a.Files = nil
	}
}

// CarryMap puts in a job the map its event draws for it: named in its
// options, and when it is a file of the data directory's maps/, carried
// in the job (a worker on another machine has no such folder).
func (e *Events) CarryMap(ev store.Event, a *queue.Match) error {
	name := DrawMap(ev.Settings, a.Seed)
	if name == "" {
		return nil
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return err
	}
	v, err := e.ResolveMap(ev.Game, name)
	if err != nil {
		return err
	}
	if v != name { // a file of maps/: its path, read here
		b, err := os.ReadFile(v)
		if err != nil {
			return err
		}
		a.Files = map[string][]byte{v: b}
	}
	a.Options = append(a.Options, MapOption(g.Info())+"="+v)
	return nil
}
