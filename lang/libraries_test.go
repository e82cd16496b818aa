package lang

import (
	"os/exec"
	"slices"
	"testing"
)

// The library commands, run on this machine, find what .ci/run installs:
// Debian's rand crate, Python's websockets, WebSocket++ and Asio; and the
// version parser is not misled by the libraries' part of the script.
func TestLibrariesFound(t *testing.T) {
	// the languages with libraries, and one without (quick to probe)
	ls := slices.DeleteFunc(All(), func(l Language) bool { return l.Libraries == "" && l.Name != "bash" })
	out, err := exec.Command("sh", "-c", "PATH=/usr/bin:/bin; "+VersionScript(ls)+LibraryScript(ls)).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	libs, versions := ParseLibraries(out), ParseVersions(out)
	has := func(lang, name string) bool {
		return slices.ContainsFunc(libs[lang], func(l Library) bool { return l.Name == name })
	}
	for _, c := range []struct{ lang, lib, needs string }{
		{"rust", "rand", CrateRegistry + "/rand-0.8.5"},
		{"python", "websockets", "/usr/lib/python3/dist-packages/websockets"},
		{"cpp", "websocketpp", "/usr/include/websocketpp"},
		{"cpp", "asio", "/usr/include/asio.hpp"},
	} {
		if exec.Command("test", "-e", c.needs).Run() != nil {
			t.Logf("no %s here: %s not checked", c.needs, c.lib)
			continue
		}
		if !has(c.lang, c.lib) {
			t.Errorf("%s: %s not found in %v", c.lang, c.lib, libs[c.lang])
		}
	}
	for _, l := range libs["rust"] {
		if l.Version == "" {
			t.Errorf("the crate %s has no version", l.Name)
		}
	}
	for name, v := range versions {
		if v != "" && (v[0] == '@' || slices.ContainsFunc(libs[name], func(l Library) bool { return v == l.Name })) {
			t.Errorf("%s: version %q is from the libraries' part", name, v)
		}
	}
	if got := ParseLibraries([]byte(libMarker + "rust\nrand==0.8.5 regex==1.7.1\n" + libMarker + "cpp\n\n")); len(got["rust"]) != 2 || got["rust"][1] != (Library{"regex", "1.7.1"}) || len(got["cpp"]) != 0 {
		t.Errorf("parsed %v", got)
	}
}
