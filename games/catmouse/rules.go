package catmouse

// Role is the side an AI plays in a leg.
type Role int8

// The two roles.
const (
	Cats Role = iota
	Mouse
)

// String is the role as INIT writes it: "CATS" or "MOUSE".
func (r Role) String() string {
	if r == Mouse {
		return "MOUSE"
	}
	return "CATS"
}

// MaxCooldownExp caps the doubling of the dash cooldown: after the 48th
// dash the cooldown stays 2^48 = 281474976710656 turns (the seed's figure).
const MaxCooldownExp = 48

// Position is the state of a leg between two turns: where the pieces are,
// and the mouse's dash counters (§4.3, D12).
type Position struct {
	Cats  []Hex
	Mouse Hex
	Ready int64 // the first turn at which a dash is allowed
	Uses  int64 // dashes done
}

// StartPosition is the position of state 1: the spawn set, and a dash
// that becomes available at turn 2.
func StartPosition(s Spawn) Position {
	return Position{Cats: append([]Hex(nil), s.Cats...), Mouse: s.Mouse, Ready: 2}
}

// Cooldown is what state t reports: max(0, ready - t); a dash is allowed
// at turn t iff it is 0.
func (p *Position) Cooldown(t int) int64 { return max(0, p.Ready-int64(t)) }

// dest is where an action from h ends (the action is legal).
func dest(h Hex, a Action) Hex {
	for k := range a.Steps {
		h = h.Add(a.Dirs[k])
	}
	return h
}

// checkCat returns the error code of a cat's illegal action, "" when legal
// (D13: two directions are "catdash", their steps are not checked).
func (b *Board) checkCat(from Hex, a Action) string {
	switch a.Steps {
	case 1:
		return b.stepError(from, a.Dirs[0])
	case 2:
		return ErrCatDash
	}
	return ""
}

// checkMouse returns the error code of the mouse's illegal action, "" when
// legal, checking in the order of D13: backtrack, cooldown, first step,
// second step.
func (b *Board) checkMouse(from Hex, a Action, cooldown int64) string {
	switch a.Steps {
	case 1:
		return b.stepError(from, a.Dirs[0])
	case 2:
		if a.Dirs[1] == a.Dirs[0].Opposite() {
			return ErrBacktrack
		}
		if cooldown > 0 {
			return ErrCooldown
		}
		if e := b.stepError(from, a.Dirs[0]); e != "" {
			return e
		}
		return b.stepError(from.Add(a.Dirs[0]), a.Dirs[1])
	}
	return ""
}

// Catch is one cat catching the mouse.
type Catch struct {
	Cat  int  `json:"cat"`
	Swap bool `json:"swap"` // by exchange of positions rather than on the same cell
}

// Apply resolves turn t with legal actions (§4.2 items 3 to 5): the dash
// counters, the simultaneous moves, and the catches. Cats may share a cell
// and pieces never block each other (D9); the middle cell of a dash never
// counts for a catch (D10).
func (p *Position) Apply(t int, cats []Action, mouse Action) []Catch {
	if mouse.Steps == 2 {
		p.Uses++
		p.Ready = int64(t) + 1<<min(p.Uses, MaxCooldownExp)
	}
	mStart := p.Mouse
	mEnd := dest(mStart, mouse)
	var caught []Catch
	for i, a := range cats {
		cStart := p.Cats[i]
		cEnd := dest(cStart, a)
		p.Cats[i] = cEnd
		switch {
		case cEnd == mEnd:
			caught = append(caught, Catch{Cat: i})
		case cStart == mEnd && cEnd == mStart && mStart != mEnd:
			caught = append(caught, Catch{Cat: i, Swap: true})
		}
	}
	p.Mouse = mEnd
	return caught
}

// clone returns an independent copy.
func (p Position) clone() Position {
	p.Cats = append([]Hex(nil), p.Cats...)
	return p
}
