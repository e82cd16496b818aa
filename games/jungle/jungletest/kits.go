// Package jungletest finds and builds jungle's starter kits for the tests
// that play them (the game's own and the host's).
package jungletest

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// kitDir is kits/jungle/NAME, found from this file's place in the module.
func kitDir(name string) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "kits", "jungle", name)
}

// JSKit returns the path of the JavaScript kit's index.js, skipping the
// test when node or the kit's dependencies are missing, except under CI
// (which installs them: see .ci/run), where that is a failure.
func JSKit(t testing.TB) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	dir := kitDir("javascript")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "ws")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("the JavaScript kit's dependencies are missing: npm ci --prefix kits/jungle/javascript")
		}
		t.Skip("run: npm ci --prefix kits/jungle/javascript")
	}
	return filepath.Join(dir, "index.js")
}

var (
	goKitOnce sync.Once
	goKitPath string
	goKitOut  []byte
	goKitErr  error
)

// GoKit builds the Go kit, once per test binary, and returns the binary.
func GoKit(t testing.TB) string {
	t.Helper()
	goKitOnce.Do(func() {
		dir, err := os.MkdirTemp("", "jungle-gokit")
		if err != nil {
			goKitErr = err
			return
		}
		goKitPath = filepath.Join(dir, "gokit")
		goKitOut, goKitErr = exec.Command("go", "build", "-o", goKitPath, kitDir("go")).CombinedOutput()
	})
	if goKitErr != nil {
		t.Fatalf("building the Go kit: %v\n%s", goKitErr, goKitOut)
	}
	return goKitPath
}

// PythonKit returns the command that runs the Python kit (python3 and the
// path of its bot.py). It needs a python3 that imports websockets
// (Debian's python3-websockets, installed by .ci/run): the python3 of the
// PATH when it does, else Debian's /usr/bin/python3 (a pyenv python3
// earlier on the PATH lacks Debian's modules). Without one the test is
// skipped, except under CI, where that is a failure.
func PythonKit(t testing.TB) []string {
	t.Helper()
	for _, py := range []string{"python3", "/usr/bin/python3"} {
		if exec.Command(py, "-c", "import websockets").Run() == nil {
			return []string{py, filepath.Join(kitDir("python"), "bot.py")}
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no python3 imports websockets: apt-get install python3-websockets")
	}
	t.Skip("no python3 imports websockets (apt-get install python3-websockets)")
	return nil
}

// builds are the kits compiled once per test binary, by name.
var builds sync.Map

type compiled struct {
	once sync.Once
	path string
	out  []byte
	err  error
}

// compile builds a kit once per test binary with the compiler and
// arguments of its kit.json (the output -o is added), skipping the test
// when the compiler is missing.
func compile(t testing.TB, name, compiler string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath(compiler); err != nil {
		t.Skipf("%s is not installed", compiler)
	}
	v, _ := builds.LoadOrStore(name, &compiled{})
	c := v.(*compiled)
	c.once.Do(func() {
		dir, err := os.MkdirTemp("", "jungle-"+name+"kit")
		if err != nil {
			c.err = err
			return
		}
		c.path = filepath.Join(dir, "bot")
		cmd := exec.Command(compiler, append(args, "-o", c.path)...)
		cmd.Dir = kitDir(name)
		c.out, c.err = cmd.CombinedOutput()
	})
	if c.err != nil {
		t.Fatalf("building the %s kit: %v\n%s", name, c.err, c.out)
	}
	return c.path
}

// RustKit builds the Rust kit (rustc) and returns the binary.
func RustKit(t testing.TB) string {
	t.Helper()
	return compile(t, "rust", "rustc", "-O", "--edition", "2021", "bot.rs")
}

// CppKit builds the C++ kit (g++ with WebSocket++ and Asio) and returns
// the binary.
func CppKit(t testing.TB) string {
	t.Helper()
	return compile(t, "cpp", "g++", "-O2", "-std=c++17", "bot.cpp", "-pthread")
}
