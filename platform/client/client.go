// Package client is a typed client of the platform's HTTP API (the
// routes of platform's route table, under /api/platform/): one method per
// route the arena command uses, answers decoded into the documents the
// API emits (platform/apitypes, platform/store, and this package's own
// types for the answers the API builds field by field), and the server's
// refusals as *Error.
//
// Organiser is what the organiser's commands need from a platform;
// *Client does it through a running server, local.Local on an open
// data directory or database.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Prefix is where the platform's API is mounted on its server.
const Prefix = "/api/platform/"

// Client calls one platform server's API with a token (the organiser's or
// a team's).
type Client struct {
	Server string // the server's URL, e.g. http://host:8080
	Token  string // sent as a bearer token; "" sends none
	// HTTP makes the requests (nil: a client with a 2-minute time limit;
	// the replays' archive is downloaded without one).
	HTTP *http.Client
	// PollEvery is how often a call that waits asks the server again
	// (0: every second).
	PollEvery time.Duration
}

// New is a client of the server at the URL server with token.
func New(server, token string) *Client { return &Client{Server: server, Token: token} }

// ErrNoServer is returned by every call of a client without a server URL.
var ErrNoServer = errors.New("no server URL")

// Error is the API's error answer: its HTTP status and the server's
// message (its JSON's "error", when it gave one).
type Error struct {
	Status  int
	Message string
}

func (e *Error) Error() string {
	if e.Message == "" {
		return fmt.Sprintf("the server answered HTTP %d", e.Status)
	}
	return fmt.Sprintf("the server says: %s (HTTP %d)", e.Message, e.Status)
}

// StatusOf is the HTTP status of err when it is the API's error answer,
// else 0.
func StatusOf(err error) int {
	var e *Error
	if errors.As(err, &e) {
		return e.Status
	}
	return 0
}

// The routes the client calls, as the platform's route table writes them
// (without the prefix): "METHOD path", the path's {names} filled in order
// by the call's arguments.
const (
	routeJoin          = "POST join"
	routeSubmit        = "POST submissions"
	routeSubmissions   = "GET submissions"
	routeSubmission    = "GET submissions/{id}"
	routeSubmissionLog = "GET submissions/{id}/log"
	routeActivate      = "POST submissions/{id}/activate"
	routeHTTPBot       = "POST httpbot"
	routeLeaderboard   = "GET leaderboard"
	routeEvents        = "GET organiser/events"
	routeCreateEvent   = "POST organiser/events"
	routeEvent         = "GET organiser/events/{id}"
	routeUpdateEvent   = "POST organiser/events/{id}"
	routeInvite        = "POST organiser/events/{id}/invite"
	routeTeams         = "GET organiser/events/{id}/teams"
	routeMatches       = "GET organiser/events/{id}/matches"
	routeStatus        = "GET organiser/events/{id}/status"
	routeCasual        = "POST organiser/events/{id}/casual"
	routeFreeze        = "POST organiser/events/{id}/freeze"
	routeFinal         = "POST organiser/events/{id}/final"
	routeRetest        = "POST organiser/events/{id}/teams/{team}/retest"
	routeSuspend       = "POST organiser/events/{id}/teams/{team}/suspend"
	routePublish       = "POST organiser/events/{id}/publish"
	routeResults       = "GET organiser/events/{id}/results"
	routeReplays       = "GET organiser/events/{id}/replays"
	routeTeam          = "GET team"
	routeTeamMatches   = "GET matches"
	routeMatchReplay   = "GET matches/{id}/replay"
	routeStartTest     = "POST tests"
	routeTests         = "GET tests"
	routeTest          = "GET tests/{id}"
	routeTestReplay    = "GET tests/{id}/replay"
)

// Routes are the routes the client calls, as "METHOD /api/platform/path"
// with the route table's {names}: a test checks each against the
// platform's table.
func Routes() []string {
	var out []string
	for _, r := range []string{routeJoin, routeSubmit, routeSubmissions, routeSubmission, routeSubmissionLog, routeActivate,
		routeHTTPBot, routeLeaderboard, routeEvents, routeCreateEvent, routeEvent, routeUpdateEvent, routeInvite, routeTeams, routeMatches,
		routeStatus, routeCasual, routeFreeze, routeFinal, routeRetest, routeSuspend, routePublish, routeResults, routeReplays,
		routeTeam, routeTeamMatches, routeMatchReplay, routeStartTest, routeTests, routeTest, routeTestReplay} {
		method, path, _ := strings.Cut(r, " ")
		out = append(out, method+" "+Prefix+path)
	}
	return out
}

// target is a route's method and its path with args in place of its
// {names}, in order.
func target(route string, args ...any) (method, path string) {
	method, path, _ = strings.Cut(route, " ")
	for _, a := range args {
		i := strings.Index(path, "{")
		j := strings.Index(path, "}")
		if i < 0 || j < i {
			panic("client: more arguments than the route " + route + " has names")
		}
		path = path[:i] + url.PathEscape(fmt.Sprint(a)) + path[j+1:]
	}
	if strings.Contains(path, "{") {
		panic("client: the route " + route + " lacks arguments")
	}
	return method, path
}

// send makes a request of the route and returns the answer when it is not
// an error (the caller closes its body); an error answer is an *Error.
func (c *Client) send(ctx context.Context, hc *http.Client, route string, args []any, query, contentType string, body io.Reader) (*http.Response, error) {
	if c.Server == "" {
		return nil, ErrNoServer
	}
	method, path := target(route, args...)
	if query != "" {
		path += "?" + query
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimSuffix(c.Server, "/")+Prefix+path, body)
	if err != nil {
		return nil, fmt.Errorf("--server %q: %w", c.Server, err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	resp, err := hc.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return nil, fmt.Errorf("cannot reach the server %s: %w (is arena serve running there?)", c.Server, err)
	}
	if resp.StatusCode >= 400 {
		defer resp.Body.Close()
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		e := &Error{Status: resp.StatusCode}
		var doc struct{ Error string }
		if json.Unmarshal(b, &doc) == nil {
			e.Message = doc.Error
		}
		return nil, e
	}
	return resp, nil
}

func (c *Client) http() *http.Client {
	if c.HTTP != nil {
		return c.HTTP
	}
	return &http.Client{Timeout: 2 * time.Minute}
}

// call sends a request of the route and returns its answer's body,
// decoded into out when out is not nil.
func (c *Client) call(ctx context.Context, route string, args []any, query, contentType string, body io.Reader, out any) ([]byte, error) {
	resp, err := c.send(ctx, c.http(), route, args, query, contentType, body)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return nil, err
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			return nil, fmt.Errorf("the server's answer is not the platform's JSON: %w", err)
		}
	}
	return b, nil
}

// get reads the route's JSON answer into out.
func (c *Client) get(ctx context.Context, route string, out any, args ...any) ([]byte, error) {
	return c.call(ctx, route, args, "", "", nil, out)
}

// post sends in as JSON to the route and reads the answer into out (nil:
// not read).
func (c *Client) post(ctx context.Context, route string, in, out any, args ...any) ([]byte, error) {
	var body io.Reader
	if in != nil {
		raw, err := json.Marshal(in)
		if err != nil {
			return nil, err
		}
		body = bytes.NewReader(raw)
	}
	return c.call(ctx, route, args, "", "application/json", body, out)
}
