package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/seed27749672/arena/lang"
	"github.com/seed27749672/arena/sandbox"
)

func init() {
	sb := &cobra.Command{
		Use:   "sandbox",
		Short: "The sandbox that contains untrusted bots and builds",
		Long: `Bots run with --sandbox (and, on the platform, every bot and build) run
contained: the system read-only, a private work directory and /tmp, their own
PID and network namespaces, an unprivileged identity, and limits on memory,
processes, file size, open files and CPU time. It needs bubblewrap (bwrap).`,
	}
	check := &cobra.Command{
		Use:   "check",
		Short: "Say which protections this machine gives, and why not",
		Long: `Run a probe in a real sandbox and print each protection with how this machine
gives it, or why it does not; then every language of the registry with the
version its toolchain shows inside the sandbox, where the platform builds, or
what to install. The exit status is 0 when every protection is given, 1
otherwise.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ps, ready := sandbox.Check()
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
			for _, p := range ps {
				mark := "yes"
				if !p.OK {
					mark = "NO"
				}
				fmt.Fprintf(w, "%s\t%s\t%s\n", mark, p.Name, p.How)
			}
			w.Flush()
			if !ready {
				return exitError{code: 1, err: fmt.Errorf("this machine cannot run untrusted code contained (see the lines marked NO)")}
			}
			// the languages the platform can build: what the sandbox sees
			fmt.Fprintln(cmd.OutOrStdout(), "\nlanguages, as the sandbox sees them (builds and bots run there):")
			if seen, err := lang.Versions(runSandboxed); err != nil {
				fmt.Fprintf(cmd.OutOrStdout(), "the languages could not be probed: %v\n", err)
			} else {
				printLanguages(cmd.OutOrStdout(), seen)
			}
			fmt.Fprintln(cmd.OutOrStdout(), "ready: untrusted bots and builds can run contained here")
			return nil
		},
	}
	sb.AddCommand(check)
	rootCmd.AddCommand(sb)
}

// sandboxFlags are --sandbox and --sandbox-memory, shared by the commands
// that run bots.
type sandboxFlags struct {
	on     bool
	memory int // MiB
	cores  float64
}

func (f *sandboxFlags) add(fl *pflag.FlagSet) {
	fl.BoolVar(&f.on, "sandbox", false, "run the bots that are commands contained: read-only system, no network, own work dir, limits (needs bubblewrap; see: arena sandbox check)")
	fl.IntVar(&f.memory, "sandbox-memory", sandbox.DefaultMemory>>20, "memory limit of each sandboxed bot, in MiB")
	fl.Float64Var(&f.cores, "sandbox-cores", 1, "CPU cores each sandboxed bot may use, all its processes together (a cgroup quota; 0: no quota)")
}

// limits returns the sandbox limits the flags ask for, nil without
// --sandbox, or an error when this machine cannot sandbox at all.
func (f *sandboxFlags) limits() (*sandbox.Limits, error) {
	if !f.on {
		return nil, nil
	}
	if f.memory < 16 {
		return nil, fmt.Errorf("--sandbox-memory must be at least 16 (MiB), not %d", f.memory)
	}
	if err := sandbox.Ready(); err != nil {
		return nil, fmt.Errorf("--sandbox: %w (see: arena sandbox check)", err)
	}
	if f.cores < 0 {
		return nil, fmt.Errorf("--sandbox-cores must be at least 0, not %g", f.cores)
	}
	return &sandbox.Limits{Memory: int64(f.memory) << 20, Cores: f.cores}, nil
}
