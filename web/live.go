package web

import (
	"encoding/json"
	"sync"

	"github.com/seed27749672/arena/replay"
)

// live is a match being played: the replay so far, and the viewers that
// follow it. The runner writes through onStart/onTurn/finish; viewers read
// a consistent snapshot, then receive every later event in order.
//
// Every turn is encoded once, when it is played: the catch-up of each new
// viewer and the messages to every viewer share those bytes, so a hundred
// viewers cost the match no more work than one.
type live struct {
	id     string
	mu     sync.Mutex
	rep    replay.Replay // header, turns so far, and the result once done
	turns  [][]byte      // each turn's JSON, in order
	nbytes int64         // bytes of the turns and the header
	head   []byte        // the header's JSON (page format, no turns); nil: to encode
	done   bool
	err    string
	subs   map[chan []byte]struct{}
	// page caches the page format of the whole replay for plain GETs, by
	// the number of turns it holds (guarded by pageMu).
	pageMu    sync.Mutex
	page      []byte
	pageTurns int
}

// Stream messages, one JSON object per WebSocket message:
//
//	{"type":"replay","turns":[...],"replay":{...}}  first: everything so
//	    far; the turns come beside the replay (whose own "turns" is null)
//	{"type":"turn","turn":{...}}       each new turn
//	{"type":"end","result":{...},"outcome":{...}}
//	{"type":"error","error":"..."}     the match stopped (an arena error, a
//	    server limit, or its page stopped it)
type streamMsg struct {
	Type    string            `json:"type"`
	Turns   []json.RawMessage `json:"turns,omitempty"`
	Replay  *pageReplay       `json:"replay,omitempty"`
	Turn    *replay.Turn      `json:"turn,omitempty"`
	Result  *replay.Result    `json:"result,omitempty"`
	Outcome json.RawMessage   `json:"outcome,omitempty"`
	Error   string            `json:"error,omitempty"`
}

func (l *live) onStart(r *replay.Replay) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.rep = *r
	l.rep.Turns = nil
	l.head = nil
	// a match played again from the start (tournament.RunFair voids a
	// match a starved bot lost) starts with no turn
	l.turns, l.nbytes = nil, 0
}

func (l *live) onTurn(t replay.Turn) {
	tj, _ := json.Marshal(t)
	msg := make([]byte, 0, len(tj)+24)
	msg = append(append(append(msg, `{"type":"turn","turn":`...), tj...), '}')
	l.mu.Lock()
	defer l.mu.Unlock()
	l.rep.Turns = append(l.rep.Turns, t)
	l.turns = append(l.turns, tj)
	l.nbytes += int64(len(tj))
	l.broadcast(msg)
}

// size is how many bytes the match's turns take, encoded.
func (l *live) size() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.nbytes
}

func (l *live) finish(r *replay.Replay, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.done = true
	l.head = nil
	if r != nil {
		l.rep.Result, l.rep.Outcome = r.Result, r.Outcome
	}
	var msg []byte
	if err != nil {
		l.err = err.Error()
		msg, _ = json.Marshal(streamMsg{Type: "error", Error: l.err})
	} else {
		out, _ := json.Marshal(l.rep.Outcome)
		msg, _ = json.Marshal(streamMsg{Type: "end", Result: l.rep.Result, Outcome: out})
	}
	l.broadcast(msg)
	for c := range l.subs {
		close(c)
	}
	l.subs = nil
}

// broadcast sends to every viewer; a viewer that falls a whole buffer of
// events behind is dropped, so that it never holds up the match: its
// socket is closed, and its page connects again (and catches up).
func (l *live) broadcast(b []byte) {
	for c := range l.subs {
		select {
		case c <- b:
		default:
			delete(l.subs, c)
			close(c)
		}
	}
}

// catchUp is the first message of a stream, as the pieces to write one
// after the other (they share the turns' bytes: nothing is copied).
func (l *live) catchUpLocked() [][]byte {
	if l.head == nil {
		hdr := l.rep
		hdr.Turns = nil
		l.head, _ = json.Marshal(pageReplay{&hdr})
	}
	parts := make([][]byte, 0, 2*len(l.turns)+3)
	parts = append(parts, []byte(`{"type":"replay","turns":[`))
	for k, t := range l.turns {
		if k > 0 {
			parts = append(parts, comma)
		}
		parts = append(parts, t)
	}
	if l.err != "" {
		e, _ := json.Marshal(l.err)
		parts = append(parts, []byte(`],"error":`), e)
		parts = append(parts, []byte(`,"replay":`), l.head, closeBrace)
		return parts
	}
	return append(parts, []byte(`],"replay":`), l.head, closeBrace)
}

var comma, closeBrace = []byte(","), []byte("}")

// subscribe returns the catch-up message (in pieces) and a channel of
// later events, closed at the end of the match. A finished match gives a
// closed channel.
func (l *live) subscribe() ([][]byte, chan []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	first := l.catchUpLocked()
	c := make(chan []byte, 1024)
	if l.done {
		close(c)
		return first, c
	}
	if l.subs == nil {
		l.subs = map[chan []byte]struct{}{}
	}
	l.subs[c] = struct{}{}
	return first, c
}

func (l *live) unsubscribe(c chan []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, ok := l.subs[c]; ok {
		delete(l.subs, c)
		close(c)
	}
}

// snapshot is a copy of the replay so far (its turns copied too).
func (l *live) snapshot() replay.Replay {
	l.mu.Lock()
	defer l.mu.Unlock()
	snap := l.rep
	snap.Turns = append([]replay.Turn(nil), l.rep.Turns...)
	return snap
}

// summary describes the match for the lists, without copying its turns
// (the home page asks every few seconds; the match waits while l.mu is
// held).
func (l *live) summary() Summary {
	l.mu.Lock()
	defer l.mu.Unlock()
	return summarize(l.id, &l.rep, !l.done)
}

func (l *live) finished() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.done
}

// pageJSON is the page format of the replay so far, encoded once per turn
// however many pages ask for it. It is encoded outside l.mu, so that a
// page's request never holds up the match's next turn; pageMu lets one
// request encode while the others wait for its bytes.
func (l *live) pageJSON() []byte {
	l.pageMu.Lock()
	defer l.pageMu.Unlock()
	l.mu.Lock()
	n := len(l.turns)
	if l.done {
		n = -1 - n // a finished match differs from the same turns in play
	}
	if l.page != nil && l.pageTurns == n {
		l.mu.Unlock()
		return l.page
	}
	snap := l.rep // the turns are only ever appended: this slice stays valid
	l.mu.Unlock()
	page, _ := (pageReplay{&snap}).MarshalJSON() // as the cache does (BenchmarkPageEncoding)
	l.page, l.pageTurns = page, n
	return page
}
