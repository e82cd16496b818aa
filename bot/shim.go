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

// stdbufLibs are where coreutils installs the library behind `stdbuf`.
var stdbufLibs = []string{
	"/usr/libexec/coreutils/libstdbuf.so", // Debian, Ubuntu
	"/usr/lib/coreutils/libstdbuf.so",     // Arch, Alpine
	"/usr/lib64/coreutils/libstdbuf.so",   // Fedora, RHEL
	"/usr/local/libexec/coreutils/libstdbuf.so",
}

// CodinGameEnv returns the environment a process bot gets so that programs
// written for CodinGame behave as they did there:
//   - C and C++ programs line-buffer stdout (coreutils' libstdbuf, preloaded
//     as `stdbuf -oL` does), so a bot that never calls fflush still answers;
//   - Python does not buffer stdout (PYTHONUNBUFFERED);
//   - Node.js preloads the readline shim (global readline, print, printErr).
func CodinGameEnv() []string {
	env := []string{"PYTHONUNBUFFERED=1"}
	for _, lib := range stdbufLibs {
		if _, err := os.Stat(lib); err == nil {
			env = append(env, "LD_PRELOAD="+joinEnv(os.Getenv("LD_PRELOAD"), lib), "_STDBUF_O=L")
			break
		}
	}
	if p := NodeShim(); p != "" {
		env = append(env, "NODE_OPTIONS="+joinEnv(os.Getenv("NODE_OPTIONS"), `--require="`+p+`"`))
	}
	return env
}

func joinEnv(old, add string) string {
	if old == "" {
		return add
	}
	return old + " " + add
}
