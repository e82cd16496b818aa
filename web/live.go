package web

import (
	"encoding/json"
	"sync"

	"github.com/seed27749672/arena/replay"
)

// live is a match being played: the replay so far, and the viewers that
// follow it. The runner writes through onStart/onTurn/finish; viewers read
// a consistent snapshot, then receive every later event in order.
type live struct {
	id   string
	mu   sync.Mutex
	rep  replay.Replay // header, turns so far, and the result once done
	done bool
	err  string
	subs map[chan []byte]struct{}
}

// Stream messages, one JSON object per WebSocket message:
//
//	{"type":"replay","replay":{...}}   first: everything so far (catch-up)
//	{"type":"turn","turn":{...}}       each new turn
//	{"type":"end","result":{...},"outcome":{...}}
//	{"type":"error","error":"..."}     the match stopped on an arena error
type streamMsg struct {
	Type    string          `json:"type"`
	Replay  *pageReplay     `json:"replay,omitempty"`
	Turn    *replay.Turn    `json:"turn,omitempty"`
	Result  *replay.Result  `json:"result,omitempty"`
	Outcome json.RawMessage `json:"outcome,omitempty"`
	Error   string          `json:"error,omitempty"`
}

func (l *live) onStart(r *replay.Replay) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.rep = *r
	l.rep.Turns = nil
}

func (l *live) onTurn(t replay.Turn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.rep.Turns = append(l.rep.Turns, t)
	l.broadcast(streamMsg{Type: "turn", Turn: &t})
}

func (l *live) finish(r *replay.Replay, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.done = true
	if r != nil {
		l.rep.Result, l.rep.Outcome = r.Result, r.Outcome
	}
	if err != nil {
		l.err = err.Error()
		l.broadcast(streamMsg{Type: "error", Error: l.err})
	} else {
		out, _ := json.Marshal(l.rep.Outcome)
		l.broadcast(streamMsg{Type: "end", Result: l.rep.Result, Outcome: out})
	}
	for c := range l.subs {
		close(c)
	}
	l.subs = nil
}

// broadcast sends to every viewer; a viewer that falls a whole buffer of
// events behind is dropped, so that it never holds up the match: its
// socket is closed, and its page stops following (a reload catches up).
func (l *live) broadcast(m streamMsg) {
	b, _ := json.Marshal(m)
	for c := range l.subs {
		select {
		case c <- b:
		default:
			delete(l.subs, c)
			close(c)
		}
	}
}

// subscribe returns the catch-up message and a channel of later events,
// closed at the end of the match. A finished match gives a closed channel.
func (l *live) subscribe() ([]byte, chan []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	snap := l.rep
	snap.Turns = append([]replay.Turn(nil), l.rep.Turns...)
	first, _ := json.Marshal(streamMsg{Type: "replay", Replay: &pageReplay{&snap}})
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

func (l *live) snapshot() (replay.Replay, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	snap := l.rep
	snap.Turns = append([]replay.Turn(nil), l.rep.Turns...)
	return snap, l.done
}
