package bot

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"os"
	"path/filepath"
	"sync"
)

//go:embed shims/codingame.js
var codingameJS []byte

var (
	shimOnce sync.Once
	shimPath string
)

// NodeShim returns the path of the CodinGame shim for Node.js (global
// readline, print and printErr), written once per content into the user's
// cache directory. It returns "" when it cannot be written.
func NodeShim() string {
	shimOnce.Do(func() {
		sum := sha256.Sum256(codingameJS)
		dir, err := os.UserCacheDir()
		if err != nil {
			dir = os.TempDir()
		}
		dir = filepath.Join(dir, "arena")
		p := filepath.Join(dir, "codingame-"+hex.EncodeToString(sum[:6])+".js")
		if b, err := os.ReadFile(p); err == nil && string(b) == string(codingameJS) {
			shimPath = p
			return
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return
		}
		tmp := p + ".tmp" + hex.EncodeToString(sum[6:10])
		if err := os.WriteFile(tmp, codingameJS, 0o644); err != nil {
			return
		}
		if os.Rename(tmp, p) == nil {
			shimPath = p
		}
	})
	return shimPath
}

// CodinGameEnv returns the environment a process bot gets so that programs
// written for CodinGame behave as they did there: Node.js preloads the
// readline shim. (Line-buffered stdout comes from the pseudo-terminal.)
func CodinGameEnv() []string {
	p := NodeShim()
	if p == "" {
		return nil
	}
	opts := `--require="` + p + `"`
	if old := os.Getenv("NODE_OPTIONS"); old != "" {
		opts = old + " " + opts
	}
	return []string{"NODE_OPTIONS=" + opts}
}
