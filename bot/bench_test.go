package bot

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"testing"
	"time"
)

// BenchmarkProcessRoundTrip measures one turn's round trip (write a line,
// read the answer) with a trivial echo bot (/bin/cat) through Process, next
// to a raw pipe ping-pong with the same program, interleaved in the same
// run. It reports both and their ratio; the target is at most 1.5.
func BenchmarkProcessRoundTrip(b *testing.B) {
	for _, mode := range []struct {
		name string
		pty  bool
	}{{"pipe", false}, {"pty", true}} {
		b.Run(mode.name, func(b *testing.B) {
			raw := newRawEcho(b)
			p := &Process{Argv: []string{"/bin/cat"}, PTY: mode.pty, Env: CodinGameEnv()}
			if err := p.Start(context.Background()); err != nil {
				b.Fatal(err)
			}
			defer p.Close(time.Second)
			msg := []byte("turn 1\n")
			var rawTotal, botTotal time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				raw.roundTrip(b, msg)
				t1 := time.Now()
				if err := p.Send(msg, t1.Add(time.Second)); err != nil {
					b.Fatal(err)
				}
				<-p.Lines()
				botTotal += time.Since(t1)
				rawTotal += t1.Sub(t0)
			}
			b.StopTimer()
			n := float64(b.N)
			b.ReportMetric(float64(rawTotal.Nanoseconds())/n, "raw-ns/rt")
			b.ReportMetric(float64(botTotal.Nanoseconds())/n, "bot-ns/rt")
			b.ReportMetric(float64(botTotal)/float64(rawTotal), "ratio")
		})
	}
}

type rawEcho struct {
	in  *os.File
	out *bufio.Reader
}

func newRawEcho(b *testing.B) *rawEcho {
	cmd := exec.Command("/bin/cat")
	in, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { in.Close(); cmd.Wait() })
	return &rawEcho{in: in.(*os.File), out: bufio.NewReader(out)}
}

func (r *rawEcho) roundTrip(b *testing.B, msg []byte) {
	if _, err := r.in.Write(msg); err != nil {
		b.Fatal(err)
	}
	if _, err := r.out.ReadSlice('\n'); err != nil {
		b.Fatal(err)
	}
}
