package build

import (
	"os"
	"path/filepath"

	"github.com/seed27749672/arena/kits"
)

// pipInstall installs a Python kit's requirements.txt into the kit's own
// directory, where `python3 bot.py` finds them first (sys.path starts
// with the script's directory): its run command needs no variable, and
// the bot's sandbox shows the whole tree.
const pipInstall = "python3 -m pip install --disable-pip-version-check --no-cache-dir --no-input --target . -r requirements.txt"

// WithDependencies adds to the kit's build the installation of what the
// upload at root declares and the game's kit's build does not install: a
// Python kit's requirements.txt (the 2020 Flask bots'). For builds that
// reach the registries only: without network such a step could only fail
// a bot that may not need it (the smoke start says when a module is
// missing).
func WithDependencies(m kits.Manifest, root string) kits.Manifest {
	if m.Language != "python" {
		return m
	}
	if _, err := os.Stat(filepath.Join(root, "requirements.txt")); err != nil {
		return m
	}
	if m.Build == "" {
		m.Build = pipInstall
	} else {
		m.Build = pipInstall + " && " + m.Build
	}
	return m
}
