// Package news tells the pages that follow an event what just changed in
// it: a match recorded, a live match started or ended. The pages then read
// again what they show (a leaderboard, a list of matches) instead of
// asking every few seconds whether anything changed.
//
// A Hub lives in each process; the API streams its changes to the
// browsers (server-sent events). It hears of this process's writes from
// the store the platform's rooms use (Announced), and of the other
// processes' from a store they share (store.Follower: PostgreSQL's
// LISTEN/NOTIFY, passed on by Hear). It keeps no history: a page that
// connects reads the event's state once, then follows.
package news

import (
	"sort"
	"sync"

	"github.com/seed27749672/arena/platform/store"
)

// Change is one thing that changed in an event.
type Change struct {
	Event int64  `json:"event"`
	What  string `json:"what"`            // Match, State, Failed, Build, Workers, Resync, LiveStart or LiveEnd
	Match int64  `json:"match,omitempty"` // the recorded match (Match)
	Live  string `json:"live,omitempty"`  // the live match's id (LiveStart, LiveEnd)
	Team  int64  `json:"team,omitempty"`  // the team whose submissions changed (Build)
}

// What a change says.
const (
	Match     = "match"      // a match of the event was recorded
	State     = "state"      // a state document of the event changed (a round, a final, the results published), or a team's league
	Failed    = "failed"     // a match job of the event failed (the organiser's failing games)
	Resync    = "resync"     // changes of other processes may have been missed: read everything again
	Build     = "build"      // a submission of the team Team changed: uploaded, its build begun or ended, made active
	Workers   = "workers"    // what the organiser's list of worker machines shows changed (Event is Machines)
	LiveStart = "live-start" // a match of the event began to be played live
	LiveEnd   = "live-end"   // that live match ended
)

// Machines is the "event" of the changes that are no event's: the worker
// machines' (Workers), which the organiser's pages follow beside their
// event.
const Machines int64 = 0

// Live is a match of an event being played, as the public page lists it.
type Live struct {
	ID    string  `json:"id"` // the viewer's id: /match/ID follows it
	Kind  string  `json:"kind"`
	Teams []int64 `json:"teams"` // by seat; 0 is a house bot
}

// Buffer is how many changes a follower may have unread; past it, the
// newest are dropped for that follower (see Publish).
const Buffer = 16

// Hub passes changes from the rooms that make them to the pages that
// follow them. The zero Hub is ready; a nil *Hub drops every change (a
// platform without pages).
type Hub struct {
	mu   sync.Mutex
	subs map[int64]map[chan Change]struct{}
	live map[int64]map[string]Live
}

// Subscribe follows the changes of the events named (Machines among
// them: the worker machines') until cancel is called.
func (h *Hub) Subscribe(events ...int64) (changes <-chan Change, cancel func()) {
	c := make(chan Change, Buffer)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.subs == nil {
		h.subs = map[int64]map[chan Change]struct{}{}
	}
	for _, event := range events {
		if h.subs[event] == nil {
			h.subs[event] = map[chan Change]struct{}{}
		}
		h.subs[event][c] = struct{}{}
	}
	return c, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		for _, event := range events {
			delete(h.subs[event], c)
			if len(h.subs[event]) == 0 {
				delete(h.subs, event)
			}
		}
	}
}

// Publish tells every follower of the event. It never waits: a follower
// whose buffer is full misses the change, which costs it nothing, since a
// change only says "read again" and the buffer already holds one.
func (h *Hub) Publish(c Change) {
	if h == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for sub := range h.subs[c.Event] {
		select {
		case sub <- c:
		default:
		}
	}
}

// Started records a live match of an event and tells its followers.
func (h *Hub) Started(event int64, l Live) {
	if h == nil {
		return
	}
	h.mu.Lock()
	if h.live == nil {
		h.live = map[int64]map[string]Live{}
	}
	if h.live[event] == nil {
		h.live[event] = map[string]Live{}
	}
	h.live[event][l.ID] = l
	h.mu.Unlock()
	h.Publish(Change{Event: event, What: LiveStart, Live: l.ID})
}

// Ended forgets a live match and tells the event's followers.
func (h *Hub) Ended(event int64, id string) {
	if h == nil {
		return
	}
	h.mu.Lock()
	delete(h.live[event], id)
	if len(h.live[event]) == 0 {
		delete(h.live, event)
	}
	h.mu.Unlock()
	h.Publish(Change{Event: event, What: LiveEnd, Live: id})
}

// LiveOf lists the event's live matches, by id.
func (h *Hub) LiveOf(event int64) []Live {
	out := []Live{}
	if h == nil {
		return out
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, l := range h.live[event] {
		out = append(out, l)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// PublishAll tells every followed event's followers what (Resync).
func (h *Hub) PublishAll(what string) {
	if h == nil {
		return
	}
	h.mu.Lock()
	events := make([]int64, 0, len(h.subs))
	for e := range h.subs {
		events = append(events, e)
	}
	h.mu.Unlock()
	for _, e := range events {
		h.Publish(Change{Event: e, What: what})
	}
}

// Hear passes on a change another process made (a store.Follower's each):
// it never waits, as Publish.
func (h *Hub) Hear(c store.Change) {
	if c.What == store.ChangeResync {
		h.PublishAll(Resync)
		return
	}
	h.Publish(Change{Event: c.Event, What: c.What, Match: c.Match, Team: c.Team})
}
