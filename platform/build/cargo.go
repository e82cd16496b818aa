package build

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/lang"
)

// WithCargo builds a Rust upload that has its own Cargo.toml as its
// author does, with cargo (lang.PlanCargo), its crates from where from
// says, rather than with the game's kit's rustc, which ignores it. It returns the kit unchanged for any other upload, and the
// notes the build's log starts with.
func WithCargo(m kits.Manifest, root string, from lang.CrateSource) (kits.Manifest, []string, error) {
	if m.Language != "rust" {
		return m, nil, nil
	}
	if _, err := os.Stat(filepath.Join(root, "Cargo.toml")); errors.Is(err, os.ErrNotExist) {
		return m, nil, nil
	}
	c, err := lang.PlanCargo(root, from)
	if err != nil {
		return m, nil, err
	}
	m.Build, m.Run = c.Build, "./"+lang.CargoProgram
	m.Requires = []string{"cargo", "rustc"}
	return m, c.Notes, nil
}
