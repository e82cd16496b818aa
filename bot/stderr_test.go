package bot

import (
	"os"
	"testing"
)

// What is in the stderr pipe is read by Stderr itself, without waiting for
// the reading goroutine (here never started: a goroutine the scheduler
// does not run in time).
func TestStderrReadsThePipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	tl := &tail{keep: 1 << 10}
	e := newErrReader(r, tl)
	if e == nil {
		t.Fatal("a pipe is pollable")
	}
	w.Write([]byte("thinking\n"))
	e.sync()
	if got, _ := tl.take(); string(got) != "thinking\n" {
		t.Fatalf("took %q", got)
	}
	e.sync() // nothing in the pipe: returns at once
	w.Close()
	e.sync()
	if !e.eof {
		t.Error("the end of the stream was not noticed")
	}
	e.run() // returns at once at the end of the stream
}

// A bot's stderr line written just before its answer is in the turn's
// stderr, and the match's turns do not wait for the reading goroutine.
func TestStderrBeforeTheAnswer(t *testing.T) {
	p := startProcess(t, &Process{Argv: Command(`sh -c 'while read l; do echo "log $l" >&2; echo "ok $l"; done'`)})
	for _, turn := range []string{"1", "2", "3"} {
		if got, _ := roundTrip(t, p, turn, 10e9); got != "ok "+turn {
			t.Fatalf("answer %q", got)
		}
		if got, _ := p.Stderr(); string(got) != "log "+turn+"\n" {
			t.Fatalf("turn %s: stderr %q", turn, got)
		}
	}
}
