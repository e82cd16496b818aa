package bot

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/seed27749672/arena/sandbox"
	"github.com/seed27749672/arena/sandbox/sandboxtest"
)

// zombies lists this process's children that have ended and are not yet
// reaped, as "PID (name)".
func zombies() []string {
	var out []string
	for _, pid := range ownChildren() {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			continue
		}
		s := string(b)
		if i := strings.LastIndexByte(s, ')'); i > 0 && strings.HasPrefix(s[i+1:], " Z") {
			out = append(out, s[:i+1])
		}
	}
	return out
}

// The ways a bot's life ends, as real tiny programs: at once, after its
// first line, daemonising (a double fork that outlives it, and setsid),
// or killed by Arena at the end of its match.
var endings = []struct{ name, script string }{
	{"exits at once", "exit 0"},
	{"exits after a line", "read x; echo 1; exit 3"},
	{"double fork", "(sleep 100 &) ; (setsid sleep 100 &) ; read x"},
	{"killed", "trap '' TERM; while :; do read x; done"},
}

// TestEveryChildReaped plays 200 bot lives, four at a time, in each way,
// and counts the zombies this process is left with: a handful at most
// while lives end, none once the last has ended. Sandboxed bots once left
// one zombie (their sandbox's init) for every life.
func TestEveryChildReaped(t *testing.T) {
	for _, boxed := range []bool{false, true} {
		t.Run(fmt.Sprintf("sandbox=%v", boxed), func(t *testing.T) {
			if boxed {
				sandboxtest.NeedSandbox(t)
			}
			before := len(zombies())
			lives(t, 200, boxed)
			deadline := time.Now().Add(10 * time.Second)
			for len(zombies()) > before && time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond)
			}
			if z := zombies(); len(z) > before {
				t.Errorf("%d zombies after 200 bot lives (%d before): %v", len(z), before, z[:min(5, len(z))])
			}
		})
	}
}

// lives plays n bot lives, 4 at a time, cycling through endings.
func lives(t *testing.T, n int, boxed bool) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for i := range n {
		e := endings[i%len(endings)]
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			p := &Process{Argv: []string{"/bin/sh", "-c", e.script}}
			if boxed {
				p.Sandbox = &sandbox.Limits{}
			}
			if err := p.Start(context.Background()); err != nil {
				t.Errorf("%s: %v", e.name, err)
				return
			}
			p.Send([]byte("go"), time.Now().Add(time.Second))
			p.Exit(50 * time.Millisecond)
			p.Close(50 * time.Millisecond)
		})
	}
	wg.Wait()
}
