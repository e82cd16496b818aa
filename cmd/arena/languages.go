package main

import (
	"context"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/lang"
	"github.com/seed27749672/arena/sandbox"
)

func init() {
	rootCmd.AddCommand(&cobra.Command{
		Use:   "languages",
		Short: "The languages a bot may be written in as one source file, and their versions here",
		Long: `List every language of the registry (docs/languages.md): its file extensions
and the version of its toolchain on this machine, or the Debian packages to
install. A source file of one of them is a bot (arena play ants --bot
Solution.java) and a team's upload on the platform. arena sandbox check says
what the sandbox, where the platform builds, sees.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			seen, err := lang.Versions(runHere)
			if err != nil {
				return err
			}
			printLanguages(cmd.OutOrStdout(), seen)
			return nil
		},
	})
}

// runHere runs a probe script on this machine, with its PATH.
func runHere(script string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	return exec.CommandContext(ctx, "/bin/sh", "-c", script).Output()
}

// runSandboxed runs a probe script in a sandbox, shown the toolchains'
// files outside the system's directories.
func runSandboxed(script string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	r, err := sandbox.RunIn(ctx, sandbox.Config{ReadOnly: lang.ShownToAll()}, script, nil)
	return r.Output, err
}

// printLanguages prints a table of languages with the version seen, or
// what to install, and the CodinGame languages that cannot be had.
func printLanguages(w io.Writer, seen []lang.Seen) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "LANGUAGE\tFILES\tVERSION")
	for _, s := range seen {
		v := s.Version
		if v == "" {
			v = "missing: " + s.Install()
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", s.Title, strings.Join(s.Extensions, " "), v)
	}
	tw.Flush()
	for _, m := range lang.Missing {
		fmt.Fprintf(w, "%s: not offered: %s\n", m.Title, m.Why)
	}
}
