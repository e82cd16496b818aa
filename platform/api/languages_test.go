package api_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/lang"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/sandbox"
)

// The languages page's document, for anyone (no token): every language
// of the registry, with the version its own command prints in the
// sandbox the builds run in (checked for Python and Bash by running it
// there), the libraries found there (Rust's crates from Debian's
// registry, Python's websockets), its build and run commands and its
// conventions; the languages that cannot be had, with why.
func TestLanguagesDocument(t *testing.T) {
	platformtest.NeedSandbox(t)
	p := platformtest.Open(t)
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Unix(1e9, 0)})
	code, body := platformtest.Call(t, ts, "GET", api.Prefix+"languages", "", "", nil)
	if code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	var doc struct {
		Sandboxed bool
		Languages []struct {
			Name, Title, Version, Install, Build, Run, Notes string
			Extensions                                       []string
			Libraries                                        []lang.Library
		}
		Missing []struct{ Title, Why string }
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatal(err)
	}
	if !doc.Sandboxed {
		t.Error("probed outside the sandbox on a machine that has one")
	}
	byName := map[string]int{}
	for i, l := range doc.Languages {
		byName[l.Name] = i
	}
	for _, l := range lang.All() {
		i, ok := byName[l.Name]
		if !ok {
			t.Errorf("%s is not listed", l.Name)
			continue
		}
		d := doc.Languages[i]
		if d.Title != l.Title || !slices.Equal(d.Extensions, l.Extensions) || d.Run != l.Run || d.Notes != l.CodinGame {
			t.Errorf("%s: %+v, not the registry's entry", l.Name, d)
		}
		if (d.Version == "") != (d.Install != "") {
			t.Errorf("%s: version %q, install %q: one of them", l.Name, d.Version, d.Install)
		}
	}
	// the versions are the sandbox's: its python3 is Debian's, not a
	// pyenv one earlier on this process's PATH
	for _, name := range []string{"python", "bash"} {
		l, _ := lang.ByName(name)
		r, err := sandbox.RunIn(context.Background(), sandbox.Config{}, l.Version, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := strings.TrimSpace(strings.SplitN(string(r.Output), "\n", 2)[0])
		if got := doc.Languages[byName[name]].Version; got != want || want == "" {
			t.Errorf("%s: version %q, the sandbox says %q", name, got, want)
		}
	}
	has := func(name, lib string) bool {
		return slices.ContainsFunc(doc.Languages[byName[name]].Libraries, func(l lang.Library) bool { return l.Name == lib && l.Version != "" })
	}
	if _, err := os.Stat(lang.CrateRegistry + "/rand-0.8.5"); err == nil && !has("rust", "rand") {
		t.Errorf("Rust's crates: %v", doc.Languages[byName["rust"]].Libraries)
	}
	if exec.Command("/usr/bin/python3", "-c", "import websockets").Run() == nil && !has("python", "websockets") {
		t.Errorf("Python's libraries: %v", doc.Languages[byName["python"]].Libraries)
	}
	if len(doc.Missing) != len(lang.Missing) || doc.Missing[0].Why == "" {
		t.Errorf("the languages not offered: %+v", doc.Missing)
	}
}
