package client

import (
	"bytes"
	"context"
	"mime/multipart"
	"strconv"
)

// A team's calls (with the team's token). Each returns, beside the typed
// answer, the server's JSON as it came, for a caller that shows it.

// Join joins the event an invitation opens as a new team; the answer
// carries the team's token.
func (c *Client) Join(ctx context.Context, invite, name string, members []string) (Joined, []byte, error) {
	var j Joined
	raw, err := c.post(ctx, routeJoin, map[string]any{"invite": invite, "name": name, "members": append([]string{}, members...)}, &j)
	return j, raw, err
}

// Submit uploads a bot (a kit's zip, or a source file) under filename.
func (c *Client) Submit(ctx context.Context, filename string, data []byte) (Submission, []byte, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	w, _ := mw.CreateFormFile("file", filename)
	w.Write(data)
	mw.Close()
	var s Submission
	raw, err := c.call(ctx, routeSubmit, nil, "", mw.FormDataContentType(), &body, &s)
	return s, raw, err
}

// Submissions are the team's submissions.
func (c *Client) Submissions(ctx context.Context) ([]Submission, []byte, error) {
	var subs []Submission
	raw, err := c.get(ctx, routeSubmissions, &subs)
	return subs, raw, err
}

// Submission is one of the team's submissions.
func (c *Client) Submission(ctx context.Context, id int64) (Submission, []byte, error) {
	var s Submission
	raw, err := c.get(ctx, routeSubmission, &s, id)
	return s, raw, err
}

// SubmissionLog is the build log of one of the team's submissions.
func (c *Client) SubmissionLog(ctx context.Context, id int64) ([]byte, error) {
	return c.get(ctx, routeSubmissionLog, nil, id)
}

// Activate makes one of the team's ready submissions its active bot.
func (c *Client) Activate(ctx context.Context, id int64) (Submission, []byte, error) {
	var s Submission
	raw, err := c.post(ctx, routeActivate, nil, &s, id)
	return s, raw, err
}

// Leaderboard is the team's event's leaderboard: in an event with
// leagues, the team's own league's.
func (c *Client) Leaderboard(ctx context.Context) ([]Standing, []byte, error) {
	var board []Standing
	raw, err := c.get(ctx, routeLeaderboard, &board)
	return board, raw, err
}

// LeagueLeaderboard is league n's leaderboard, with each team's
// promotion test there.
func (c *Client) LeagueLeaderboard(ctx context.Context, n int) ([]Standing, []byte, error) {
	var board []Standing
	raw, err := c.call(ctx, routeLeaderboard, nil, "league="+strconv.Itoa(n), "", nil, &board)
	return board, raw, err
}

// EventLeaderboard is every league's teams in the event's one ranking
// (league first, then rating), each with its promotion test.
func (c *Client) EventLeaderboard(ctx context.Context) ([]Standing, []byte, error) {
	var board []Standing
	raw, err := c.call(ctx, routeLeaderboard, nil, "league=all", "", nil, &board)
	return board, raw, err
}

// RegisterHTTPBot registers the URL of an HTTP bot the team runs: it
// becomes the team's active submission.
func (c *Client) RegisterHTTPBot(ctx context.Context, url string) (Submission, []byte, error) {
	var s Submission
	raw, err := c.post(ctx, routeHTTPBot, map[string]string{"url": url}, &s)
	return s, raw, err
}
