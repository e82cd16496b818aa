package regproxy

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

func TestAllowed(t *testing.T) {
	p := &Proxy{}
	for hp, want := range map[string]bool{
		"registry.npmjs.org:443":          true,
		"REGISTRY.npmjs.org.:443":         true,
		"registry.npmjs.org:80":           false, // another port
		"evil.registry.npmjs.org:443":     false,
		"registry.npmjs.org.evil.com:443": false,
		"169.254.169.254:80":              false,
		"registry.npmjs.org":              false, // no port
		"":                                false,
	} {
		if got := p.Allowed(hp); got != want {
			t.Errorf("Allowed(%q) = %v, want %v", hp, got, want)
		}
	}
}

// proxied serves a proxy allowing the hosts of allow, and returns a
// client that goes through it.
func proxied(t *testing.T, allow ...string) *http.Client {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go (&Proxy{Allow: allow}).Serve(l)
	u, _ := url.Parse("http://" + l.Addr().String())
	return &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(u)}}
}

// HTTPS to an allowed host passes through a CONNECT tunnel; any other
// host is refused, whatever the scheme.
func TestProxyPassesOnlyTheAllowList(t *testing.T) {
	tlsSrv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "tls registry") }))
	defer tlsSrv.Close()
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "plain registry") }))
	defer plain.Close()
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "secret") }))
	defer other.Close()

	c := proxied(t, strings.TrimPrefix(tlsSrv.URL, "https://"), strings.TrimPrefix(plain.URL, "http://"))
	c.Transport.(*http.Transport).TLSClientConfig = tlsSrv.Client().Transport.(*http.Transport).TLSClientConfig
	for u, want := range map[string]string{tlsSrv.URL: "tls registry", plain.URL: "plain registry"} {
		resp, err := c.Get(u)
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if string(b) != want {
			t.Errorf("%s: %q, want %q", u, b, want)
		}
	}
	resp, err := c.Get(other.URL)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden || strings.Contains(string(b), "secret") || !strings.Contains(string(b), "not a language registry") {
		t.Errorf("a host off the list: %d %q", resp.StatusCode, b)
	}
	// HTTPS to a host off the list: the tunnel is refused
	otherTLS := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "secret") }))
	defer otherTLS.Close()
	if resp, err := c.Get(otherTLS.URL); err == nil {
		resp.Body.Close()
		t.Errorf("a tunnel to a host off the list was opened: %d", resp.StatusCode)
	} else if !strings.Contains(err.Error(), "Forbidden") {
		t.Errorf("a tunnel off the list: %v, want Forbidden", err)
	}
}
