package main

import (
	"fmt"
	"os"
	"runtime/pprof"

	"github.com/spf13/pflag"
)

// profileFlag is --cpuprofile: Arena's own CPU profile while a command
// plays (go tool pprof FILE), to see where the runner's time goes.
type profileFlag struct{ path string }

func (p *profileFlag) add(fl *pflag.FlagSet) {
	fl.StringVar(&p.path, "cpuprofile", "", "write Arena's own CPU profile to this file (read it with go tool pprof)")
}

// run runs f with the profile on, when asked for.
func (p *profileFlag) run(f func() error) error {
	if p.path == "" {
		return f()
	}
	out, err := os.Create(p.path)
	if err != nil {
		return fmt.Errorf("--cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(out); err != nil {
		out.Close()
		return fmt.Errorf("--cpuprofile: %w", err)
	}
	err = f()
	pprof.StopCPUProfile()
	if cerr := out.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("--cpuprofile: %w", cerr)
	}
	return err
}
