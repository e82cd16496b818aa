package files

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"

	"github.com/seed27749672/arena/kits"
)

// KitZip is a starter kit as a zip, its files in a folder named for the
// game and language: what a team downloads, modifies and uploads back.
func KitZip(game, lang string) ([]byte, error) {
	tmp, err := os.MkdirTemp("", "arena-kit-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	dir := filepath.Join(tmp, game+"-"+lang)
	if err := kits.Write(game, lang, dir); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	if err := zw.AddFS(os.DirFS(tmp)); err != nil {
		return nil, err
	}
	err = zw.Close()
	return buf.Bytes(), err
}
