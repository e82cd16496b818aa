package client

import (
	"context"
	"io"
	"net/http"
	"time"

	"github.com/seed27749672/arena/platform/apitypes"
)

// A team's own view of its games (matches and test games), for arena
// matches, test, replay download, log and status.

// TeamMatch is one of the team's matches (GET matches): its seats, and
// the replay's path when it was played.
type TeamMatch struct {
	ID     int64  `json:"id"`
	Seed   string `json:"seed"`
	Seats  []Seat `json:"seats"`
	Played string `json:"played"`
	Kind   string `json:"kind"`
	Round  int64  `json:"round"`
	Map    string `json:"map"`
	Error  string `json:"error,omitempty"`
	Replay string `json:"replay,omitempty"`
}

// TestSeat is a test game's seat.
type TestSeat struct {
	Team       string `json:"team"`
	TeamID     int64  `json:"team_id"`
	Submission int64  `json:"submission"`
	Rank       int    `json:"rank"`
}

// TestGame is one of the team's test games.
type TestGame struct {
	ID         int64      `json:"id"`
	State      string     `json:"state"` // queued, playing, done, failed
	Opponent   string     `json:"opponent"`
	Submission int64      `json:"submission"`
	Seed       string     `json:"seed"`
	League     int        `json:"league"`
	Seats      []TestSeat `json:"seats"`
	Result     string     `json:"result,omitempty"` // win, loss or draw, once done
	Error      string     `json:"error,omitempty"`
	Created    string     `json:"created"`
	Ended      string     `json:"ended,omitempty"`
	Replay     string     `json:"replay,omitempty"` // the API's path of its replay
	Page       string     `json:"page,omitempty"`   // the replay's page, on the server
}

// Over: the test game ended (played, or failed).
func (g TestGame) Over() bool { return g.State == "done" || g.State == "failed" }

// TestRequest is what a team asks for (POST tests): Seed "" is random.
type TestRequest struct {
	Submission int64  `json:"submission,omitempty"`
	Vs         string `json:"vs,omitempty"`
	Seed       string `json:"seed,omitempty"`
}

// TeamInfo is the team's own page's head (GET team): the team, its event,
// and in an event with leagues its league and test there.
type TeamInfo struct {
	Team struct {
		ID     int64  `json:"id"`
		Name   string `json:"name"`
		Active int64  `json:"active"`
	} `json:"team"`
	Event struct {
		ID   int64  `json:"id"`
		Game string `json:"game"`
		Name string `json:"name"`
	} `json:"event"`
	League *struct {
		Number int                       `json:"number"`
		Name   string                    `json:"name"`
		Boss   string                    `json:"boss"`
		Goal   string                    `json:"goal"`
		Test   *apitypes.PromotionRecord `json:"test"`
	} `json:"league"`
}

// TeamInfo is the team and its event.
func (c *Client) TeamInfo(ctx context.Context) (TeamInfo, []byte, error) {
	var t TeamInfo
	raw, err := c.get(ctx, routeTeam, &t)
	return t, raw, err
}

// TeamMatches are the team's matches, newest first.
func (c *Client) TeamMatches(ctx context.Context) ([]TeamMatch, []byte, error) {
	var ms []TeamMatch
	raw, err := c.get(ctx, routeTeamMatches, &ms)
	return ms, raw, err
}

// MatchReplay writes one of the team's matches' replay (its own bot's
// error output only) to w, as the server sends it.
func (c *Client) MatchReplay(ctx context.Context, id int64, w io.Writer) error {
	return c.download(ctx, routeMatchReplay, w, id)
}

// StartTest queues a test game.
func (c *Client) StartTest(ctx context.Context, req TestRequest) (TestGame, []byte, error) {
	var g TestGame
	raw, err := c.post(ctx, routeStartTest, req, &g)
	return g, raw, err
}

// TestGames are the team's test games, newest first.
func (c *Client) TestGames(ctx context.Context) ([]TestGame, []byte, error) {
	var gs []TestGame
	raw, err := c.get(ctx, routeTests, &gs)
	return gs, raw, err
}

// TestGame is one of the team's test games.
func (c *Client) TestGame(ctx context.Context, id int64) (TestGame, []byte, error) {
	var g TestGame
	raw, err := c.get(ctx, routeTest, &g, id)
	return g, raw, err
}

// TestReplay writes a played test game's replay (the team's own bots'
// error output only) to w, as the server sends it.
func (c *Client) TestReplay(ctx context.Context, id int64, w io.Writer) error {
	return c.download(ctx, routeTestReplay, w, id)
}

// download writes the route's answer to w whole, however long (a
// replay may hold megabytes of a bot's error output), with no time
// limit but ctx's.
func (c *Client) download(ctx context.Context, route string, w io.Writer, args ...any) error {
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{}
	}
	resp, err := c.send(ctx, hc, route, args, "", "", nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, err = io.Copy(w, resp.Body)
	return err
}

// WaitTest asks for a test game until it ends (or ctx does), telling
// seen each state it is found in.
func (c *Client) WaitTest(ctx context.Context, id int64, seen func(TestGame)) (TestGame, []byte, error) {
	every := c.PollEvery
	if every <= 0 {
		every = time.Second
	}
	for {
		g, raw, err := c.TestGame(ctx, id)
		if err != nil || g.Over() {
			return g, raw, err
		}
		if seen != nil {
			seen(g)
		}
		select {
		case <-ctx.Done():
			return g, raw, ctx.Err()
		case <-time.After(every):
		}
	}
}
