package bot

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
)

// roundTrip sends msg and returns the next line, failing after limit.
func roundTrip(t *testing.T, b Bot, msg string, limit time.Duration) (string, bool) {
	t.Helper()
	if err := b.Send([]byte(msg), time.Now().Add(limit)); err != nil {
		t.Fatalf("send: %v", err)
	}
	select {
	case l, ok := <-b.Lines():
		if !ok {
			return "", false
		}
		return l.Text, true
	case <-time.After(limit):
		return "", false
	}
}

func startProcess(t *testing.T, p *Process) *Process {
	t.Helper()
	if err := p.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close(100 * time.Millisecond) })
	return p
}

func TestCommand(t *testing.T) {
	cases := map[string][]string{
		"python3 bot.py":           {"python3", "bot.py"},
		"  ./bot   --fast ":        {"./bot", "--fast"},
		"cd dir && ./bot":          {"/bin/sh", "-c", "cd dir && ./bot"},
		"python3 'my bot.py'":      {"/bin/sh", "-c", "python3 'my bot.py'"},
		"FOO=1 ./bot":              {"/bin/sh", "-c", "FOO=1 ./bot"},
		"./bot > /dev/null":        {"/bin/sh", "-c", "./bot > /dev/null"},
		"java -cp build/classes M": {"java", "-cp", "build/classes", "M"},
	}
	for in, want := range cases {
		if got := Command(in); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("Command(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestProcessEchoAndExit(t *testing.T) {
	p := startProcess(t, &Process{Argv: Command("sh -c 'read l; echo \"got $l\"; read l; exit 4'")})
	if got, _ := roundTrip(t, p, "hello", 2*time.Second); got != "got hello" {
		t.Fatalf("answer %q", got)
	}
	p.Send([]byte("bye\n"), time.Now().Add(time.Second))
	if _, ok := <-p.Lines(); ok {
		t.Fatal("expected end of output")
	}
	e, ok := p.Exit(2 * time.Second)
	if !ok || e.Code != 4 || e.String() != "exited with status 4" {
		t.Fatalf("exit %+v (%s), ok=%v", e, e, ok)
	}
}

// A C program that never flushes stdout answers at once with the CodinGame
// environment (preloaded line buffering) or through a pseudo-terminal, and
// not at all through a bare pipe.
func TestCBotWithoutFlush(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "bot.c")
	os.WriteFile(src, []byte(`#include <stdio.h>
int main(void) {
	char line[256];
	while (fgets(line, sizeof line, stdin)) printf("WAIT\n");
	return 0;
}
`), 0o644)
	exe := filepath.Join(dir, "bot")
	if out, err := exec.Command("gcc", "-O2", "-o", exe, src).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	for name, p := range map[string]*Process{
		"codingame env": {Argv: []string{exe}, Env: CodinGameEnv()},
		"pty":           {Argv: []string{exe}, PTY: true},
	} {
		startProcess(t, p)
		for i := 0; i < 3; i++ {
			if got, ok := roundTrip(t, p, "turn", 2*time.Second); !ok || got != "WAIT" {
				t.Fatalf("%s, turn %d: %q ok=%v", name, i, got, ok)
			}
		}
	}
	bare := startProcess(t, &Process{Argv: []string{exe}})
	if got, ok := roundTrip(t, bare, "turn", 300*time.Millisecond); ok {
		t.Fatalf("through a bare pipe the unflushed answer %q should not arrive", got)
	}
}

// A CodinGame JavaScript bot uses the global readline() and print().
func TestCodinGameJavaScriptBot(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not installed")
	}
	dir := t.TempDir()
	js := filepath.Join(dir, "bot.js")
	os.WriteFile(js, []byte(`
const n = parseInt(readline());
for (let i = 0; i < n; i++) readline();
while (true) {
	const l = readline();
	if (l === undefined) break;
	print('echo ' + l);
	console.log('second line');
}
`), 0o644)
	p := startProcess(t, &Process{Argv: []string{"node", js}, Env: CodinGameEnv()})
	if got, ok := roundTrip(t, p, "2\na\nb\nturn 1", 10*time.Second); !ok || got != "echo turn 1" {
		t.Fatalf("first answer %q ok=%v", got, ok)
	}
	if l := <-p.Lines(); l.Text != "second line" {
		t.Fatalf("second line %q", l.Text)
	}
	if got, ok := roundTrip(t, p, "turn 2", 2*time.Second); !ok || got != "echo turn 2" {
		t.Fatalf("second answer %q", got)
	}
}

func TestLongLineAndCRLF(t *testing.T) {
	p := startProcess(t, &Process{Argv: Command("sh -c 'read l; printf \"abcdefghij\\r\\nok\\r\\n\"'"), MaxLine: 4})
	p.Send([]byte("go"), time.Now().Add(time.Second))
	first := <-p.Lines()
	second := <-p.Lines()
	if first.Text != "abcd" || !first.TooLong || second.Text != "ok" || second.TooLong {
		t.Fatalf("got %+v then %+v", first, second)
	}
}

func TestStartErrors(t *testing.T) {
	p := &Process{Argv: []string{"/nonexistent/bot"}}
	if err := p.Start(context.Background()); err == nil || !strings.Contains(err.Error(), "cannot start") {
		t.Fatalf("error %v", err)
	}
}

