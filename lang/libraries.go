package lang

import (
	"fmt"
	"strings"
)

// The libraries a bot may use beyond its language's standard one, as a
// machine (or a sandbox) has them: what the languages page lists, as
// CodinGame's FAQ lists its languages' libraries.

// rustLibraries lists the crates of Crates in Debian's registry, which a
// single file's build uses offline (planRust).
var rustLibraries = fmt.Sprintf(`cd %s 2>/dev/null && for c in %s; do for d in "$c"-[0-9]*; do [ -d "$d" ] && printf '%%s==%%s ' "$c" "${d#"$c"-}"; done; done; echo`,
	CrateRegistry, strings.Join(Crates, " "))

// pythonLibraries lists the modules beyond the standard library that
// Python bots are known to import (the 2022 kits' websockets, the 2020
// HTTP bots' Flask and gevent, CodinGame's NumPy) and this python3 has.
const pythonLibraries = `python3 -c '
import importlib.metadata as m
found = []
for name in ("numpy", "websockets", "flask", "gevent"):
    try:
        found.append(name + "==" + m.version(name))
    except m.PackageNotFoundError:
        pass
print(" ".join(found))
'`

// cppLibraries lists the header-only libraries of the jungle kit
// (WebSocket++ over standalone Asio) and Boost, where installed.
const cppLibraries = `for h in websocketpp:websocketpp/client.hpp asio:asio.hpp boost:boost/version.hpp; do [ -f "/usr/include/${h#*:}" ] && printf '%s ' "${h%%:*}"; done; echo`

const libMarker = "@@arena-libraries "

// LibraryScript is a shell script that prints the libraries of each
// language that lists them, after a marker line.
func LibraryScript(ls []Language) string {
	var b strings.Builder
	for _, l := range ls {
		if l.Libraries == "" {
			continue
		}
		fmt.Fprintf(&b, "echo '%s%s'\n(%s) </dev/null 2>/dev/null\n", libMarker, l.Name, l.Libraries)
	}
	return b.String()
}

// Library is one library a bot may use; Version is "" when unknown.
type Library struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

// ParseLibraries reads LibraryScript's output: each listing language's
// libraries (none where its command printed nothing).
func ParseLibraries(out []byte) map[string][]Library {
	libs := map[string][]Library{}
	name := ""
	for _, line := range strings.Split(string(out), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, libMarker):
			name = strings.TrimPrefix(line, libMarker)
		case strings.HasPrefix(line, marker):
			name = ""
		case name != "" && libs[name] == nil:
			for _, w := range strings.Fields(line) {
				n, v, _ := strings.Cut(w, "==")
				libs[name] = append(libs[name], Library{Name: n, Version: v})
			}
		}
	}
	return libs
}
