package build

import (
	"strings"
	"testing"
)

// What a team is shown names no host path: the kit's own paths become
// relative to it, the data directory and the sandbox's directories are
// hidden.
func TestScrubberHidesHostPaths(t *testing.T) {
	s := NewScrubber("/srv/arena-data/builds/7/src/kit", "/srv/arena-data/builds/7", "/srv/arena-data")
	for in, want := range map[string]string{
		"/srv/arena-data/builds/7/src/kit/bot.ts(3,1): error TS2304":               "bot.ts(3,1): error TS2304",
		"cd /srv/arena-data/builds/7/src/kit && npm ci":                            "cd . && npm ci",
		"npm ERR! cache /srv/arena-data/npm-cache/_cacache":                        "npm ERR! cache …/npm-cache/_cacache",
		"open /srv/arena-data/builds/7/src/x: no such file":                        "open …/src/x: no such file",
		"Error: Cannot find module '/tmp/arena-sandbox-1000/bot-123/shim.js'":      "Error: Cannot find module '~/shim.js'",
		"python3: can't open file '/run/arena-sandbox/src/bot.py'":                 "python3: can't open file '~/bot.py'",
		"at Object.<anonymous> (/srv/arena-data/builds/7/src/kit/dist/index.js:1)": "at Object.<anonymous> (dist/index.js:1)",
	} {
		if got := s.String(in); got != want {
			t.Errorf("%q\n got %q\nwant %q", in, got, want)
		}
		if strings.Contains(s.String(in), "/srv") || strings.Contains(s.String(in), "/tmp/") {
			t.Errorf("%q: a host path is left", in)
		}
	}
}
