package host

import "testing"

func TestOnly(t *testing.T) {
	for _, c := range []struct {
		games []string
		want  string
	}{
		{nil, "no game has one"},
		{[]string{"jungle"}, "only jungle has one"},
		{[]string{"a", "b", "c"}, "only a, b and c have one"},
	} {
		var hs []Host
		for _, g := range c.games {
			hs = append(hs, Host{Game: g})
		}
		if got := Only(hs); got != c.want {
			t.Errorf("Only(%v) = %q, want %q", c.games, got, c.want)
		}
	}
}
