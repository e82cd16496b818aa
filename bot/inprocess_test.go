package bot

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"github.com/seed27749672/arena/game"
)

// TestInProcessStampsWhenTaken: an in-process bot's clock starts when its
// goroutine takes the message. Queued while the bot is still busy for 300
// ms with the previous one, the message is stamped 300 ms after it was
// queued; and the bot's answer is stamped when Respond returns.
func TestInProcessStampsWhenTaken(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := &InProcess{Bot: game.BotFunc(func(msg []byte) []byte {
			if string(msg) == "busy" {
				time.Sleep(300 * time.Millisecond)
				return []byte("done\n")
			}
			time.Sleep(10 * time.Millisecond)
			return []byte("answer\n")
		})}
		if err := b.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		defer b.Close(time.Second)
		t0 := time.Now()
		if at, err := b.SendStamped([]byte("busy"), t0.Add(time.Hour)); err != nil || !at.Equal(t0) {
			t.Fatalf("first message stamped %v, %v; want at once", at.Sub(t0), err)
		}
		at, err := b.SendStamped([]byte("prompt"), t0.Add(time.Hour))
		if err != nil || at.Sub(t0) != 300*time.Millisecond {
			t.Fatalf("second message stamped %v after it was queued (%v); want 300ms, when the bot took it", at.Sub(t0), err)
		}
		<-b.Lines()
		l := <-b.Lines()
		if l.Text != "answer" || l.At.Sub(at) != 10*time.Millisecond {
			t.Errorf("answer %q stamped %v after the bot took the prompt, want 10ms", l.Text, l.At.Sub(at))
		}
		// Still busy at the deadline: the time it was queued, and no error
		// (the message stays queued, like a prompt in a pipe).
		b.SendStamped([]byte("busy"), t0.Add(time.Hour))
		t1 := time.Now()
		if at, err := b.SendStamped([]byte("prompt"), t1.Add(50*time.Millisecond)); err != nil || !at.Equal(t1) {
			t.Errorf("late take: stamped %v after queueing, %v; want 0 and no error", at.Sub(t1), err)
		}
	})
}

// TestBuiltinIsTrusted: builtins opened from a spec are trusted (never
// timed out by the runner); a plain InProcess is not.
func TestBuiltinIsTrusted(t *testing.T) {
	info := game.Info{Name: "g", Builtins: []game.Builtin{{Name: "x", New: func(int64) game.Bot {
		return game.BotFunc(func([]byte) []byte { return nil })
	}}}}
	open, err := Open(info, Spec{Kind: "builtin", Target: "x"}, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := open()
	if tr, ok := b.(Trusted); !ok || !tr.Trusted() {
		t.Error("a builtin is not trusted")
	}
	if (&InProcess{}).Trusted() {
		t.Error("a plain InProcess is trusted")
	}
}

// The waits at Start are limits of the match: the time scale the runner
// puts in Start's context multiplies them.
func TestScaledByContext(t *testing.T) {
	ctx := context.Background()
	if d := scaled(ctx, time.Second); d != time.Second {
		t.Errorf("no scale: %v", d)
	}
	if d := scaled(WithTimeScale(ctx, 2.5), time.Second); d != 2500*time.Millisecond {
		t.Errorf("scale 2.5: %v", d)
	}
}

// TestInProcessKeepsAnswers: a builtin may write its next answer in the
// memory of its last one (game.Bot); the lines read from it stay as they
// were written.
func TestInProcessKeepsAnswers(t *testing.T) {
	var buf []byte
	b := &InProcess{Bot: game.BotFunc(func(msg []byte) []byte {
		buf = append(append(buf[:0], msg...), '\n')
		return buf
	})}
	if err := b.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer b.Close(time.Second)
	want := []string{"first", "secnd", "third"}
	for _, m := range want {
		if err := b.Send([]byte(m), time.Now().Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	for _, w := range want {
		if l := <-b.Lines(); l.Text != w {
			t.Fatalf("line %q, want %q", l.Text, w)
		}
	}
}

// TestAnswerOnTheCallersGoroutine: a builtin answers Answer at once, its
// lines split as its goroutine would send them (a CR before the newline
// dropped) and stamped when Respond returned, its time counted as its CPU;
// a bot that is not a builtin refuses, since the caller could not stop
// waiting for it.
func TestAnswerOnTheCallersGoroutine(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := &InProcess{Bot: game.BotFunc(func(msg []byte) []byte {
			time.Sleep(20 * time.Millisecond)
			return append([]byte("MOVE 1\r\nMSG "), msg...)
		}), Builtin: true}
		if err := b.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		defer b.Close(time.Second)
		t0 := time.Now()
		lines, taken, err := b.Answer([]byte("hi"), nil, []Line{{At: t0}})
		if err != nil || !taken.Equal(t0) {
			t.Fatalf("taken %v, %v", taken.Sub(t0), err)
		}
		if len(lines) != 3 || lines[1].Text != "MOVE 1" || lines[2].Text != "MSG hi" {
			t.Fatalf("lines %+v", lines)
		}
		for _, l := range lines[1:] {
			if l.At.Sub(t0) != 20*time.Millisecond {
				t.Errorf("%q stamped %v after the prompt, want 20ms", l.Text, l.At.Sub(t0))
			}
		}
		if cpu, _ := b.CPU(); cpu != 20*time.Millisecond {
			t.Errorf("CPU %v, want 20ms", cpu)
		}
	})
	plain := &InProcess{Bot: game.BotFunc(func([]byte) []byte { return []byte("x\n") })}
	if err := plain.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer plain.Close(time.Second)
	if _, _, err := plain.Answer([]byte("hi"), nil, nil); err == nil {
		t.Error("a bot that is not a builtin answered on the caller's goroutine")
	}
}
