package build

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/seed27749672/arena/kits"
)

// pipInstall installs a Python kit's requirements.txt into the kit's own
// directory, where `python3 bot.py` finds them first (sys.path starts
// with the script's directory): its run command needs no variable, and
// the bot's sandbox shows the whole tree.
const pipInstall = "python3 -m pip install --disable-pip-version-check --no-cache-dir --no-input --target . -r requirements.txt"

// npmInstall installs a JavaScript kit's package-lock.json into its
// node_modules/, beside bot.js: the packages the bot runs with, not its
// authors' tools (devDependencies).
const npmInstall = "npm ci --omit=dev --no-audit --no-fund"

// WithDependencies adds to the kit's build the installation of what the
// upload at root declares and the game's kit's build does not install: a
// Python kit's requirements.txt (the 2020 Flask bots'), when the build
// reaches the registries (fetch), or else from the organiser's pip cache
// (pipCache: the caller lends one); without either, pip could only fail
// a bot that may not need it (the smoke start says when a module is
// missing); a JavaScript kit's package-lock.json, fetching or from the
// organiser's npm cache (the caller lends one where fetch is not set).
func WithDependencies(m kits.Manifest, root string, fetch, pipCache bool) kits.Manifest {
	switch {
	case m.Language == "python" && fetch && exists(root, "requirements.txt"):
		return prefixBuild(m, pipInstall)
	case m.Language == "python" && pipCache && exists(root, "requirements.txt"):
		return prefixBuild(m, pipOffline)
	case m.Language == "javascript" && exists(root, "package-lock.json") && !strings.Contains(m.Build, "npm ci"):
		return prefixBuild(m, npmInstall)
	}
	return m
}

func prefixBuild(m kits.Manifest, step string) kits.Manifest {
	if m.Build == "" {
		m.Build = step
	} else {
		m.Build = step + " && " + m.Build
	}
	return m
}

func exists(root, name string) bool {
	_, err := os.Stat(filepath.Join(root, name))
	return err == nil
}
