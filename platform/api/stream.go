package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/seed27749672/arena/platform/store"
)

// An event's pages follow it by server-sent events (text/event-stream)
// rather than asking every few seconds: a stream says "read again" when
// a match of the event is recorded (by any process sharing the database:
// package news), a state of it changes, a match job of it fails, or a
// live game starts or ends, and nothing the rest of the time. The pages read it with fetch (they must
// send the token in a header, which EventSource cannot), and fall back
// to a slow poll only while the stream is down.
//
// Messages:
//
//	event: hello   data: {"live":["id",...]}   first, once following
//	event: change  data: {"event":E,"what":"match"|"state"|"failed"|"resync"|"live-start"|"live-end","live":"id"}
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

// teamStream follows the team's event.
func (a *api) teamStream(w http.ResponseWriter, r *http.Request, t store.Team) {
	a.stream(w, r, t.EventID)
}

// orgStream follows one event for the organiser's page.
func (a *api) orgStream(w http.ResponseWriter, r *http.Request, _ store.Team) {
	ev, ok := a.orgEvent(w, r)
	if !ok {
		return
	}
	a.stream(w, r, ev.ID)
}

// stream writes the event's changes until the client goes, within the
// bounds on open streams.
func (a *api) stream(w http.ResponseWriter, r *http.Request, eventID int64) {
	addr := clientAddr(r)
	if !a.openStream(addr) {
		w.Header().Set("Retry-After", "30")
		apiError(w, http.StatusTooManyRequests, "too many open streams: close some pages and try again")
		return
	}
	defer a.closeStream(addr)
	changes, cancel := a.p.News().Subscribe(eventID)
	defer cancel()
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no") // a proxy in front must not hold the events back
	w.WriteHeader(http.StatusOK)
	hello, _ := json.Marshal(map[string]any{"live": a.liveIDs(eventID)})
	if !send(w, rc, "event: hello\ndata: "+string(hello)+"\n\n") {
		return
	}
	ping := time.NewTicker(a.o.StreamPing)
	defer ping.Stop()
	for {
		select {
		case c := <-changes:
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
