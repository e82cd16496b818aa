package sandbox

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// Result is how a sandboxed command ended.
type Result struct {
	Output  []byte // stdout and stderr interleaved, the last MaxOutput bytes
	Dropped int64  // earlier output bytes not kept
	Code    int    // exit status; 128+N when killed by signal N
	Status  string // "ok", "exited with status 2", "memory limit 768 MiB exceeded", "timed out", ...
	// Limit names a limit the command ran into ("process limit 256"), even
	// when it succeeded anyway; "" for none.
	Limit    string
	Duration time.Duration
}

// OK reports whether the command succeeded.
func (r Result) OK() bool { return r.Status == "ok" }

// MaxOutput is how much of a command's output Run keeps.
const MaxOutput = 1 << 20

// RunIn runs a shell command (sh -c) in a fresh sandbox made from cfg: its
// Dir the writable work directory, its ReadOnly what else the command sees
// of the read-only system, its Limits; env is added to BaseEnv. It is what
// the platform uses to build submissions. The command and everything it
// started are killed when ctx ends (Status "timed out" or "cancelled").
// The error is for a sandbox that could not be made or started; a command
// that fails is a Result.
func RunIn(ctx context.Context, cfg Config, command string, env []string) (Result, error) {
	return runWith(ctx, cfg, command, env, nil)
}

// runWith is RunIn with fd3, when not nil, given to the command as its
// file descriptor 3.
func runWith(ctx context.Context, cfg Config, command string, env []string, fd3 *os.File) (Result, error) {
	s, err := New(cfg)
	if err != nil {
		return Result{}, err
	}
	defer s.Close()
	for _, f := range cfg.Forward {
		if l := s.Listener(f.Port); f.Serve != nil && l != nil {
			go f.Serve(l) // ends when Close closes l
		}
	}
	cmd := exec.Command("/bin/sh", "-c", command)
	cmd.Env = env
	if fd3 != nil {
		cmd.ExtraFiles = []*os.File{fd3}
	}
	out := &Tail{Keep: MaxOutput}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := s.Wrap(cmd); err != nil {
		return Result{}, err
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return Result{}, err
	}
	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		case <-done:
		}
	}()
	werr := cmd.Wait()
	close(done)
	r := Result{Duration: time.Since(start), Code: -1}
	r.Output, r.Dropped = out.Bytes()
	var ee *exec.ExitError
	switch {
	case werr == nil:
		r.Code, r.Status = 0, "ok"
	case errors.As(werr, &ee):
		r.Code = ee.ExitCode()
		r.Status = "exited with status " + strconv.Itoa(r.Code)
	default:
		return r, werr
	}
	r.Limit = s.Verdict(r.Code)
	if r.Limit != "" && r.Code != 0 {
		r.Status = r.Limit + " exceeded"
	}
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		r.Status = "timed out"
	case ctx.Err() != nil:
		r.Status = "cancelled"
	}
	return r, nil
}

// Tail is a writer that keeps the last Keep bytes written to it, so that
// a command's output is bounded in memory however much it writes.
type Tail struct {
	Keep    int
	mu      sync.Mutex
	buf     bytes.Buffer
	dropped int64
}

func (t *Tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Write(p)
	if over := t.buf.Len() - t.Keep; over > 0 {
		t.buf.Next(over)
		t.dropped += int64(over)
	}
	return len(p), nil
}

// Bytes returns a copy of the bytes kept and how many earlier ones were
// dropped.
func (t *Tail) Bytes() ([]byte, int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return bytes.Clone(t.buf.Bytes()), t.dropped
}
