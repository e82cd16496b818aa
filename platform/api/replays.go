package api

import (
	"net/url"
	"slices"
	"strings"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/replay"
)

// forSeats is the replay as the team at the given seats may see it: the
// other seats' stderr (their bots' logs) removed, and their HTTP bots'
// URLs (hiddenURL).
func forSeats(r *replay.Replay, mine map[int]bool) *replay.Replay {
	c := *r
	hide := make([]*strings.Replacer, len(r.Players))
	c.Players = append([]replay.Player(nil), r.Players...)
	for s := range c.Players {
		if !mine[s] {
			c.Players[s].Spec, hide[s] = hiddenURL(c.Players[s].Spec)
		}
	}
	scrub := func(s int, text string) string {
		if s < len(hide) && hide[s] != nil {
			return hide[s].Replace(text)
		}
		return text
	}
	c.Turns = make([]replay.Turn, len(r.Turns))
	for i, t := range r.Turns {
		c.Turns[i] = turnForSeats(t, mine, scrub)
	}
	if r.Result != nil {
		res := *r.Result
		res.Players = append([]replay.PlayerResult(nil), res.Players...)
		for s := range res.Players {
			res.Players[s].Message = scrub(s, res.Players[s].Message)
		}
		c.Result = &res
	}
	if r.Outcome != nil {
		out := *r.Outcome
		out.Players = append([]game.PlayerResult(nil), out.Players...)
		for s := range out.Players {
			out.Players[s].Message = scrub(s, out.Players[s].Message)
		}
		c.Outcome = &out
	}
	return &c
}

// turnForSeats is one turn as the team at the given seats may see it:
// the other seats' stderr removed, their errors scrubbed.
func turnForSeats(t replay.Turn, mine map[int]bool, scrub func(seat int, text string) string) replay.Turn {
	t.Replies = append([]replay.Reply(nil), t.Replies...)
	for s := range t.Replies {
		if !mine[s] {
			t.Replies[s].Stderr, t.Replies[s].StderrDropped = "", 0
			t.Replies[s].Error = scrub(s, t.Replies[s].Error)
		}
	}
	return t
}

// hiddenURL is another team's seat spec as a team sees it: an HTTP bot's
// ("url:URL") is its kind only, with a replacer that takes the URL and
// its host out of the texts quoting them (a refused connection, a bot not
// ready). Whoever knows a team's URL can call its bot with positions of
// its own choosing, or flood it during a round. Other specs stay (a
// command names a language, as on CodinGame).
func hiddenURL(spec string) (string, *strings.Replacer) {
	kind, target, ok := strings.Cut(spec, ":")
	if !ok || kind != "url" {
		return spec, nil
	}
	parts := []string{target, strings.TrimRight(target, "/")}
	if u, err := url.Parse(target); err == nil && u.Host != "" {
		parts = append(parts, u.Host, u.Hostname())
	}
	// longest first: the URL goes whole before its host alone
	slices.SortFunc(parts, func(a, b string) int { return len(b) - len(a) })
	var pairs []string
	for _, p := range parts {
		if p != "" {
			pairs = append(pairs, p, "(the team's URL)")
		}
	}
	return kind, strings.NewReplacer(pairs...)
}
