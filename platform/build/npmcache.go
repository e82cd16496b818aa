package build

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/seed27749672/arena/kits"
)

// NPMCacheDir is where, in the platform's data directory, the npm cache of
// the builds is (FillNPMCache fills it).
const NPMCacheDir = "npm-cache"

// registryFile, in an npm cache, records the registry it was filled from:
// npm keys its cache by URL, so the builds must ask the same registry.
const registryFile = "arena-registry"

// buildCache is the name of a build's copy of the npm cache, in the
// directory it builds.
const buildCache = ".arena-npm-cache"

// lendNPMCache copies the npm cache into root for one build. npm cannot
// read a read-only cache (each lookup rewrites the cache's index), and the
// organiser's cache must not be the builds' to change: each gets a copy
// (tens of megabytes for the kits), removed after the build.
func lendNPMCache(cache, root string) (string, error) {
	return lendCopy(cache, filepath.Join(root, buildCache), "npm")
}

// lendCopy copies the organiser's cache to dst, in a build's tree. A
// copy, not hard links: the sandbox lends the build's tree to its
// identity, files included, and a link would lend the organiser's files
// too.
func lendCopy(cache, dst, what string) (string, error) {
	if err := os.RemoveAll(dst); err != nil {
		return "", err
	}
	err := filepath.WalkDir(cache, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(cache, p)
		to := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.Mkdir(to, 0o755)
		case d.Type().IsRegular():
			return copyRegular(p, to)
		}
		return nil // links and the like: the caches hold none
	})
	if err != nil {
		os.RemoveAll(dst)
		return "", fmt.Errorf("copying the %s cache %s: %w", what, cache, err)
	}
	return dst, nil
}

func copyRegular(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// npmEnv is what a build's npm is told: install only from its copy of the
// cache (no log files in it, no update check), from the registry the cache
// was filled from.
func npmEnv(cache, copy string) []string {
	env := []string{"npm_config_cache=" + copy, "npm_config_offline=true",
		"npm_config_logs_max=0", "npm_config_update_notifier=false"}
	if b, err := os.ReadFile(filepath.Join(cache, registryFile)); err == nil {
		env = append(env, "npm_config_registry="+strings.TrimSpace(string(b)))
	}
	return env
}

// FillNPMCache puts in cache (made if needed) the npm packages that every
// kit with a package-lock.json installs, with npm on this machine and its
// network: builds run without network, and install from this cache. out
// receives npm's output.
func FillNPMCache(ctx context.Context, cache string, out io.Writer) error {
	tmp, err := os.MkdirTemp("", "arena-npm-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	n := 0
	for _, game := range kits.Games() {
		langs, _ := kits.Languages(game)
		for _, lang := range langs {
			dir := filepath.Join(tmp, game+"-"+lang)
			if err := kits.Write(game, lang, dir); err != nil {
				return err
			}
			if _, err := os.Stat(filepath.Join(dir, "package-lock.json")); err != nil {
				continue
			}
			fmt.Fprintf(out, "== %s %s\n", game, lang)
			if err := CacheNPMProject(ctx, dir, cache, out); err != nil {
				return fmt.Errorf("%s %s kit: %w", game, lang, err)
			}
			n++
		}
	}
	if n == 0 {
		return fmt.Errorf("no kit has a package-lock.json")
	}
	return nil
}

// CacheNPMCopy is CacheNPMProject on a copy of the project in dir (its
// package.json and package-lock.json), leaving dir as it was: a team's
// project, whose packages the organiser adds to the cache.
func CacheNPMCopy(ctx context.Context, dir, cache string, out io.Writer) error {
	tmp, err := os.MkdirTemp("", "arena-npm-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	for _, name := range []string{"package.json", "package-lock.json"} {
		if err := copyRegular(filepath.Join(dir, name), filepath.Join(tmp, name)); err != nil {
			return fmt.Errorf("a project's %s: %w", name, err)
		}
	}
	return CacheNPMProject(ctx, tmp, cache, out)
}

// CacheNPMProject installs the npm project in dir (npm ci, no scripts run)
// with cache as npm's cache, which keeps every package it fetched, and
// records the registry.
func CacheNPMProject(ctx context.Context, dir, cache string, out io.Writer) error {
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return err
	}
	cache, err := filepath.Abs(cache)
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, "npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--cache", cache)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, out, out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("npm ci: %w", err)
	}
	reg := exec.CommandContext(ctx, "npm", "config", "get", "registry")
	reg.Dir = dir
	b, err := reg.Output()
	if err != nil {
		return fmt.Errorf("npm config get registry: %w", err)
	}
	return os.WriteFile(filepath.Join(cache, registryFile), b, 0o644)
}
