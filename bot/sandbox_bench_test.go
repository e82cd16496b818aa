package bot

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/seed27749672/arena/sandbox"
	"github.com/seed27749672/arena/sandbox/sandboxtest"
)

// BenchmarkSandboxRoundTrip measures one turn's round trip with a trivial
// echo bot (/bin/cat) run contained, next to the same bot uncontained,
// interleaved in the same run. It reports both and their ratio; the target
// is at most 1.2 (the bot's stdin and stdout are the same pipes either way:
// the sandbox adds nothing per turn but the cgroup's accounting).
func BenchmarkSandboxRoundTrip(b *testing.B) {
	sandboxtest.NeedSandbox(b)
	plain := &Process{Argv: []string{"/bin/cat"}, Env: CodinGameEnv()}
	boxed := &Process{Argv: []string{"/bin/cat"}, Env: CodinGameEnv(), Sandbox: &sandbox.Limits{}}
	for _, p := range []*Process{plain, boxed} {
		if err := p.Start(context.Background()); err != nil {
			b.Fatal(err)
		}
		defer p.Close(time.Second)
	}
	msg := []byte("turn 1\n")
	roundTrip := func(p *Process) time.Duration {
		t0 := time.Now()
		if err := p.Send(msg, t0.Add(5*time.Second)); err != nil {
			b.Fatal(err)
		}
		<-p.Lines()
		return time.Since(t0)
	}
	roundTrip(boxed) // the first answer includes the start-up
	var plainTotal, boxedTotal time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		plainTotal += roundTrip(plain)
		boxedTotal += roundTrip(boxed)
	}
	b.StopTimer()
	n := float64(b.N)
	b.ReportMetric(float64(plainTotal.Nanoseconds())/n, "plain-ns/rt")
	b.ReportMetric(float64(boxedTotal.Nanoseconds())/n, "sandboxed-ns/rt")
	b.ReportMetric(float64(boxedTotal)/float64(plainTotal), "ratio")
}

// BenchmarkSandboxStart measures a bot's start-up to its first answer, and
// its end, contained and not, interleaved: the sandbox's cost per bot and
// per match (bwrap, the re-executed helpers, the cgroup, the directories).
func BenchmarkSandboxStart(b *testing.B) {
	sandboxtest.NeedSandbox(b)
	life := func(p *Process) time.Duration {
		t0 := time.Now()
		if err := p.Start(context.Background()); err != nil {
			b.Fatal(err)
		}
		if err := p.Send([]byte("hello\n"), t0.Add(10*time.Second)); err != nil {
			b.Fatal(err)
		}
		<-p.Lines()
		p.Close(0)
		return time.Since(t0)
	}
	var plainTotal, boxedTotal time.Duration
	for i := 0; i < b.N; i++ {
		plainTotal += life(&Process{Argv: []string{"/bin/cat"}, Env: CodinGameEnv()})
		boxedTotal += life(&Process{Argv: []string{"/bin/cat"}, Env: CodinGameEnv(), Sandbox: &sandbox.Limits{}})
	}
	n := float64(b.N)
	b.ReportMetric(float64(plainTotal.Microseconds())/n/1000, "plain-ms")
	b.ReportMetric(float64(boxedTotal.Microseconds())/n/1000, "sandboxed-ms")
}

// BenchmarkSandboxWebSocketRoundTrip is the same comparison for a
// WebSocket bot (this test binary as an echo client, see TestMain): the
// contained one reaches Arena through its forwarder and a unix socket, two
// more hops per message than the direct loopback connection.
func BenchmarkSandboxWebSocketRoundTrip(b *testing.B) {
	sandboxtest.NeedSandbox(b)
	plain := &WebSocketBot{Argv: []string{os.Args[0]}, Env: []string{"WSBOT=echo"}, Protocol: testProtocol}
	boxed := &WebSocketBot{Argv: []string{sandbox.Self}, Env: []string{"WSBOT=echo"}, Protocol: testProtocol, Sandbox: &sandbox.Limits{}}
	for _, w := range []*WebSocketBot{plain, boxed} {
		if err := w.Start(context.Background()); err != nil {
			b.Fatal(err)
		}
		defer w.Close(time.Second)
	}
	msg := []byte(`{"tick":1}`)
	roundTrip := func(w *WebSocketBot) time.Duration {
		t0 := time.Now()
		if err := w.Send(msg, t0.Add(10*time.Second)); err != nil {
			b.Fatal(err)
		}
		if _, ok := <-w.Lines(); !ok {
			e, _ := w.Exit(0)
			b.Fatalf("the bot is gone: %v", e)
		}
		return time.Since(t0)
	}
	roundTrip(plain) // the first answers wait for the registrations
	roundTrip(boxed)
	var plainTotal, boxedTotal time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		plainTotal += roundTrip(plain)
		boxedTotal += roundTrip(boxed)
	}
	b.StopTimer()
	n := float64(b.N)
	b.ReportMetric(float64(plainTotal.Nanoseconds())/n, "plain-ns/rt")
	b.ReportMetric(float64(boxedTotal.Nanoseconds())/n, "sandboxed-ns/rt")
	b.ReportMetric(float64(boxedTotal)/float64(plainTotal), "ratio")
}
