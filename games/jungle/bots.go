package jungle

import (
	"math/rand/v2"

	"github.com/seed27749672/arena/game"
)

// The builtin bots. Each parses the TICK it is sent and answers one COMMAND
// line, exactly as a process bot would.
var builtins = []game.Builtin{
	{Name: "random", Help: "the 2022 starter kits' bot: spawns anywhere, then moves to random tiles", New: newRandomBot},
	{Name: "greedy", Help: "collects the nearest diamonds, summons where no enemy is near, drops when threatened and at the end", New: newGreedyBot},
	{Name: "fighter", Help: "collects like greedy, but attacks adjacent enemies and vines enemy carriers in line of sight", New: newFighterBot},
}

// builtinBot turns a per-tick strategy into a game.ViewBot; a message that
// is not a TICK gets no answer.
type builtinBot struct {
	play  func(v *view, c *commandBuilder)
	cache tileCache
	sc    scratch
	cmd   commandBuilder
}

func botFunc(play func(v *view, c *commandBuilder)) game.Bot { return &builtinBot{play: play} }

// Respond parses the TICK's JSON, as a process bot would.
func (b *builtinBot) Respond(msg []byte) []byte {
	tv, err := parseTick(msg, &b.cache)
	if err != nil || tv == nil {
		return nil
	}
	return b.RespondView(tv)
}

// RespondView reads the TICK as the referee's Go values (PromptView).
func (b *builtinBot) RespondView(view any) []byte {
	tv, ok := view.(*tickView)
	if !ok || tv.w == 0 {
		return nil
	}
	v := newView(tv, &b.sc)
	b.cmd.start(tv.tick)
	b.play(v, &b.cmd)
	return b.cmd.bytes()
}

func newRandomBot(seed int64) game.Bot {
	r := game.NewRand(seed, 0)
	return botFunc(func(v *view, c *commandBuilder) {
		spawns := v.spawnTiles()
		for _, u := range v.mine {
			if !u.alive {
				if len(spawns) > 0 {
					p := spawns[r.IntN(len(spawns))]
					c.add("SPAWN", u.id, &p)
				}
				continue
			}
			p := Pos{r.IntN(v.w), r.IntN(v.h)}
			c.add("MOVE", u.id, &p)
		}
	})
}

func (v *view) spawnTiles() []Pos {
	var out []Pos
	for x := 0; x < v.w; x++ {
		for y := 0; y < v.h; y++ {
			if v.tile(Pos{x, y}) == Spawn {
				out = append(out, Pos{x, y})
			}
		}
	}
	return out
}

func newGreedyBot(seed int64) game.Bot {
	r := game.NewRand(seed, 0)
	return botFunc(func(v *view, c *commandBuilder) { collect(v, c, r, false) })
}

func newFighterBot(seed int64) game.Bot {
	r := game.NewRand(seed, 0)
	return botFunc(func(v *view, c *commandBuilder) { collect(v, c, r, true) })
}

// collect is the greedy strategy; fight adds attacks, vines and hunting.
// The tiles a teammate claims (spawn tiles, goals) are marked taken in the
// view.
func collect(v *view, c *commandBuilder, r *rand.Rand, fight bool) {
	for _, u := range v.mine {
		switch {
		case !u.alive:
			goals := v.freeDiamonds()
			if fight {
				goals = v.appendCarriers(goals)
			}
			if p, ok := v.spawnNear(goals); ok {
				v.take(p)
				c.add("SPAWN", u.id, &p)
			}
		case u.summoning:
			c.add("NONE", u.id, nil)
		case u.diamond != "":
			carry(v, c, u, r)
		default:
			if fight && strike(v, c, u) {
				continue
			}
			seek(v, c, u, fight, r)
		}
	}
}

// carry decides for a unit holding a diamond: drop to score when an enemy
// comes near or the game ends, summon when it is safe and pays, else stay.
func carry(v *view, c *commandBuilder, u *tickUnit, r *rand.Rand) {
	p := u.pos
	d := v.diamond(u.diamond)
	left := v.ticksLeft()
	threat := v.nearestEnemy(p)
	if (threat <= 2 || left <= 1) && !v.onSpawn(p) && d != nil && d.points > 0 {
		nbs := p.neighbours()
		for _, i := range r.Perm(4) {
			q := nbs[i]
			if v.in(q) && v.at(q)&(cEmpty|cUnit) == cEmpty {
				c.add("DROP", u.id, &q)
				return
			}
		}
	}
	if v.onSpawn(p) {
		// Leave the spawn zone before anything else: a carrier can do
		// nothing but move there.
		if q, ok := v.nearest(p, true, true, cEmpty, 0); ok {
			c.add("MOVE", u.id, &q)
			return
		}
	}
	if d != nil && d.level < maxLevel && threat > 4 && left > 3*(d.level+1) && !v.onSpawn(p) {
		c.add("SUMMON", u.id, nil)
		return
	}
	if threat <= 3 {
		// Step away from the nearest enemy.
		best, bestD := p, threat
		for _, q := range p.neighbours() {
			if v.passable(q, false, true) {
				if e := v.nearestEnemy(q); e > bestD {
					best, bestD = q, e
				}
			}
		}
		if best != p {
			c.add("MOVE", u.id, &best)
			return
		}
	}
	c.add("NONE", u.id, nil)
}

// seek sends a unit without a diamond to the nearest free diamond no
// teammate is heading for (a hunter also next to enemy carriers).
func seek(v *view, c *commandBuilder, u *tickUnit, fight bool, r *rand.Rand) {
	p := u.pos
	want := cDiamond
	if fight {
		want |= cHunt
	}
	q, ok := v.nearest(p, v.onSpawn(p), false, want, cTaken)
	if ok {
		v.take(q)
		c.add("MOVE", u.id, &q)
		return
	}
	// Nothing to fetch: wander, off the spawn zone.
	for range 8 {
		q := Pos{r.IntN(v.w), r.IntN(v.h)}
		if v.tile(q) == Empty && v.reached(q) {
			c.add("MOVE", u.id, &q)
			return
		}
	}
	c.add("NONE", u.id, nil)
}

// strike attacks an adjacent enemy (carriers first) or vines an enemy
// carrier in line of sight; it reports whether it acted.
func strike(v *view, c *commandBuilder, u *tickUnit) bool {
	p := u.pos
	if v.onSpawn(p) {
		return false
	}
	var victim *tickUnit
	for _, e := range v.enemies {
		if p.Adjacent(e.pos) && !v.onSpawn(e.pos) && (victim == nil || e.diamond != "" && victim.diamond == "") {
			victim = e
		}
	}
	if victim != nil {
		c.add("ATTACK", u.id, &victim.pos)
		return true
	}
	for _, e := range v.enemies {
		if e.diamond != "" && v.canVine(p, e.pos) {
			c.add("VINE", u.id, &e.pos)
			return true
		}
	}
	return false
}

// canVine: same row or column, at least two tiles apart, no wall or spawn
// in between or under the target.
func (v *view) canVine(from, to Pos) bool {
	if from.X != to.X && from.Y != to.Y || from.Adjacent(to) || from == to {
		return false
	}
	for _, q := range spacesBetween(from, to) {
		if t := v.tile(q); t == Wall || t == Spawn {
			return false
		}
	}
	return true
}

// appendCarriers adds the positions of enemy units holding a diamond.
func (v *view) appendCarriers(out []Pos) []Pos {
	for _, e := range v.enemies {
		if e.diamond != "" {
			out = append(out, e.pos)
		}
	}
	return out
}
