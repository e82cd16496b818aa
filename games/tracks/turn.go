package tracks

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/seed27749672/arena/game"
)

// Play resolves one turn (rules §3, in this order): the replies are read,
// income is paid, AUTOPLACE is expanded on the pre-turn board, tracks are
// placed, regions disrupted and inked, connections scored, the side quest
// checked, and the end of the game decided.
func (r *referee) Play(replies []game.Reply) {
	r.turn++
	r.ev = events{}
	var acts [2][]Action
	for p := range r.pl {
		r.pl[p].message, r.pl[p].action = "", ""
		if p < len(replies) && r.pl[p].active() {
			acts[p] = r.read(p, replies[p])
		}
	}
	for p := range r.pl {
		if r.pl[p].active() {
			r.pl[p].paint, r.pl[p].disruption = paintIncome, disruptIncome
		} else {
			r.pl[p].paint, r.pl[p].disruption = 0, 0
		}
	}
	r.expandAutoplace(&acts)
	r.placeTracks(acts)
	r.disrupt(acts)
	r.ink()
	r.score()
	r.sideQuest()
	r.checkEnd()
	r.body = encodeCells(r.b, r.cellConns)
}

// read turns player p's reply into actions; a timeout, a crash or an
// invalid line eliminates the player (its actions of the turn are dropped).
func (r *referee) read(p int, rep game.Reply) []Action {
	pl := &r.pl[p]
	id := "$" + strconv.Itoa(p)
	if rep.Status != game.Answered {
		// A timeout, or a crash, which CodinGame reports the same way.
		// (NotAsked and Waiting cannot happen to an active player.)
		// The game summary keeps CodinGame's words ($N is the viewer's
		// to name); the result message names the bot and the turn.
		pl.status, pl.reason = game.TimedOut, fmt.Sprintf("%s %s on turn %d", r.names[p], timeoutLine, r.turn)
		if rep.Status == game.Timeout {
			// The limit applied, --time-scale included.
			pl.reason += fmt.Sprintf(" (limit %d ms)", rep.Time.Milliseconds())
		}
		if rep.Status == game.Gone {
			pl.status = game.Crashed
			if rep.Error != "" {
				pl.reason += " (" + rep.Error + ")"
			}
		}
		r.summary(id + " " + timeoutLine)
		return nil
	}
	line := rep.Lines[0]
	pl.action = line.Text
	var err error
	var acts []Action
	if line.TooLong {
		err = fmt.Errorf("Invalid Input: the line is longer than the %d bytes a bot may write", len(line.Text))
	} else {
		acts, err = ParseLine(line.Text)
	}
	if err != nil {
		pl.status, pl.reason = game.Disqualified, err.Error()
		r.summary(err.Error())
		r.summary(id + ": disqualified!")
		return nil
	}
	for _, a := range acts {
		if a.Kind == Message {
			pl.message = a.Text
		}
	}
	return acts
}

func (r *referee) summary(s string) { r.ev.summary = append(r.ev.summary, s) }

// report records a rejected action of player p: a game summary line
// prefixed "$<id> " and an error line of that player.
func (r *referee) report(p int, msg string) {
	r.summary("$" + strconv.Itoa(p) + " " + msg)
	r.ev.errors[p] = append(r.ev.errors[p], msg)
}

// expandAutoplace replaces each player's first AUTOPLACE by its generated
// PLACE_TRACKS steps, planned on the pre-turn board; later ones are dropped.
func (r *referee) expandAutoplace(acts *[2][]Action) {
	var pl *planner
	for p := range acts {
		used := false
		var out []Action
		for _, a := range acts[p] {
			if a.Kind != Autoplace {
				out = append(out, a)
				continue
			}
			if used {
				r.report(p, "Only one autobuild action allowed per turn.")
				continue
			}
			used = true
			r.pl[p].autoplaces++
			if pl == nil {
				pl = newPlanner(r.b)
			}
			steps, _ := pl.plan(a.X, a.Y, a.ToX, a.ToY)
			r.ev.plans[p] = steps
			for _, c := range steps {
				x, y := r.b.xy(c)
				out = append(out, Action{Kind: PlaceTracks, X: x, Y: y, Generated: true})
			}
		}
		acts[p] = out
	}
}

// placeTracks resolves every PLACE_TRACKS, player 0's then player 1's,
// against the pre-turn board; a cell claimed by both becomes neutral.
func (r *referee) placeTracks(acts [2][]Action) {
	b := r.b
	claims := map[int]int{} // cell -> bit per player
	var order []int
	for p := range acts {
		interrupted := false
		for _, a := range acts[p] {
			if a.Kind != PlaceTracks || (a.Generated && interrupted) {
				continue
			}
			msg, noPaint := r.placeError(p, a.X, a.Y, claims)
			switch {
			case msg == "":
			case !a.Generated:
				r.report(p, msg)
				continue
			case noPaint:
				r.report(p, "Autobuild interrupted: not enough track points to build a track at "+coordText(a.X, a.Y)+".")
				interrupted = true
				continue
			default:
				r.report(p, msg)
				if r.set.interruptAny {
					r.report(p, "Autobuild interrupted.")
					interrupted = true
				}
				continue
			}
			c := b.cell(a.X, a.Y)
			if claims[c] == 0 {
				order = append(order, c)
			}
			claims[c] |= 1 << p
			cost := b.Terrain[c].Cost()
			r.pl[p].paint -= cost
			r.pl[p].paintSpent += cost
			r.pl[p].tracksPlaced++
			r.ev.used[p][0] += cost
		}
	}
	for _, c := range order {
		owner := Neutral
		switch claims[c] {
		case 1:
			owner = 0
		case 2:
			owner = 1
		}
		b.Track[c] = int8(owner)
		r.ev.placed = append(r.ev.placed, cellOwner{c, owner})
	}
}

