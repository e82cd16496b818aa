package tournament

import (
	"context"
	"errors"
	"fmt"

	"github.com/seed27749672/arena/match"
	"github.com/seed27749672/arena/replay"
)

// FairPlays is how many times a match decided by the machine is played in
// all before it is given up: a match with a starved timeout (see
// docs/architecture.md, "Time the machine took") is void, since from that
// turn on it is not the game the bots would have played, and is played
// again with the same seed.
// Three plays leave a machine loaded now and then a chance; one that
// starves a bot three times in a row cannot give this match a fair result.
const FairPlays = 3

// ErrUnplayable says that a match was starved in each of its FairPlays
// plays: this machine, as loaded as it is, cannot give it a fair result.
var ErrUnplayable = errors.New("unplayable on this machine")

// Voided is one play of a match voided because a bot was starved.
type Voided struct {
	Seed    int64
	Game    int // the game of a series (0: the match itself)
	Starved replay.Starved
	Name    string // the starved bot's name
}

// String says what was voided, in the words of the result message.
func (v Voided) String() string {
	where := fmt.Sprintf("seed %d", v.Seed)
	if v.Game > 0 {
		where = fmt.Sprintf("game %d, seed %d", v.Game, v.Seed)
	}
	return fmt.Sprintf("%s: %s %s; voided and played again", where, v.Name, replay.StarvedMessage(v.Starved))
}

// RunFair plays m with match.Run until no bot is starved, at most
// FairPlays times, and returns the replay of the fair play with the plays
// it voided. After FairPlays starved plays the error is ErrUnplayable,
// saying what the last one was; the replay is then the last play's, for
// the record (its result is not the bots'). Every format's matches and the
// platform's match jobs go through it, so that no result counts that the
// machine decided.
func RunFair(ctx context.Context, m match.Match) (*replay.Replay, []Voided, error) {
	var voided []Voided
	for {
		rep, err := match.Run(ctx, m)
		if err != nil {
			return rep, voided, err
		}
		st, starved := rep.FirstStarved()
		if !starved {
			return rep, voided, nil
		}
		voided = append(voided, Voided{Seed: m.Config.Seed, Starved: st, Name: rep.Players[st.Seat].Name})
		if len(voided) >= FairPlays {
			return rep, voided, fmt.Errorf("%w: a bot was starved in each of %d plays (the last: %s %s)",
				ErrUnplayable, FairPlays, rep.Players[st.Seat].Name, replay.StarvedMessage(st))
		}
	}
}
