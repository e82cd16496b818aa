package bot

import (
	"os"
	"sync/atomic"
	"testing"
	"time"
)

// TestPipeReaderSync: while the reading goroutine is held up, sync reads
// what is in the pipe, delivers the complete lines in order, stamped with
// its own moment, and counts them; the partial line is completed and
// delivered by the goroutine afterwards, and the stream ends normally.
func TestPipeReaderSync(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	gate := make(chan struct{})
	var released atomic.Bool
	defer SetReadHook(func() {
		if !released.Load() {
			<-gate
		}
	})()
	out := make(chan Line, 16)
	pr := newPipeReader(r, 100, chanOutlet(out), nil)
	if pr == nil {
		t.Fatal("a pipe cannot be read without blocking")
	}
	done := make(chan struct{})
	go func() { pr.run(); close(done) }()

	before := time.Now()
	w.Write([]byte("x\ny\r\npart"))
	st := pr.sync()
	at := st.At
	if st.Lines != 2 || st.Ended || at.Before(before) {
		t.Fatalf("sync: %+v, %v after the write", st, at.Sub(before))
	}
	for _, want := range []string{"x", "y"} {
		select {
		case l := <-out:
			if l.Text != want || !l.At.Equal(at) {
				t.Errorf("line %q at %v, want %q at the sync's moment", l.Text, l.At.Sub(before), want)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("sync did not deliver its lines")
		}
	}
	if st := pr.sync(); st.Lines != 2 || st.Ended {
		t.Errorf("a second sync with nothing new: %+v", st)
	}
	released.Store(true)
	close(gate)
	w.Write([]byte("ial\nz"))
	w.Close()
	var got []string
	for l := range out {
		got = append(got, l.Text)
		if l.At.Before(at) {
			t.Errorf("line %q stamped before the sync", l.Text)
		}
	}
	<-done
	if len(got) != 2 || got[0] != "partial" || got[1] != "z" {
		t.Errorf("after the sync: %q, want [partial z]", got)
	}
	if st := pr.sync(); st.Lines != 4 || !st.Ended {
		t.Errorf("at the end: %+v, want 4 lines and ended", st)
	}
}

// TestPipeReaderSyncEnd: sync reads the end of the stream while the
// goroutine is held up, says so, and the goroutine then closes out.
func TestPipeReaderSyncEnd(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	gate := make(chan struct{})
	var released atomic.Bool
	defer SetReadHook(func() {
		if !released.Load() {
			<-gate
		}
	})()
	out := make(chan Line, 16)
	pr := newPipeReader(r, 100, chanOutlet(out), nil)
	go pr.run()
	w.Write([]byte("last"))
	w.Close()
	if st := pr.sync(); st.Lines != 1 || !st.Ended {
		t.Errorf("sync: %+v, want 1 line and ended", st)
	}
	if l := <-out; l.Text != "last" {
		t.Errorf("line %q", l.Text)
	}
	released.Store(true)
	close(gate)
	select {
	case _, open := <-out:
		if open {
			t.Error("a line after the end")
		}
	case <-time.After(10 * time.Second):
		t.Error("the output was not closed")
	}
}

// TestSyncPTYSilentBot: Sync reads without waiting also from a
// pseudo-terminal stdout. pty.Open leaves the master in blocking mode (it
// calls Fd), where the read Sync makes waited for the bot's next output:
// the runner, which calls Sync at a deadline, hung on a PTY bot that said
// nothing (until it wrote, or for ever).
func TestSyncPTYSilentBot(t *testing.T) {
	p := startProcess(t, &Process{Argv: []string{"/bin/sh", "-c", `read l; echo "got $l"; exec sleep 60`}, PTY: true})
	if p.reader == nil {
		t.Fatal("a pseudo-terminal stdout is not read by pipeReader: no Sync")
	}
	done := make(chan Synced, 1)
	go func() {
		s, _ := p.Sync()
		done <- s
	}()
	select {
	case s := <-done:
		if s.Lines != 0 || s.Ended {
			t.Errorf("Sync of a silent bot: %+v", s)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Sync waited for a silent bot's output (10 s)")
	}
	// The reading goroutine still delivers what comes next.
	if got, ok := roundTrip(t, p, "x", 10*time.Second); !ok || got != "got x" {
		t.Fatalf("after Sync: %q ok=%v, want \"got x\"", got, ok)
	}
}
