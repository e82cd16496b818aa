package build

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/seed27749672/arena/kits"
)

// CheckRunFiles says at once what to add when a kit with nothing to build
// lacks a file its run command names (`python3 bot.py` for a zip whose
// bot starts from main.py): the run command is the game's kit's, not the
// upload's. Kits that build make their run files (dist/index.js), which
// the smoke start checks.
func CheckRunFiles(m kits.Manifest, root string) error {
	if m.Build != "" {
		return nil
	}
	for _, w := range strings.Fields(m.Run) {
		if strings.HasPrefix(w, "-") || path.Ext(w) == "" || filepath.IsAbs(w) {
			continue
		}
		if _, err := os.Stat(filepath.Join(root, w)); err != nil {
			return fmt.Errorf("the %s kit starts the bot with `%s`, and the upload has no %s beside its other files: add it (rename your bot's entry file to %s, or add a %s that starts it)", m.Kit, m.Run, w, w, w)
		}
	}
	return nil
}
