package web_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed27749672/arena/web"
)

// postJSON posts a match request the way the page does.
func postJSON(t *testing.T, url, body string) (int, string) {
	t.Helper()
	res, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// The options that name files (territory arena=, jungle map= and
// maps_dir=, catmouse map=, spawn=, spawns=) read nothing from the page
// unless they name an entry of the organiser's --maps directory: a path
// to a secret file is refused, the answer holds none of its content, and
// it is the same answer whether the path exists or not.
func TestFileOptionsRefused(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret.txt")
	os.WriteFile(secret, []byte("TOP-SECRET-LINE root:x:0:0\nsecond line\n"), 0o644)
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	missing := filepath.Join(dir, "nothing-here")
	maps := t.TempDir()
	os.WriteFile(filepath.Join(maps, "house.map"), mustRead(t, "../games/catmouse/maps/default.map"), 0o644)
	os.WriteFile(filepath.Join(maps, "arena6.arena"), mustRead(t, "../games/territory/testdata/golden-6.arena"), 0o644)

	for _, withMaps := range []bool{false, true} {
		s := &web.Server{Replays: t.TempDir(), Cores: 64, Limits: web.Limits{StartBurst: 1000}}
		if withMaps {
			s.Maps = maps
		}
		ts := httptest.NewServer(s.Handler())
		cases := []struct{ game, bots, opt string }{
			{"territory", `"builtin:random","builtin:random","builtin:random","builtin:random"`, "arena"},
			{"jungle", `"builtin:random","builtin:random"`, "map"},
			{"jungle", `"builtin:random","builtin:random"`, "maps_dir"},
			{"catmouse", `"builtin:pursuit","builtin:evasive"`, "map"},
			{"catmouse", `"builtin:pursuit","builtin:evasive"`, "spawn"},
			{"catmouse", `"builtin:pursuit","builtin:evasive"`, "spawns"},
		}
		for _, c := range cases {
			var answers []string
			for _, v := range []string{secret, missing, dir, "/etc/passwd", "/proc/self/environ", "../" + filepath.Base(dir) + "/secret.txt",
				"secret.txt", "house.map/../../etc/passwd", ".", "..", "sub"} {
				body := `{"game":"` + c.game + `","bots":[` + c.bots + `],"options":["` + c.opt + `=` + v + `"]}`
				code, out := postJSON(t, ts.URL+"/api/matches", body)
				if code != 403 {
					t.Errorf("maps %v: %s %s=%s: status %d %s, want 403", withMaps, c.game, c.opt, v, code, out)
				}
				for _, leak := range []string{"TOP-SECRET", "root:", "second line", "PATH=", "no such file", "permission", "directory"} {
					if strings.Contains(out, leak) {
						t.Errorf("%s %s=%s: the answer leaks %q: %s", c.game, c.opt, v, leak, out)
					}
				}
				// The answer does not depend on what is at the path.
				answers = append(answers, out)
			}
			for _, a := range answers[1:] {
				if a != answers[0] {
					t.Errorf("%s %s: answers differ with the path: %s / %s", c.game, c.opt, answers[0], a)
				}
			}
		}
		var games struct{ Maps []string }
		res, _ := http.Get(ts.URL + "/api/games")
		json.NewDecoder(res.Body).Decode(&games)
		res.Body.Close()
		if withMaps {
			if strings.Join(games.Maps, ",") != "arena6.arena,house.map" {
				t.Errorf("/api/games maps = %v", games.Maps)
			}
			// The organiser's maps are accepted by name.
			for _, body := range []string{
				`{"game":"catmouse","bots":["builtin:pursuit","builtin:evasive"],"options":["map=house.map","maxturns=3"]}`,
				`{"game":"territory","bots":["builtin:random","builtin:random"],"options":["arena=arena6.arena","turns=3"]}`,
			} {
				if code, out := postJSON(t, ts.URL+"/api/matches", body); code != 201 {
					t.Errorf("a map of --maps: %d %s", code, out)
				}
			}
		} else if len(games.Maps) != 0 {
			t.Errorf("no --maps, yet maps %v", games.Maps)
		}
		// The defaults stay accepted (they name no file).
		if code, out := postJSON(t, ts.URL+"/api/matches", `{"game":"catmouse","bots":["builtin:pursuit","builtin:evasive"],"options":["map=default","spawn=auto","maxturns=3"]}`); code != 201 {
			t.Errorf("the defaults: %d %s", code, out)
		}
		ts.Close()
		s.Close()
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A file that is not what the option expects is refused without a word
// of its content: no parser quotes the lines it read.
func TestFileErrorsQuoteNoContent(t *testing.T) {
	maps := t.TempDir()
	junk := map[string]string{
		"first":  "SECRET-FIRST-LINE root:x:0:0\nSECRET-2\n",
		"header": "TERRITORY-ARENA 1\nSECRET-LINE\nSIZE SECRET\nROW #SECRET\n",
		"jmap":   "jungle-map 1\nname: SECRET NAME\nunits: SECRET\nSECRET: x\n\n#S#\n",
		"cmap":   "CATMOUSE-MAP 1\nRADIUS SECRET\nROW SECRET\n",
		"spawn":  "CATMOUSE-SPAWN 1\nID SECRET\nSECRET 1 2\n",
		"pack":   "SECRET-HEADER\nCATMOUSE-VOTES\nVOTE SECRET SECRET\n",
	}
	for name, text := range junk {
		os.WriteFile(filepath.Join(maps, name), []byte(text), 0o644)
	}
	s := &web.Server{Replays: t.TempDir(), Cores: 64, Maps: maps, Limits: web.Limits{StartBurst: 1000}}
	ts := httptest.NewServer(s.Handler())
	defer s.Close()
	defer ts.Close()
	for _, c := range []struct{ game, bots, opt string }{
		{"territory", `"builtin:random","builtin:random"`, "arena"},
		{"jungle", `"builtin:random","builtin:random"`, "map"},
		{"catmouse", `"builtin:pursuit","builtin:evasive"`, "map"},
		{"catmouse", `"builtin:pursuit","builtin:evasive"`, "spawn"},
		{"catmouse", `"builtin:pursuit","builtin:evasive"`, "spawns"},
	} {
		for name := range junk {
			code, out := postJSON(t, ts.URL+"/api/matches", `{"game":"`+c.game+`","bots":[`+c.bots+`],"options":["`+c.opt+`=`+name+`"]}`)
			if code == 201 {
				continue // a file the game took (none should, but its content is then not an error's)
			}
			if strings.Contains(out, "SECRET") || strings.Contains(out, "root:") {
				t.Errorf("%s %s=%s: the error quotes the file: %s", c.game, c.opt, name, out)
			}
		}
	}
}
