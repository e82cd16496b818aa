// Package cpuhog loads the machine on purpose: processes that only burn
// CPU, for the tests and benchmarks that show what a busy machine does to
// a bot's time (and that Arena tells the machine's fault from the bot's).
package cpuhog

import (
	"os/exec"
	"runtime"
	"syscall"
)

// Start starts n processes that burn CPU until stop is called (n <= 0: two
// per core, so that every core stays busy whatever else runs). They are
// processes, not goroutines: goroutines would compete inside Arena's own
// scheduler, which is not how another program's load is felt.
func Start(n int) (stop func(), err error) {
	if n <= 0 {
		n = 2 * runtime.NumCPU()
	}
	var cmds []*exec.Cmd
	stop = func() {
		for _, c := range cmds {
			c.Process.Kill()
			c.Wait()
		}
	}
	for range n {
		c := exec.Command("/bin/sh", "-c", "while :; do :; done")
		c.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		if err := c.Start(); err != nil {
			stop()
			return nil, err
		}
		cmds = append(cmds, c)
	}
	return stop, nil
}
