package bot

import "testing"

func TestParseSpec(t *testing.T) {
	cases := []struct {
		in               string
		name, kind, targ string
	}{
		{"builtin:random", "random", "builtin", "random"},
		{"me=builtin:boss4", "me", "builtin", "boss4"},
		{"python3 mybot.py", "mybot.py", "cmd", "python3 mybot.py"},
		{"./bin/bot --fast", "bot", "cmd", "./bin/bot --fast"},
		{"python3 -c 'print(1)'", "python3", "cmd", "python3 -c 'print(1)'"},
		{"node -e 'x'", "node", "cmd", "node -e 'x'"},
		{"stdio:node bot.js", "bot.js", "stdio", "node bot.js"},
		{"http://10.0.0.2:3000", "10.0.0.2:3000", "url", "http://10.0.0.2:3000"},
		{"alice=java -jar bot.jar", "alice", "cmd", "java -jar bot.jar"},
		{"python3 bot.py --level=3", "bot.py", "cmd", "python3 bot.py --level=3"},
	}
	for _, c := range cases {
		s, err := ParseSpec(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if s.Name != c.name || s.Kind != c.kind || s.Target != c.targ {
			t.Errorf("%q = %+v, want name %q kind %q target %q", c.in, s, c.name, c.kind, c.targ)
		}
		if back, _ := ParseSpec(s.String()); back != s {
			t.Errorf("%q: String() = %q parses as %+v", c.in, s.String(), back)
		}
	}
	for _, bad := range []string{"", "builtin:", "x=", "http://"} {
		if _, err := ParseSpec(bad); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
}
