package bot

import (
	"sync"
	"testing"
	"time"
)

// recOutlet records what a bot forwards to it (Forwarder).
type recOutlet struct {
	mu    sync.Mutex
	lines []string
	ended bool
	got   chan struct{} // a line or the end came
}

func newRecOutlet() *recOutlet { return &recOutlet{got: make(chan struct{}, 64)} }

func (o *recOutlet) Put(l Line, stop <-chan struct{}) bool {
	o.mu.Lock()
	o.lines = append(o.lines, l.Text)
	o.mu.Unlock()
	o.got <- struct{}{}
	return true
}

func (o *recOutlet) TryPut(l Line) bool { return o.Put(l, nil) }

func (o *recOutlet) End(<-chan struct{}) {
	o.mu.Lock()
	o.ended = true
	o.mu.Unlock()
	o.got <- struct{}{}
}

func (o *recOutlet) state() ([]string, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]string(nil), o.lines...), o.ended
}

// wait waits until the outlet holds n lines (and the end, if end).
func (o *recOutlet) wait(t *testing.T, n int, end bool) []string {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		lines, ended := o.state()
		if len(lines) >= n && (ended || !end) {
			return lines
		}
		select {
		case <-o.got:
		case <-timeout:
			t.Fatalf("the outlet has %q (ended %v), want %d lines (end %v)", lines, ended, n, end)
		}
	}
}

// A process whose lines are forwarded hands them to the outlet, in order,
// then the end of its output; Lines is nil.
func TestProcessForwardLines(t *testing.T) {
	o := newRecOutlet()
	p := &Process{Argv: Command("sh -c 'read l; echo \"got $l\"; echo two; read l; echo three'")}
	p.ForwardLines(o)
	startProcess(t, p)
	if p.Lines() != nil {
		t.Error("Lines is not nil for a process whose lines are forwarded")
	}
	if err := p.Send([]byte("x"), time.Now().Add(5*time.Second)); err != nil {
		t.Fatal(err)
	}
	if got := o.wait(t, 2, false); got[0] != "got x" || got[1] != "two" {
		t.Fatalf("forwarded %q", got)
	}
	p.Send([]byte("y"), time.Now().Add(5*time.Second))
	if got := o.wait(t, 3, true); len(got) != 3 || got[2] != "three" {
		t.Fatalf("forwarded %q", got)
	}
}

// What Sync reads at a deadline goes to the outlet too, from Sync's
// goroutine, while the reading goroutine is held up.
func TestProcessForwardSync(t *testing.T) {
	gate := make(chan struct{})
	var once sync.Once
	defer SetReadHook(func() { <-gate })()
	defer once.Do(func() { close(gate) })
	o := newRecOutlet()
	p := &Process{Argv: Command("sh -c 'echo early; read l'")}
	p.ForwardLines(o)
	startProcess(t, p)
	var st Synced
	for deadline := time.Now().Add(10 * time.Second); st.Lines == 0 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
		st, _ = p.Sync()
	}
	if st.Lines != 1 {
		t.Fatalf("Sync found %d lines", st.Lines)
	}
	if got := o.wait(t, 1, false); got[0] != "early" {
		t.Fatalf("forwarded %q", got)
	}
	once.Do(func() { close(gate) })
}
