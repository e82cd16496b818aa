package api

import (
	"context"
	"fmt"
	"slices"

	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/platform/news"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/replay"
)

// Show follows a match live under an id, as the viewer's server does
// (web.Server.Show): it hooks into m, and returns what to call with the
// outcome.
type Show func(id string, m *match.Match) (finish func(*replay.Replay, error))

// PublicLive is the player's Watch (play.Player.Watch) of a platform
// whose pages serve live matches: each game of a public event, of a kind
// its formats do not hide, is shown live as a spectator may see it (no
// seat's stderr, no team's URL, what the formats keep from the teams
// taken out), and the event's pages are told it started and ended.
func PublicLive(p Platform, show Show) func(store.Event, queue.Match, *match.Match) func(*replay.Replay, error) {
	return func(ev store.Event, a queue.Match, m *match.Match) func(*replay.Replay, error) {
		if !ev.Settings.Public {
			return nil
		}
		ctx := context.Background()
		if hidden, err := p.HiddenKinds(ctx, ev.ID); err != nil || slices.Contains(hidden, a.MatchKind) {
			return nil
		}
		id := fmt.Sprintf("event%d-%s", ev.ID, a.Key)
		rec := store.Match{EventID: ev.ID, Key: a.Key, Kind: a.MatchKind, Teams: a.Teams}
		var shown match.Match // what the viewer's server hooks: the public copy
		finish := show(id, &shown)
		names := map[int64]string{}
		if teams, err := p.Store().Teams(ctx, ev.ID); err == nil {
			for _, tm := range teams {
				names[tm.ID] = tm.Name
			}
		}
		scrub := func(int, string) string { return "" }
		onStart, onTurn := m.OnStart, m.OnTurn
		m.OnStart = func(r *replay.Replay) {
			if onStart != nil {
				onStart(r)
			}
			c, err := p.TeamCopy(ctx, rec, r)
			if err != nil {
				c = &replay.Replay{Format: r.Format, Version: r.Version, Game: r.Game}
			}
			c = teamNamed(forSeats(c, nil), a.Teams, names)
			scrub = seatScrubber(r)
			shown.OnStart(c)
		}
		m.OnTurn = func(t replay.Turn) {
			if onTurn != nil {
				onTurn(t)
			}
			shown.OnTurn(turnForSeats(t, nil, scrub))
		}
		p.News().Started(ev.ID, news.Live{ID: id, Kind: a.MatchKind, Teams: a.Teams})
		return func(rep *replay.Replay, err error) {
			if rep != nil {
				if c, cerr := p.TeamCopy(ctx, rec, rep); cerr == nil {
					rep = teamNamed(forSeats(c, nil), a.Teams, names)
				} else {
					rep = nil
				}
			}
			finish(rep, err)
			p.News().Ended(ev.ID, id)
		}
	}
}

// teamNamed names each team's seat of a public copy by its team, as the
// public page lists the game (the match names its bots team1, team2...),
// so that a spectator of the live game sees who plays; a house bot keeps
// its name.
func teamNamed(rep *replay.Replay, teams []int64, names map[int64]string) *replay.Replay {
	c := *rep
	c.Players = slices.Clone(rep.Players)
	for k := range c.Players {
		if k < len(teams) && names[teams[k]] != "" {
			c.Players[k].Name = names[teams[k]]
		}
	}
	return &c
}

// seatScrubber takes the seats' HTTP bot URLs out of their texts, as
// forSeats does for every seat.
func seatScrubber(r *replay.Replay) func(seat int, text string) string {
	return func(s int, text string) string {
		if s < len(r.Players) {
			if _, h := hiddenURL(r.Players[s].Spec); h != nil {
				return h.Replace(text)
			}
		}
		return text
	}
}