// placeError is why player p cannot build at (x, y) now, the checks of
// rules §3.3 in their order, or "" when it can. noPaint marks the last
// reason, a lack of paint: the only one that interrupts an AUTOPLACE in
// paint_only mode, and one with its own message for generated steps.
func (r *referee) placeError(p, x, y int, claims map[int]int) (msg string, noPaint bool) {
	b := r.b
	if !b.in(x, y) {
		return "Not part of grid: " + coordText(x, y), false
	}
	c := b.cell(x, y)
	switch {
	case b.TownAt[c] >= 0:
		return "Cannot place tracks on a town at " + coordText(x, y), false
	case b.inked(c):
		return "Cannot build in region " + strconv.Itoa(b.Region[c]), false
	case b.Track[c] != NoTrack || claims[c]&(1<<p) != 0:
		return "Cannot place tracks on existing tracks at " + coordText(x, y), false
	case r.pl[p].paint < b.Terrain[c].Cost():
		return "Not enough track points to build a track at " + coordText(x, y) + ".", true
	}
	return "", false
}

// coordText is a cell as the messages print it: "(x, y)".
func coordText(x, y int) string { return "(" + strconv.Itoa(x) + ", " + strconv.Itoa(y) + ")" }

// disrupt resolves every DISRUPT, player 0's then player 1's.
func (r *referee) disrupt(acts [2][]Action) {
	b := r.b
	for p := range acts {
		for _, a := range acts[p] {
			region := a.Region
			switch a.Kind {
			case DisruptCell:
				if !b.in(a.X, a.Y) {
					r.report(p, "Not part of grid: "+coordText(a.X, a.Y))
					continue
				}
				region = b.Region[b.cell(a.X, a.Y)]
			case DisruptRegion:
			default:
				continue
			}
			switch {
			case r.pl[p].disruption <= 0:
				r.report(p, "Not enough disruption points.")
			case region < 0 || region >= len(b.Regions):
				r.report(p, "Invalid region id: "+strconv.Itoa(region))
			case b.Regions[region].Inked:
				r.report(p, fmt.Sprintf("Cannot disrupt region %d. Already inked out.", region))
			case b.Regions[region].Town >= 0:
				r.report(p, fmt.Sprintf("Cannot disrupt region %d. It contains a town.", region))
			default:
				r.pl[p].disruption--
				r.pl[p].disruptions++
				r.ev.used[p][1]++
				b.Regions[region].Instability++
				r.lastDisrupt[p] = region
				r.ev.disrupts = append(r.ev.disrupts, disruption{p, region})
			}
		}
	}
}

// ink inks every region that reached the threshold, in id order, and
// removes its tracks.
func (r *referee) ink() {
	b := r.b
	for id := range b.Regions {
		reg := &b.Regions[id]
		if reg.Inked || reg.Town >= 0 || reg.Instability < r.set.inkThreshold {
			continue
		}
		reg.Inked = true
		r.ev.inked = append(r.ev.inked, id)
		enemyLost := false
		for _, c := range reg.Cells {
			if o := b.Track[c]; o != NoTrack {
				r.ev.erased = append(r.ev.erased, cellOwner{c, int(o)})
				enemyLost = enemyLost || o == 1
				b.Track[c] = NoTrack
			}
		}
		if r.set.league == 2 && enemyLost && r.lastDisrupt[0] == id {
			r.objective = true
		}
	}
	slices.SortFunc(r.ev.erased, func(a, b cellOwner) int { return a.cell - b.cell })
}

// score finds the active connections and pays their points.
func (r *referee) score() {
	r.conns = r.srch.activeConnections(r.b)
	for _, c := range r.conns {
		for p := range r.pl {
			r.pl[p].score += c.Points[p]
		}
	}
	r.cellConns = cellConnections(len(r.b.Terrain), r.conns)
	if r.set.league == 1 && r.pl[0].score >= 1 {
		r.objective = true
	}
}

// sideQuest latches each active player's side-quest point and records the
// points of interest that served it.
func (r *referee) sideQuest() {
	if !r.set.sideQuest {
		return
	}
	for p := range r.pl {
		pl := &r.pl[p]
		if !pl.active() {
			continue
		}
		for _, c := range r.srch.servedPOIs(r.b, p) {
			if !slices.Contains(pl.pois, c) {
				pl.pois = append(pl.pois, c)
			}
			if !pl.sideQuest {
				pl.sideQuest, pl.sideQuestTurn = true, r.turn
			}
		}
	}
}

// checkEnd decides whether the game is over after this turn (rules §3.10).
func (r *referee) checkEnd() {
	activeCount := 0
	for p := range r.pl {
		if r.pl[p].active() {
			activeCount++
		}
	}
	switch {
	case activeCount < 2:
		r.over, r.end = true, "a player left the game"
	case r.set.league <= 2 && r.objective:
		r.over, r.end = true, "league objective met"
	case r.turn >= maxTurns:
		r.over, r.end = true, ""
	case r.set.league >= 3 && !r.srch.anyConnectionPossible(r.b):
		r.over, r.end = true, "no desired connection can be completed any more"
	}
}
