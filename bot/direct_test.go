package bot

import (
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// A process read directly: no goroutine reads its stdout; the caller
// polls OutputFD and takes the lines with ReadOutput, in order, each
// stamped once read, then the end of the output.
func TestProcessReadDirect(t *testing.T) {
	p := &Process{Argv: Command("sh -c 'read l; echo \"got $l\"; echo two'")}
	if !p.ReadDirect() {
		t.Fatal("ReadDirect refused a pipe")
	}
	startProcess(t, p)
	if p.ReadDirect() {
		t.Error("ReadDirect accepted a started process")
	}
	if p.Lines() != nil {
		t.Error("a process read directly has a Lines channel")
	}
	sent := time.Now()
	if err := p.Send([]byte("x"), time.Now().Add(10*time.Second)); err != nil {
		t.Fatal(err)
	}
	var lines []Line
	ended := false
	for deadline := time.Now().Add(10 * time.Second); !ended && time.Now().Before(deadline); {
		fds := []unix.PollFd{{Fd: int32(p.OutputFD()), Events: unix.POLLIN}}
		if _, err := unix.Poll(fds, 1000); err != nil && err != unix.EINTR {
			t.Fatal(err)
		}
		lines, ended = p.ReadOutput(lines)
	}
	if !ended || len(lines) != 2 || lines[0].Text != "got x" || lines[1].Text != "two" {
		t.Fatalf("read %+v, ended %v", lines, ended)
	}
	if lines[0].At.Before(sent) || lines[1].At.Before(lines[0].At) {
		t.Errorf("stamps %v, %v; the prompt was sent at %v", lines[0].At, lines[1].At, sent)
	}
}

// What Sync reads at a deadline waits for ReadOutput, after the lines
// read before, with Sync's stamp.
func TestProcessReadDirectSync(t *testing.T) {
	p := &Process{Argv: Command("sh -c 'echo early; read l'")}
	p.ReadDirect()
	startProcess(t, p)
	var st Synced
	for deadline := time.Now().Add(10 * time.Second); st.Lines == 0 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
		st, _ = p.Sync()
	}
	lines, ended := p.ReadOutput(nil)
	if st.Lines != 1 || ended || len(lines) != 1 || lines[0].Text != "early" || !lines[0].At.Equal(st.At) {
		t.Fatalf("Sync %+v, then read %+v (ended %v)", st, lines, ended)
	}
}

// A pseudo-terminal's master is polled by Go: not read directly.
func TestProcessReadDirectNotPTY(t *testing.T) {
	p := &Process{Argv: Command("true"), PTY: true}
	if p.ReadDirect() {
		t.Error("ReadDirect accepted a pseudo-terminal")
	}
}

// A turn of a process read directly allocates nothing once under way: the
// prompt's write (TrySend), the read of the answer (ReadOutput into the
// caller's slice), its stderr read (ReadStderr), and the answer's text,
// which repeats the last line and shares its string. The runner does this
// for every bot every turn, and a bot that floods its output for every line.
func TestProcessReadDirectAllocatesNothing(t *testing.T) {
	p := &Process{Argv: Command("sh -c 'while read l; do echo WAIT; echo x >&2; done'")}
	p.ReadDirect()
	startProcess(t, p)
	fds := []unix.PollFd{{Fd: int32(p.OutputFD()), Events: unix.POLLIN}}
	buf := make([]Line, 0, 16)
	prompt := []byte("turn\n")
	turn := func() {
		if rest, err := p.TrySend(prompt); err != nil || len(rest) != 0 {
			t.Fatalf("TrySend: rest %q, %v", rest, err)
		}
		for got := 0; got == 0; {
			if _, err := unix.Poll(fds, 10000); err != nil && err != unix.EINTR {
				t.Fatal(err)
			}
			var ended bool
			buf, ended = p.ReadOutput(buf[:0])
			if ended || len(buf) > 1 || len(buf) == 1 && buf[0].Text != "WAIT" {
				t.Fatalf("read %+v, ended %v", buf, ended)
			}
			got = len(buf)
		}
		p.ReadStderr()
	}
	turn() // the first line's string, the buffers
	if n := testing.AllocsPerRun(100, turn); n != 0 {
		t.Errorf("%v allocations a turn, want none", n)
	}
}
