// Package urlbot vets the HTTP bot URLs teams register (Ready AI Code
// 2020's way: the platform calls the team's server each turn).
//
// The risk is server-side request forgery: the platform's machine makes
// requests to an address a team chose, from inside the organiser's
// network. A URL naming 127.0.0.1, a private network or a cloud metadata
// address (169.254.169.254) would make the platform probe or call
// services that only it can reach, and each reply's status is reported
// back in the team's replays. So a URL must resolve to public addresses
// only, unless the organiser allows private ones (an event on a LAN where
// the teams' machines have private addresses). The check is made when the
// URL is registered and again at every connection (Control), once the
// name is resolved: a name that resolved to a public address at
// registration and to a private one later (DNS rebinding) is refused too.
package urlbot

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"syscall"
	"time"
)

// MaxLength bounds a URL's length.
const MaxLength = 2048

// Parse checks a URL's form: http or https, a host, no user information,
// no query or fragment (the protocol's paths are appended to it).
func Parse(raw string) (*url.URL, error) {
	if len(raw) > MaxLength {
		return nil, fmt.Errorf("the URL is longer than %d characters", MaxLength)
	}
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		return nil, fmt.Errorf("not a URL: %v", err)
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, fmt.Errorf("the URL must start with http:// or https://, not %q", u.Scheme+":")
	case u.Host == "" || u.Hostname() == "":
		return nil, errors.New("the URL has no host")
	case u.User != nil:
		return nil, errors.New("the URL must not hold a user name or password")
	case u.RawQuery != "" || u.Fragment != "" || u.ForceQuery:
		return nil, errors.New("the URL must not have a query or a fragment: the platform appends the protocol's paths to it")
	}
	if p := u.Port(); p != "" {
		if n, err := net.LookupPort("tcp", p); err != nil || n == 0 {
			return nil, fmt.Errorf("the URL's port %q is not a port number", p)
		}
	}
	return u, nil
}

// globalUnicast6 is the only IPv6 block IANA allocates for global unicast.
// Everything outside it is refused, which covers the special-purpose
// registry's other IPv6 entries at once: ::/128, ::1/128, the deprecated
// IPv4-compatible ::/96 (::127.0.0.1), IPv4-translated ::ffff:0:0:0/96,
// NAT64 64:ff9b::/96 and 64:ff9b:1::/48 (they reach the IPv4 address
// they embed, private or not), discard-only 100::/64, the dummy prefix
// 100:0:0:1::/64, SRv6 5f00::/16, unique local fc00::/7, link-local
// fe80::/10, the deprecated site-local fec0::/10 and multicast ff00::/8.
// (IPv4-mapped ::ffff:0:0/96 is unmapped first and judged as IPv4.)
var globalUnicast6 = netip.MustParsePrefix("2000::/3")

// special are the ranges of IANA's IPv4 and IPv6 special-purpose address
// registries that are not globally reachable unicast, or that carry
// traffic to an IPv4 address they embed, beyond what the net package's
// predicates and globalUnicast6 already refuse.
var special = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),       // "this network"
	netip.MustParsePrefix("100.64.0.0/10"),   // carrier-grade NAT
	netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
	netip.MustParsePrefix("192.0.2.0/24"),    // documentation (TEST-NET-1)
	netip.MustParsePrefix("192.88.99.0/24"),  // 6to4 relay anycast, deprecated
	netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking
	netip.MustParsePrefix("198.51.100.0/24"), // documentation (TEST-NET-2)
	netip.MustParsePrefix("203.0.113.0/24"),  // documentation (TEST-NET-3)
	netip.MustParsePrefix("240.0.0.0/4"),     // reserved, and 255.255.255.255
	netip.MustParsePrefix("2001::/23"),       // IETF protocol assignments: Teredo 2001::/32 (embeds an IPv4 server and client), benchmarking, ORCHID...
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
	netip.MustParsePrefix("2002::/16"),       // 6to4: embeds any IPv4
	netip.MustParsePrefix("3fff::/20"),       // documentation
}

// Public reports whether an address is a public unicast one. The zone is
// dropped first: netip.Prefix.Contains never matches a zoned address,
// so "2001:db8::1%eth0" would otherwise slip past the ranges.
func Public(a netip.Addr) bool {
	a = a.WithZone("").Unmap()
	if !a.IsValid() || a.IsLoopback() || a.IsPrivate() || a.IsUnspecified() || a.IsLinkLocalUnicast() ||
		a.IsLinkLocalMulticast() || a.IsInterfaceLocalMulticast() || a.IsMulticast() {
		return false
	}
	if a.Is6() && !globalUnicast6.Contains(a) {
		return false
	}
	for _, p := range special {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// ErrPrivate is an address the event does not allow.
var ErrPrivate = errors.New("private, loopback, link-local and other special-purpose addresses are refused for HTTP bots (the organiser may allow them for an event on a private network)")

// Check vets a URL for an event: its form, then every address its host
// resolves to (within ctx), unless allowPrivate.
func Check(ctx context.Context, raw string, allowPrivate bool) (*url.URL, error) {
	u, err := Parse(raw)
	if err != nil || allowPrivate {
		return u, err
	}
	host := u.Hostname()
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	// The refusals name the rule, never what the server's resolver
	// answered: a team must not learn the platform's network from them.
	addrs, err := net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return nil, fmt.Errorf("the URL's host %q does not resolve to an address (from the platform's server)", host)
	}
	for _, a := range addrs {
		if !Public(a) {
			return nil, fmt.Errorf("the URL's host %q is not a public address: %w", host, ErrPrivate)
		}
	}
	return u, nil
}

// Control is a net.Dialer.Control that refuses connections to addresses
// that are not public, unless allowPrivate.
func Control(allowPrivate bool) func(network, address string, c syscall.RawConn) error {
	return func(network, address string, _ syscall.RawConn) error {
		if allowPrivate {
			return nil
		}
		ap, err := netip.ParseAddrPort(address)
		if err != nil {
			return fmt.Errorf("connecting to %q: %v", address, err)
		}
		if !Public(ap.Addr()) {
			return fmt.Errorf("connecting to %s: %w", ap.Addr(), ErrPrivate)
		}
		return nil
	}
}
