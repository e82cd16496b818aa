// Package regproxy is the HTTP(S) proxy through which a build reaches the
// language registries, and nothing else (event setting build_network =
// registries). A build's sandbox has no network; the proxy is the one
// port forwarded into it (sandbox.Forward), so what the proxy refuses
// the build cannot reach at all.
//
// HTTPS goes through CONNECT, a tunnel the proxy does not open: it sees
// the host and port asked for, and only those of its allow-list pass.
// Plain HTTP requests (absolute-form, as a client sends to a proxy) are
// forwarded when their host is allowed.
package regproxy

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Registries are the hosts a build may reach by default, HTTPS only: npm,
// PyPI (its index and its files), crates.io (its sparse index and its
// downloads), Maven Central, the Go module proxy and checksum database.
var Registries = []string{
	"registry.npmjs.org:443",
	"pypi.org:443", "files.pythonhosted.org:443",
	"crates.io:443", "index.crates.io:443", "static.crates.io:443",
	"repo.maven.apache.org:443", "repo1.maven.org:443",
	"proxy.golang.org:443", "sum.golang.org:443",
}

// Proxy allows the host:port pairs of Allow (nil: Registries).
type Proxy struct {
	Allow []string
	// DialTimeout bounds the connection to a registry (0: 30 seconds).
	DialTimeout time.Duration
}

// Allowed reports whether hostport (host:port, as CONNECT names it) is
// on the allow-list. Names are compared case-insensitively, a trailing
// dot ignored; nothing else matches (no wildcard, no other port).
func (p *Proxy) Allowed(hostport string) bool {
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		return false
	}
	want := strings.ToLower(strings.TrimSuffix(host, ".")) + ":" + port
	allow := p.Allow
	if allow == nil {
		allow = Registries
	}
	for _, a := range allow {
		if strings.EqualFold(a, want) {
			return true
		}
	}
	return false
}

// Serve answers the connections of l until it is closed.
func (p *Proxy) Serve(l net.Listener) {
	srv := &http.Server{Handler: p, ReadHeaderTimeout: 30 * time.Second}
	srv.Serve(l)
}

// ServeHTTP is the proxy's handler: CONNECT tunnels, absolute-form
// requests forwarded, both to allowed hosts only.
func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodConnect {
		p.connect(w, r)
		return
	}
	if !r.URL.IsAbs() || r.URL.Scheme != "http" {
		http.Error(w, "this proxy forwards requests to the language registries only", http.StatusBadRequest)
		return
	}
	hostport := r.URL.Host
	if r.URL.Port() == "" {
		hostport = net.JoinHostPort(r.URL.Hostname(), "80")
	}
	if !p.Allowed(hostport) {
		refuse(w, hostport)
		return
	}
	p.forward(w, r)
}

// refuse says why a host is not reached, in the build's log.
func refuse(w http.ResponseWriter, hostport string) {
	http.Error(w, "Arena's build proxy: "+hostport+" is not a language registry of this event (build_network = registries)", http.StatusForbidden)
}

func (p *Proxy) dialer() *net.Dialer {
	d := p.DialTimeout
	if d <= 0 {
		d = 30 * time.Second
	}
	return &net.Dialer{Timeout: d}
}

// connect opens a tunnel to an allowed host:port.
func (p *Proxy) connect(w http.ResponseWriter, r *http.Request) {
	if !p.Allowed(r.Host) {
		refuse(w, r.Host)
		return
	}
	up, err := p.dialer().DialContext(r.Context(), "tcp", r.Host)
	if err != nil {
		http.Error(w, "Arena's build proxy: "+err.Error(), http.StatusBadGateway)
		return
	}
	hj, ok := w.(http.Hijacker)
	if !ok {
		up.Close()
		http.Error(w, "no tunnel over this connection", http.StatusInternalServerError)
		return
	}
	down, buf, err := hj.Hijack()
	if err != nil {
		up.Close()
		return
	}
	fmt.Fprint(down, "HTTP/1.1 200 Connection established\r\n\r\n")
	tunnel(down, buf, up)
}

// tunnel relays both ways until both sides are done: what the client sent
// after its CONNECT (already buffered) first.
func tunnel(down net.Conn, buf *bufio.ReadWriter, up net.Conn) {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		io.Copy(up, io.MultiReader(io.LimitReader(buf.Reader, int64(buf.Reader.Buffered())), down))
		if cw, ok := up.(interface{ CloseWrite() error }); ok {
			cw.CloseWrite()
		}
	}()
	go func() {
		defer wg.Done()
		io.Copy(down, up)
		if cw, ok := down.(interface{ CloseWrite() error }); ok {
			cw.CloseWrite()
		}
	}()
	wg.Wait()
	down.Close()
	up.Close()
}

// forward sends a plain HTTP request on, and its reply back. Redirects
// are the client's to follow (through the proxy again, so checked again).
func (p *Proxy) forward(w http.ResponseWriter, r *http.Request) {
	out := r.Clone(context.WithoutCancel(r.Context()))
	out.RequestURI = ""
	out.Header.Del("Proxy-Connection")
	out.Header.Del("Proxy-Authorization")
	tr := &http.Transport{Proxy: nil, DialContext: p.dialer().DialContext}
	defer tr.CloseIdleConnections()
	resp, err := tr.RoundTrip(out.WithContext(r.Context()))
	if err != nil {
		http.Error(w, "Arena's build proxy: "+err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	for k, vs := range resp.Header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	w.WriteHeader(resp.StatusCode)
	io.Copy(w, resp.Body)
}

// Env is what tells a build's tools to go through the proxy at
// 127.0.0.1:port of its sandbox: the usual variables (curl, pip, cargo,
// Go, npm read them), npm's own, and the JVM's (Maven).
func Env(port int) []string {
	u := fmt.Sprintf("http://127.0.0.1:%d", port)
	jvm := fmt.Sprintf("-Dhttp.proxyHost=127.0.0.1 -Dhttp.proxyPort=%d -Dhttps.proxyHost=127.0.0.1 -Dhttps.proxyPort=%d", port, port)
	return []string{
		"HTTP_PROXY=" + u, "HTTPS_PROXY=" + u, "http_proxy=" + u, "https_proxy=" + u,
		"npm_config_proxy=" + u, "npm_config_https_proxy=" + u,
		"CARGO_HTTP_PROXY=" + u, "MAVEN_OPTS=" + jvm, "JAVA_TOOL_OPTIONS=" + jvm,
		// Go's default falls back to fetching from version control hosts,
		// which the proxy refuses: the module proxy alone
		"GOPROXY=https://proxy.golang.org",
	}
}
