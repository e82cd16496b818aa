package urlbot

import (
	"context"
	"errors"
	"net/netip"
	"strings"
	"testing"
)

func TestPublic(t *testing.T) {
	for _, s := range []string{"127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1",
		"0.0.0.0", "0.1.2.3", "255.255.255.255", "224.0.0.1", "::1", "::", "fe80::1", "fc00::1", "fd12::1", "ff02::1",
		"::ffff:127.0.0.1", "::ffff:10.0.0.1", "64:ff9b::a00:1", "2002:a00:1::1", "198.18.0.1", "192.0.0.8"} {
		if Public(netip.MustParseAddr(s)) {
			t.Errorf("%s is taken for public", s)
		}
	}
	for _, s := range []string{"8.8.8.8", "1.1.1.1", "93.184.216.34", "2001:4860:4860::8888", "::ffff:8.8.4.4"} {
		if !Public(netip.MustParseAddr(s)) {
			t.Errorf("%s is taken for private", s)
		}
	}
}

// TestCheckRefusesPrivateAddresses: the server-side request forgery the
// package exists for: loopback, private and metadata addresses, by IP or
// by a name resolving there, are refused unless the organiser allows
// them; bad forms are refused always.
func TestCheckRefusesPrivateAddresses(t *testing.T) {
	ctx := context.Background()
	for _, u := range []string{"http://127.0.0.1:8080", "http://localhost:3000/", "http://[::1]/bot", "http://10.0.0.7",
		"http://169.254.169.254/latest/meta-data/", "https://192.168.1.20:443", "http://0.0.0.0:3000", "http://[::ffff:127.0.0.1]:80"} {
		if _, err := Check(ctx, u, false); !errors.Is(err, ErrPrivate) {
			t.Errorf("%s: %v, want refused as private", u, err)
		}
		if _, err := Check(ctx, u, true); err != nil {
			t.Errorf("%s allowed: %v", u, err)
		}
	}
	for _, u := range []string{"ftp://example.com", "example.com:80", "http://", "http://user:pw@8.8.8.8", "http://8.8.8.8/?a=1",
		"http://8.8.8.8/#x", "http://8.8.8.8:99999", "http://8.8.8.8:http", "javascript:alert(1)", "http://8.8.8.8/" + strings.Repeat("a", MaxLength)} {
		if _, err := Check(ctx, u, true); err == nil {
			t.Errorf("%s accepted", u)
		}
	}
	if u, err := Check(ctx, "https://8.8.8.8:8443/bots/owls/", false); err != nil || u.Host != "8.8.8.8:8443" {
		t.Errorf("a public address: %v %v", u, err)
	}
}

func TestControl(t *testing.T) {
	deny, allow := Control(false), Control(true)
	if err := deny("tcp", "127.0.0.1:3000", nil); !errors.Is(err, ErrPrivate) {
		t.Errorf("loopback: %v", err)
	}
	if err := deny("tcp6", "[fe80::1%eth0]:80", nil); !errors.Is(err, ErrPrivate) {
		t.Errorf("link-local: %v", err)
	}
	if err := deny("tcp", "8.8.8.8:80", nil); err != nil {
		t.Errorf("public: %v", err)
	}
	if err := allow("tcp", "127.0.0.1:3000", nil); err != nil {
		t.Errorf("allowed: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"http://8.8.8.8:80/x", "https://a.b/c/", "http://[::1]:0", "http://%zz", "http://a@b", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		if (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" || u.User != nil || u.RawQuery != "" {
			t.Fatalf("%q accepted as %+v", s, u)
		}
	})
}
