package web

import (
	"mime"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// The guards every request passes before the API sees it. A page on
// another site must not be able to start a match (cross-site request
// forgery), nor read the answers through a name it rebinds to this
// machine's address (DNS rebinding), nor frame the viewer.

// csp is the Content-Security-Policy of every page: scripts only from this
// server (no inline script, no eval), connections only back to it, images
// from it or drawn by the page (data: and blob: URLs of canvases), and no
// framing by other sites.
const csp = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// guard wraps the API and the pages with the host check, the cross-origin
// protection of state-changing requests, and the security headers.
func (s *Server) guard(h http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		httpError(w, http.StatusForbidden, "cross-origin request refused: start matches from this server's own page")
	}))
	inner := cop.Handler(h)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", csp)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("X-Frame-Options", "DENY")
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("Cross-Origin-Opener-Policy", "same-origin")
		hd.Set("Cross-Origin-Resource-Policy", "same-origin")
		if !s.hostAllowed(r.Host) {
			httpError(w, http.StatusMisdirectedRequest, "this server does not answer for host "+sanitizeHost(r.Host)+
				" (its organiser can add the name with --host)")
			return
		}
		// The platform's uploads are zips and forms: its state-changing
		// routes rely on the cross-origin protection below and on the
		// team token in the Authorization header, which a foreign page
		// cannot make a browser send.
		platform := s.Platform != nil && strings.HasPrefix(r.URL.Path, PlatformPrefix)
		if !safeMethod(r.Method) && !isJSON(r.Header.Get("Content-Type")) && !platform {
			// A cross-site form or text/plain "simple request" reaches the
			// server without a preflight; a JSON body cannot.
			httpError(w, http.StatusUnsupportedMediaType, "the request body must be JSON (Content-Type: application/json)")
			return
		}
		inner.ServeHTTP(w, r)
	})
}

func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
}

func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && mt == "application/json"
}

// hostAllowed reports whether the server answers for a Host header:
// localhost names and IP addresses always (a page can only send an IP
// address as its Host when the browser was pointed at that address, which
// is this server: rebinding needs a name), the names of Hosts besides,
// and any name when Hosts holds "*".
func (s *Server) hostAllowed(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.ToLower(strings.TrimSuffix(strings.Trim(host, "[]"), "."))
	if host == "" {
		return false
	}
	if host == "localhost" || strings.HasSuffix(host, ".localhost") || net.ParseIP(host) != nil {
		return true
	}
	for _, h := range s.Hosts {
		h = strings.ToLower(strings.TrimSuffix(h, "."))
		if h == "*" || h == host {
			return true
		}
	}
	return false
}

// sanitizeHost keeps a refused Host header printable and short in the
// error message.
func sanitizeHost(h string) string {
	if len(h) > 100 {
		h = h[:100]
	}
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return '?'
		}
		return r
	}, h)
}

// clientAddr is the address a request comes from, for per-client limits.
// An IPv6 client counts by its /64 network: one host is given a whole /64
// and could take a fresh address for every request, each with a fresh
// start bucket and stream count. Forwarding headers are not trusted:
// behind a reverse proxy every client shares the proxy's address
// (docs/viewer.md says so).
func clientAddr(r *http.Request) string {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		host, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil {
			return r.RemoteAddr
		}
		return host
	}
	ip := ap.Addr().Unmap()
	if ip.Is6() {
		p, _ := ip.WithZone("").Prefix(64)
		return p.String()
	}
	return ip.String()
}
