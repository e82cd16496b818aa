package main

import (
	"fmt"
	"os/exec"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform/build"
)

func init() {
	var data string
	cmd := &cobra.Command{
		Use:   "pip-cache --data DIR PROJECT...",
		Short: "Add Python projects' packages to the platform's pip cache, from which builds without network install a requirements.txt",
		Long: `Download into DIR/pip-cache the Python packages that each PROJECT's
requirements.txt names (a team's kit, unzipped), using pip on this machine
and its network (pip download: the file's own options, such as
--index-url, hold).

Builds run in the sandbox, without network (build_network = off). When
DIR/pip-cache exists, a Python kit with a requirements.txt (arena serve
--data DIR, arena worker --data DIR) installs it from a copy of the cache
alone, into the kit's own directory. A package the cache lacks fails that
build with pip's "No matching distribution found for NAME": its project
added here, it builds. Events whose builds reach the registries
(build_network = registries) fetch from PyPI instead.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, projects []string) error {
			if data == "" {
				return fmt.Errorf("--data DIR is required: the platform's data directory")
			}
			if err := exec.Command("python3", "-m", "pip", "--version").Run(); err != nil {
				return fmt.Errorf("pip is not installed on this machine (python3 -m pip): %w", err)
			}
			cache := filepath.Join(data, build.PipCacheDir)
			for _, dir := range projects {
				if err := build.CachePip(cmd.Context(), dir, cache, cmd.ErrOrStderr()); err != nil {
					return fmt.Errorf("%s: %w", dir, err)
				}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "pip cache filled: %s\n", cache)
			return nil
		},
	}
	cmd.Flags().StringVar(&data, "data", "", "the platform's data directory")
	rootCmd.AddCommand(cmd)
}
