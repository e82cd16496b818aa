package jungle

import (
	"testing"
)

func TestRegistrationRules(t *testing.T) {
	tokens := map[string]string{"abc": "Alpha"}
	cases := []struct {
		msg    string
		tokens map[string]string
		name   string
		err    error
	}{
		{`{"type":"REGISTER","teamName":"Alpha"}`, nil, "Alpha", nil},
		{`{"type":"REGISTER","token":"abc"}`, nil, "", ErrNeedTeamName},
		{`{"type":"REGISTER","token":""}`, nil, "", ErrNoName},
		{`{"type":"REGISTER","teamName":""}`, nil, "", ErrNoName},
		{`{"type":"REGISTER"}`, nil, "", ErrNoName},
		{`{"type":"REGISTER","teamName":5}`, nil, "", ErrNoName},
		{`{"type":"REGISTER","token":"abc"}`, tokens, "Alpha", nil},
		{`{"type":"REGISTER","token":"nope"}`, tokens, "", ErrNoName},
		{`{"type":"REGISTER","teamName":"Mallory"}`, tokens, "", ErrNeedToken},
		{`{"type":"REGISTER","token":"abc","teamName":"Mallory"}`, tokens, "", ErrNeedToken},
		// The 2022 server refused a teamName beside an unknown token too
		// (undefined !== ''), and keyed its map with JavaScript's text of a
		// token that is not a string.
		{`{"type":"REGISTER","token":"nope","teamName":"Mallory"}`, tokens, "", ErrNeedToken},
		{`{"type":"REGISTER","token":5}`, nil, "", ErrNeedTeamName},
		{`{"type":"REGISTER","token":null}`, nil, "", ErrNeedTeamName},
		{`{"type":"REGISTER","token":5}`, map[string]string{"5": "Five"}, "Five", nil},
		{`{"type":"REGISTER","token":"","teamName":"Quiet"}`, map[string]string{"": ""}, "Quiet", nil},
	}
	for _, c := range cases {
		h, err := ParseHello([]byte(c.msg))
		if err != nil || !h.Register {
			t.Fatalf("%s: %v", c.msg, err)
		}
		name, err := h.TeamName(c.tokens)
		if name != c.name || err != c.err {
			t.Errorf("%s with %v: %q %v, want %q %v", c.msg, c.tokens, name, err, c.name, c.err)
		}
	}
	if h, _ := ParseHello([]byte(`{"type":"VIEWER"}`)); !h.Viewer {
		t.Error("VIEWER not recognised")
	}
	if _, err := ParseHello([]byte(`{"type":`)); err == nil {
		t.Error("invalid JSON accepted")
	}
	for msg, want := range map[string][3]any{
		`{"type":"REGISTER","token":"t1"}`:                {"t1", "", true},
		`{"type":"REGISTER","teamName":"n"}`:              {"", "n", true},
		`{"type":"REGISTER","token":"t1","teamName":"n"}`: {"t1", "", true},
		`{"type":"REGISTER","token":"","teamName":""}`:    {"", "", false},
		`{"type":"VIEWER"}`:                               {"", "", false},
		`not json`:                                        {"", "", false},
	} {
		tok, name, ok := transportRegister([]byte(msg))
		if tok != want[0] || name != want[1] || ok != want[2] {
			t.Errorf("transportRegister(%s) = %q %q %v", msg, tok, name, ok)
		}
	}
}

// FuzzHello: a connection's first message never breaks the registration.
func FuzzHello(f *testing.F) {
	for _, s := range []string{`{"type":"REGISTER","teamName":"A"}`, `{"type":"REGISTER","token":"abc"}`,
		`{"type":"VIEWER"}`, `{"type":"REGISTER","token":null,"teamName":[1]}`, `[]`, `"x"`, `{`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, msg string) {
		h, err := ParseHello([]byte(msg))
		if err != nil {
			return
		}
		for _, tokens := range []map[string]string{nil, {"abc": "Alpha", "": "Empty"}} {
			name, err := h.TeamName(tokens)
			if (err == nil) == (name == "") {
				t.Fatalf("%q: name %q, error %v", msg, name, err)
			}
		}
		transportRegister([]byte(msg))
	})
}
