package build

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
)

// PipCacheDir is where, in the platform's data directory, the Python
// packages of the builds are (CachePip fills it): a flat directory of
// wheels and source archives, as pip download leaves them.
const PipCacheDir = "pip-cache"

// buildPipCache is the name of a build's copy of the pip cache, in the
// directory it builds.
const buildPipCache = ".arena-pip-cache"

// pipOffline installs a Python kit's requirements.txt from the build's
// copy of the organiser's pip cache alone (the sandbox has no network):
// a package it lacks fails the build with pip's "No matching
// distribution found for NAME".
const pipOffline = "python3 -m pip install --disable-pip-version-check --no-cache-dir --no-input --no-index --find-links " + buildPipCache + " --target . -r requirements.txt"

// CachePip adds to cache (made if needed) the packages that the
// requirements.txt of the project in dir names, with pip on this machine
// and its network (pip download, which follows the file's own options,
// an --index-url among them): a team's project, whose packages the
// organiser lets the builds install offline. out receives pip's output.
func CachePip(ctx context.Context, dir, cache string, out io.Writer) error {
	req, err := filepath.Abs(filepath.Join(dir, "requirements.txt"))
	if err != nil {
		return err
	}
	if _, err := os.Stat(req); err != nil {
		return fmt.Errorf("no requirements.txt: %w", err)
	}
	cache, err = filepath.Abs(cache)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, "python3", "-m", "pip", "download", "--disable-pip-version-check",
		"--no-input", "--dest", cache, "-r", req)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("pip download: %w", err)
	}
	return nil
}
