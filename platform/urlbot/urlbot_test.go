package urlbot

import (
	"context"
	"errors"
	"net/netip"
	"strings"
	"testing"
)

// TestPublic walks IANA's IPv4 and IPv6 special-purpose address registries
// (and the IPv6 forms that embed an IPv4 address): every range that is not
// globally reachable unicast, or that carries traffic to an address it
// embeds, is refused, at its first and last address.
func TestPublic(t *testing.T) {
	refused := []struct{ first, last, why string }{
		{"0.0.0.0", "0.255.255.255", "this network"},
		{"10.0.0.0", "10.255.255.255", "private"},
		{"100.64.0.0", "100.127.255.255", "carrier-grade NAT"},
		{"127.0.0.0", "127.255.255.255", "loopback"},
		{"169.254.0.0", "169.254.255.255", "link-local, cloud metadata"},
		{"172.16.0.0", "172.31.255.255", "private"},
		{"192.0.0.0", "192.0.0.255", "IETF protocol assignments"},
		{"192.0.2.0", "192.0.2.255", "documentation (TEST-NET-1)"},
		{"192.88.99.0", "192.88.99.255", "6to4 relay anycast, deprecated"},
		{"192.168.0.0", "192.168.255.255", "private"},
		{"198.18.0.0", "198.19.255.255", "benchmarking"},
		{"198.51.100.0", "198.51.100.255", "documentation (TEST-NET-2)"},
		{"203.0.113.0", "203.0.113.255", "documentation (TEST-NET-3)"},
		{"224.0.0.0", "239.255.255.255", "multicast"},
		{"240.0.0.0", "255.255.255.255", "reserved, limited broadcast"},
		{"::", "::", "unspecified"},
		{"::1", "::1", "loopback"},
		{"::0.0.0.2", "::255.255.255.255", "IPv4-compatible, deprecated"},
		{"::ffff:0.0.0.0", "::ffff:0.255.255.255", "IPv4-mapped this network"},
		{"::ffff:127.0.0.1", "::ffff:10.0.0.1", "IPv4-mapped private"},
		{"::ffff:0:0.0.0.0", "::ffff:0:255.255.255.255", "IPv4-translated (SIIT)"},
		{"64:ff9b::", "64:ff9b::ffff:ffff", "NAT64"},
		{"64:ff9b:1::", "64:ff9b:1:ffff:ffff:ffff:ffff:ffff", "local-use NAT64"},
		{"100::", "100::ffff:ffff:ffff:ffff", "discard-only"},
		{"100:0:0:1::", "100:0:0:1:ffff:ffff:ffff:ffff", "dummy prefix"},
		{"2001::", "2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff", "IETF protocol assignments"},
		{"2001::", "2001:0:ffff:ffff:ffff:ffff:ffff:ffff", "Teredo"},
		{"2001:0:4136:e378:8000:63bf:3fff:fdd2", "2001:0:a00:1::", "Teredo, public or private server"},
		{"2001:2::", "2001:2:0:ffff:ffff:ffff:ffff:ffff", "benchmarking"},
		{"2001:db8::", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", "documentation"},
		{"2002::", "2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "6to4"},
		{"2002:a00:1::1", "2002:808:808::1", "6to4, private or public IPv4"},
		{"3fff::", "3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff", "documentation"},
		{"5f00::", "5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "SRv6 SIDs"},
		{"fc00::", "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "unique local"},
		{"fe80::", "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "link-local"},
		{"fec0::", "feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "site-local, deprecated"},
		{"ff00::", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "multicast"},
		{"4000::", "bfff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "not allocated for unicast"},
		{"fe80::1%eth0", "::127.0.0.1%eth0", "zoned"},
		{"2001:db8::1%eth0", "64:ff9b::a00:1%1", "zoned"},
	}
	for _, r := range refused {
		for _, s := range []string{r.first, r.last} {
			if Public(netip.MustParseAddr(s)) {
				t.Errorf("%s (%s) is taken for public", s, r.why)
			}
		}
	}
	for _, s := range []string{"8.8.8.8", "1.1.1.1", "93.184.216.34", "2001:4860:4860::8888", "::ffff:8.8.4.4",
		"1.0.0.0", "9.255.255.255", "11.0.0.0", "100.63.255.255", "100.128.0.0", "126.255.255.255", "128.0.0.0",
		"169.253.255.255", "169.255.0.0", "172.15.255.255", "172.32.0.0", "192.0.1.0", "192.0.3.0", "192.88.98.255",
		"192.88.100.0", "192.167.255.255", "192.169.0.0", "198.17.255.255", "198.20.0.0", "198.51.99.255",
		"198.51.101.0", "203.0.112.255", "203.0.114.0", "223.255.255.255", "192.31.196.1", "192.175.48.1",
		"2000::1", "2001:200::1", "2001:db7:ffff::1", "2001:db9::1", "2003::1", "2a00:1450:4007:80e::200e",
		"3ffe:ffff::1", "3fff:1000::1", "2001:4860:4860::8888%eth0"} {
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
		"http://169.254.169.254/latest/meta-data/", "https://192.168.1.20:443", "http://0.0.0.0:3000", "http://[::ffff:127.0.0.1]:80",
		"http://[::127.0.0.1]/", "http://[::10.0.0.1]:8080", "http://[2001:0:a00:1::]/", "http://[2002:a00:1::1]/", "http://198.51.100.7"} {
		_, err := Check(ctx, u, false)
		if !errors.Is(err, ErrPrivate) {
			t.Errorf("%s: %v, want refused as private", u, err)
		}
		// the refusal names the rule, not what the resolver answered
		if err != nil && u == "http://localhost:3000/" && (strings.Contains(err.Error(), "127.0.0.1") || strings.Contains(err.Error(), "::1")) {
			t.Errorf("%s: %v names the resolved address", u, err)
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

// FuzzParse: an accepted URL has the form Parse promises; one whose host
// is an IP address is accepted by Check exactly when the address is
// public (IPv4-compatible, Teredo, 6to4... included; an IPv4 one as the
// octet reading of the registry says), and always when the organiser
// allows private ones.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"http://8.8.8.8:80/x", "https://a.b/c/", "http://[::1]:0", "http://%zz", "http://a@b", "\x00",
		"http://[::127.0.0.1]/", "http://[2001:0:a00:1::]:8080/", "http://[2002:a00:1::1]/", "http://[64:ff9b::a00:1]/",
		"http://198.51.100.7/", "http://[2001:4860:4860::8888]/bot/", "http://[fe80::1%25eth0]/"} {
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
		a, err := netip.ParseAddr(u.Hostname())
		if err != nil {
			return // a name: Check would resolve it, which a test does not
		}
		if v4 := a.Unmap(); v4.Is4() && Public(a) != publicV4(v4.As4()) {
			t.Fatalf("%q: Public(%s) = %v", s, a, Public(a))
		}
		ctx := context.Background()
		if _, err := Check(ctx, s, false); (err == nil) != Public(a) || (err != nil && !errors.Is(err, ErrPrivate)) {
			t.Fatalf("%q (%s, public %v): %v", s, a, Public(a), err)
		}
		if _, err := Check(ctx, s, true); err != nil {
			t.Fatalf("%q allowed: %v", s, err)
		}
	})
}

// publicV4 is the test's own reading of the IPv4 special-purpose
// registry, by octets rather than prefixes, to check Public against.
func publicV4(b [4]byte) bool {
	switch {
	case b[0] == 0, b[0] == 10, b[0] == 127, b[0] >= 224,
		b[0] == 100 && b[1]&0xc0 == 64,
		b[0] == 169 && b[1] == 254,
		b[0] == 172 && b[1]&0xf0 == 16,
		b[0] == 192 && b[1] == 0 && (b[2] == 0 || b[2] == 2),
		b[0] == 192 && b[1] == 88 && b[2] == 99,
		b[0] == 192 && b[1] == 168,
		b[0] == 198 && (b[1] == 18 || b[1] == 19),
		b[0] == 198 && b[1] == 51 && b[2] == 100,
		b[0] == 203 && b[1] == 0 && b[2] == 113:
		return false
	}
	return true
}

// FuzzPublic: an IPv4 address is public exactly when the octet reading
// says so, and so is its IPv4-mapped form; no IPv6 form that embeds an
// IPv4 address (compatible, translated, NAT64, 6to4, Teredo server) is
// public, whatever the address; a zone changes nothing; a public IPv6
// address is global unicast (2000::/3).
func FuzzPublic(f *testing.F) {
	for _, s := range []string{"8.8.8.8", "127.0.0.1", "10.0.0.1", "192.0.2.1", "100.64.0.1", "255.255.255.255", "0.0.0.0"} {
		f.Add(netip.MustParseAddr(s).AsSlice(), "")
	}
	for _, s := range []string{"2001:4860:4860::8888", "2001:db8::1", "2002:a00:1::1", "2001:0:a00:1::", "::127.0.0.1", "fe80::1"} {
		f.Add(netip.MustParseAddr(s).AsSlice(), "eth0")
	}
	f.Fuzz(func(t *testing.T, raw []byte, zone string) {
		a, ok := netip.AddrFromSlice(raw)
		if !ok {
			return
		}
		if a.Is4() {
			v4 := a.As4()
			if got := Public(a); got != publicV4(v4) {
				t.Fatalf("Public(%s) = %v", a, got)
			}
			if Public(netip.AddrFrom16(a.As16())) != Public(a) {
				t.Fatalf("%s and its mapped form differ", a)
			}
			embed := func(prefix []byte, at int) netip.Addr {
				var b [16]byte
				copy(b[:], prefix)
				copy(b[at:], v4[:])
				return netip.AddrFrom16(b)
			}
			for _, e := range []netip.Addr{embed(nil, 12), embed([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff}, 12),
				embed([]byte{0, 0x64, 0xff, 0x9b}, 12), embed([]byte{0x20, 0x02}, 2), embed([]byte{0x20, 0x01, 0, 0}, 4)} {
				if Public(e) {
					t.Fatalf("%s, embedding %s, is taken for public", e, a)
				}
			}
			return
		}
		if a.Is4In6() {
			if got := Public(a); got != publicV4(a.Unmap().As4()) {
				t.Fatalf("Public(%s) = %v", a, got)
			}
			return
		}
		if zone != "" && Public(a.WithZone(zone)) != Public(a) {
			t.Fatalf("the zone %q changes %s", zone, a)
		}
		if Public(a) && !netip.MustParsePrefix("2000::/3").Contains(a) {
			t.Fatalf("%s is public outside 2000::/3", a)
		}
	})
}
