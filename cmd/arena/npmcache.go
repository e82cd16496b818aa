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
		Use:   "npm-cache --data DIR [PROJECT...]",
		Short: "Fill the platform's npm cache, from which builds of TypeScript and JavaScript kits install their packages",
		Long: `Fill DIR/npm-cache with the npm packages of every starter kit that has a
package-lock.json (the TypeScript kits, and JavaScript kits with
dependencies), using npm on this machine and its network; given PROJECT
directories (a team's kit, unzipped: its package.json and
package-lock.json), with their packages instead, added to what the cache
holds.

Builds run in the sandbox, without network: npm ci there can fetch nothing.
When DIR/npm-cache exists, each build (arena serve --data DIR, arena worker
--data DIR) gets a copy of it and its npm installs from the copy alone
(offline). Run it once on every machine that builds, and again after
upgrading Arena (its kits may pin other versions). A submission whose
package-lock.json asks for packages the cache does not hold fails to build
with npm's ENOTCACHED error: its project added here, it builds.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, projects []string) error {
			if data == "" {
				return fmt.Errorf("--data DIR is required: the platform's data directory")
			}
			if _, err := exec.LookPath("npm"); err != nil {
				return fmt.Errorf("npm is not installed on this machine: %w", err)
			}
			cache := filepath.Join(data, build.NPMCacheDir)
			if len(projects) == 0 {
				if err := build.FillNPMCache(cmd.Context(), cache, cmd.ErrOrStderr()); err != nil {
					return err
				}
			}
			for _, dir := range projects {
				// in a copy: npm ci replaces the project's node_modules
				if err := build.CacheNPMCopy(cmd.Context(), dir, cache, cmd.ErrOrStderr()); err != nil {
					return fmt.Errorf("%s: %w", dir, err)
				}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "npm cache filled: %s\n", cache)
			return nil
		},
	}
	cmd.Flags().StringVar(&data, "data", "", "the platform's data directory")
	rootCmd.AddCommand(cmd)
}