// Exit(0) of a bot that has ended reports its end every time: a transport
// that asks without waiting (WebSocketBot.Exit) must not be told at random
// that the bot still runs.
func TestExitWithoutWaiting(t *testing.T) {
	p := startProcess(t, &Process{Argv: Command("sh -c 'exit 3'")})
	if e, ok := p.Exit(5 * time.Second); !ok || e.Code != 3 {
		t.Fatalf("exit %v %v", e, ok)
	}
	for i := range 100 {
		if e, ok := p.Exit(0); !ok || e.Code != 3 {
			t.Fatalf("call %d: exit %v, ended %v", i, e, ok)
		}
	}
	b := &InProcess{Bot: game.BotFunc(func([]byte) []byte { panic("no") })}
	b.Start(context.Background())
	b.Send([]byte("x\n"), time.Now().Add(time.Second))
	if _, ok := b.Exit(5 * time.Second); !ok {
		t.Fatal("the builtin did not end")
	}
	for i := range 100 {
		if _, ok := b.Exit(0); !ok {
			t.Fatalf("builtin, call %d: not ended", i)
		}
	}
}

func FuzzParseStat(f *testing.F) {
	f.Add([]byte("1234 (my bot) S 1 1234 1234 0 -1 4194560 100 0 0 0 7 3 2 1 20 0 1 0 100 1000 10"))
	f.Add([]byte("1 (a) b) c) R 0 1 1 0 -1 0 0 0 0 0 1 2 3 4"))
	f.Add([]byte("1 (x"))
	f.Fuzz(func(t *testing.T, b []byte) {
		st, ok := parseStat(b)
		if ok && st.state == "" {
			t.Errorf("parsed %q without a state", b)
		}
	})
}

func TestParseStat(t *testing.T) {
	st, ok := parseStat([]byte("1234 (my ) bot) S 1 77 1234 0 -1 4194560 100 0 0 0 7 3 2 1 20 0 1 0 100 1000 10"))
	if !ok || st != (stat{state: "S", pgrp: 77, utime: 7, stime: 3, cutime: 2, cstime: 1, threads: 1}) {
		t.Fatalf("got %+v %v", st, ok)
	}
}

// TrySend writes what fits in the pipe and returns the rest at once, even
// to a bot that does not read.
func TestTrySend(t *testing.T) {
	p := startProcess(t, &Process{Argv: Command("sh -c 'read l; echo \"got $l\"; sleep 100'")})
	if rest, err := p.TrySend([]byte("hello")); err != nil || len(rest) != 0 {
		t.Fatalf("rest %q, err %v", rest, err)
	}
	select {
	case l := <-p.Lines():
		if l.Text != "got hello" {
			t.Fatalf("answer %q", l.Text)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no answer")
	}
	big := make([]byte, 1<<20)
	done := make(chan struct{})
	var rest []byte
	var err error
	go func() {
		rest, err = p.TrySend(big)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("TrySend waited for a bot that does not read")
	}
	if err != nil || len(rest) == 0 || len(rest) >= len(big) || rest[len(rest)-1] != '\n' {
		t.Fatalf("rest of %d bytes (err %v): want what did not fit, ending with the newline", len(rest), err)
	}
}

func readPid(t *testing.T, path string) int {
	t.Helper()
	for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(10 * time.Millisecond) {
		b, err := os.ReadFile(path)
		if n, err2 := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && err2 == nil && n > 0 {
			return n
		}
	}
	t.Fatalf("no pid in %s", path)
	return 0
}

// TestTrySendAfterSend: a deadline Send set on stdin, once passed, does not
// fail the next TrySend (it used to, with "i/o timeout", sending every
// later prompt of the match through Send and a goroutine after one prompt
// too big for the pipe).
func TestTrySendAfterSend(t *testing.T) {
	p := startProcess(t, &Process{Argv: Command("sh -c 'while read l; do echo \"got $l\"; done'")})
	deadline := time.Now().Add(300 * time.Millisecond)
	if err := p.Send([]byte("a"), deadline); errors.Is(err, ErrDeadline) {
		t.Skip("this machine did not write 2 bytes to a pipe within 300 ms")
	} else if err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Until(deadline) + 10*time.Millisecond)
	if rest, err := p.TrySend([]byte("b")); err != nil || len(rest) != 0 {
		t.Fatalf("TrySend after a Send whose deadline passed: rest %q, err %v", rest, err)
	}
	for _, want := range []string{"got a", "got b"} {
		select {
		case l := <-p.Lines():
			if l.Text != want {
				t.Fatalf("answer %q, want %q", l.Text, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no %q", want)
		}
	}
}

// A bot that stopped reading its input: once its stdin pipe is full, a
// message cannot be written by its deadline, and Send says how full the
// pipe was (InputFull, an ErrDeadline): more than the message's own bytes,
// so the bot had not read what came before it.
func TestSendToABotThatStoppedReading(t *testing.T) {
	p := startProcess(t, &Process{Argv: Command("sh -c 'echo WAIT; exec sleep 100'")})
	prompt := []byte(strings.Repeat("1 2 3\n", 100))
	written := 0
	var rest []byte
	for len(rest) == 0 {
		var err error
		rest, err = p.TrySend(prompt)
		if err != nil {
			t.Fatal(err)
		}
		written += len(prompt) - len(rest)
		if written > 64<<20 {
			t.Fatal("64 MiB written to a bot that does not read: the pipe never filled")
		}
	}
	tried := len(prompt) - len(rest)
	err := p.Send(rest, time.Now().Add(100*time.Millisecond))
	if !errors.Is(err, ErrDeadline) {
		t.Fatalf("Send to a full pipe: %v, want ErrDeadline", err)
	}
	var full *InputFull
	if !errors.As(err, &full) {
		t.Fatalf("Send to a full pipe: %T %v, want an *InputFull", err, err)
	}
	if full.Unread != written || full.Written != 0 || full.Unread-tried-full.Written <= 0 {
		t.Errorf("InputFull %+v: want %d bytes unread (all that was written), none written by Send", full, written)
	}
	if !strings.Contains(err.Error(), "its input pipe was full") {
		t.Errorf("error %q", err)
	}
}
