package platform

import (
	"context"
	"os/exec"
	"sync"
	"time"

	"github.com/seed27749672/arena/lang"
	"github.com/seed27749672/arena/sandbox"
)

// languages is the registry's languages as this machine's builds see
// them, probed once: the toolchains do not change while the server runs.
type languages struct {
	mu        sync.Mutex
	seen      []lang.Seen
	sandboxed bool
}

// Languages are the registry's languages with their versions and
// libraries as the platform's builds and bots see them: probed in one
// sandbox (on this machine where it cannot sandbox: sandboxed false),
// the first time they are asked for. A probe that fails is tried again
// on the next call.
func (p *Platform) Languages(ctx context.Context) ([]lang.Seen, bool, error) {
	l := &p.languages
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.seen != nil {
		return l.seen, l.sandboxed, nil
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	sandboxed := sandbox.Ready() == nil
	run := func(script string) ([]byte, error) {
		if !sandboxed {
			return exec.CommandContext(ctx, "/bin/sh", "-c", script).Output()
		}
		r, err := sandbox.RunIn(ctx, sandbox.Config{ReadOnly: lang.ShownToAll()}, script, nil)
		return r.Output, err
	}
	seen, err := lang.Versions(run)
	if err != nil {
		return nil, false, err
	}
	l.seen, l.sandboxed = seen, sandboxed
	return seen, sandboxed, nil
}
