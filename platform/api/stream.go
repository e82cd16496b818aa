package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/seed27749672/arena/platform/news"
	"github.com/seed27749672/arena/platform/store"
)

// An event's pages follow it by server-sent events (text/event-stream)
// rather than asking every few seconds: a stream says "read again" when
// a match of the event is recorded (by any process sharing the database:
// package news), a state of it changes, a match job of it fails, or a
// live game starts or ends, and nothing the rest of the time. A team's
// stream also tells when one of its submissions changes (uploaded, its
// build begun or ended, made active: "build", never another team's); the
// organiser's, when what its list of worker machines shows changes
// ("workers": a worker appeared or came back, its running or done counts
// changed, or it was taken for lost; GET organiser/stream tells only
// those, for a page with no event chosen). A worker that falls silent
// writes nothing: the server that serves the page tells its loss when its
// lost_at comes (worker.Pool.WatchLosses). The pages read
// it with fetch (they must send the token in a header, which EventSource
// cannot), and fall back to a slow poll only while the stream is down.
//
// Messages:
//
//	event: hello   data: {"live":["id",...]}   first, once following
//	event: change  data: {"event":E,"what":W,"live":"id","team":T}
//	               W: "match"|"state"|"failed"|"resync"|"live-start"|"live-end"|"build"|"workers"
//	: ping                                     every StreamPing, so that a
//	                                           dead client is found out
//
// Each stream holds a connection as long as its page is open, so they are
// bounded: StreamsPerClient by client address, Streams in all.

// Stream defaults (Options).
const (
	DefaultStreamsPerClient = 6
	DefaultStreams          = 500
	DefaultStreamPing       = 25 * time.Second
	// streamWrite is how long one message may take to leave: a client
	// that reads nothing is dropped rather than held.
	streamWrite = 10 * time.Second
)

// teamStream follows the team's event, and its own submissions.
func (a *api) teamStream(w http.ResponseWriter, r *http.Request, t store.Team) {
	a.stream(w, r, t.EventID, func(c news.Change) bool { return c.What != news.Build || c.Team == t.ID })
}

// orgStream follows one event for the organiser's page, and the worker
// machines.
func (a *api) orgStream(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	a.stream(w, r, ev.ID, noBuilds, news.Machines)
}

// orgMachines follows the worker machines only (GET organiser/stream: the
// organiser's page with no event chosen).
func (a *api) orgMachines(w http.ResponseWriter, r *http.Request, _ store.Team) {
	a.stream(w, r, news.Machines, noBuilds)
}

// noBuilds keeps the changes but the teams' submissions', which only
// their own pages show.
func noBuilds(c news.Change) bool { return c.What != news.Build }

// stream writes the changes of the event (eventID; news.Machines: the
// worker machines') and of the others named that keep says are the
// page's, until the client goes, within the bounds on open streams.
func (a *api) stream(w http.ResponseWriter, r *http.Request, eventID int64, keep func(news.Change) bool, others ...int64) {
	addr := clientAddr(r)
	if !a.openStream(addr) {
		w.Header().Set("Retry-After", "30")
		apiError(w, http.StatusTooManyRequests, "too many open streams: close some pages and try again")
		return
	}
	defer a.closeStream(addr)
	changes, cancel := a.p.News().Subscribe(append([]int64{eventID}, others...)...)
	defer cancel()
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no") // a proxy in front must not hold the events back
	w.WriteHeader(http.StatusOK)
	live := []string{}
	if eventID != news.Machines {
		live = a.liveIDs(eventID)
	}
	hello, _ := json.Marshal(map[string]any{"live": live})
	if !send(w, rc, "event: hello\ndata: "+string(hello)+"\n\n") {
		return
	}
	ping := time.NewTicker(a.o.StreamPing)
	defer ping.Stop()
	for {
		select {
		case c := <-changes:
			if !keep(c) {
				continue
			}
			b, _ := json.Marshal(c)
			if !send(w, rc, "event: change\ndata: "+string(b)+"\n\n") {
				return
			}
		case <-ping.C:
			if !send(w, rc, ": ping\n\n") {
				return
			}
		case <-r.Context().Done():
			return
		}
	}
}

// send writes and flushes one message within streamWrite.
func send(w http.ResponseWriter, rc *http.ResponseController, msg string) bool {
	rc.SetWriteDeadline(time.Now().Add(streamWrite))
	if _, err := fmt.Fprint(w, msg); err != nil {
		return false
	}
	return rc.Flush() == nil
}

func (a *api) openStream(addr string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.nstream >= a.o.Streams || a.streams[addr] >= a.o.StreamsPerClient {
		return false
	}
	a.nstream++
	a.streams[addr]++
	return true
}

func (a *api) closeStream(addr string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.nstream--
	if a.streams[addr]--; a.streams[addr] <= 0 {
		delete(a.streams, addr)
	}
}
