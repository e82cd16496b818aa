package catmouse

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/seed27749672/arena/game"
)

// SpawnHeader is the first line of a spawn file.
const SpawnHeader = "CATMOUSE-SPAWN 1"

// Limits of a spawn set (§3, D2, D4).
const (
	MaxCats        = 4
	DefaultCats    = 2
	MinSpawnSteps  = 5 // path distance from the mouse to every cat
	OrganiserSpawn = 0 // id of the set published with the map (game 1)
	SecretSpawn    = 9 // id of the organiser's secret set (game 3)
)

// Spawn is a spawn set: where the mouse and the cats start (§3). Cats are
// C0, C1, ... in file order.
type Spawn struct {
	ID    int
	Name  string
	Mouse Hex
	Cats  []Hex
}

// ParseSpawn reads a spawn file holding one set.
func ParseSpawn(text string) (Spawn, error) {
	f := newTextFile("spawn file", text)
	fields, ok := f.next()
	if !ok {
		return Spawn{}, f.errorf("empty file; a spawn set starts with %q", SpawnHeader)
	}
	s, err := parseSpawnBlock(f, fields)
	if err != nil {
		return Spawn{}, err
	}
	if _, more := f.next(); more {
		return Spawn{}, f.errorf("unexpected text after END")
	}
	return s, nil
}

// parseSpawnBlock reads one set whose header line has been read as fields.
func parseSpawnBlock(f *textFile, fields []string) (Spawn, error) {
	if strings.Join(fields, " ") != SpawnHeader {
		return Spawn{}, f.errorf("a spawn set starts with %q", SpawnHeader)
	}
	s := Spawn{ID: -1}
	mice := 0
	for {
		fields, ok := f.next()
		if !ok {
			return Spawn{}, f.errorf("missing END of the spawn set")
		}
		switch fields[0] {
		case "END":
			if len(fields) != 1 {
				return Spawn{}, f.errorf("END takes no argument")
			}
			if s.ID < 0 {
				return Spawn{}, f.errorf("the spawn set has no ID line")
			}
			if mice != 1 {
				return Spawn{}, f.errorf("a spawn set has exactly one MOUSE line, this one has %d", mice)
			}
			if len(s.Cats) < 1 || len(s.Cats) > MaxCats {
				return Spawn{}, f.errorf("a spawn set has 1 to %d CAT lines, this one has %d", MaxCats, len(s.Cats))
			}
			return s, nil
		case "ID":
			if err := f.want(fields, "ID", 2, "ID n"); err != nil {
				return Spawn{}, err
			}
			id, err := strconv.Atoi(fields[1])
			if err != nil || id < 0 || id > 9 {
				return Spawn{}, f.errorf("ID must be 0 (organiser), 1 to 8 (teams) or 9 (secret)")
			}
			s.ID = id
		case "NAME":
			s.Name = f.rest()
		case "MOUSE", "CAT":
			if err := f.want(fields, fields[0], 3, fields[0]+" q r"); err != nil {
				return Spawn{}, err
			}
			n, err := f.ints(fields[1:])
			if err != nil {
				return Spawn{}, err
			}
			if fields[0] == "MOUSE" {
				s.Mouse = Hex{n[0], n[1]}
				mice++
			} else {
				s.Cats = append(s.Cats, Hex{n[0], n[1]})
			}
		default:
			return Spawn{}, f.errorf("unknown statement in a spawn set (ID, NAME, MOUSE, CAT, END)")
		}
	}
}

// File writes the set in the spawn file format.
func (s Spawn) File() string {
	var sb strings.Builder
	sb.WriteString(SpawnHeader + "\n")
	fmt.Fprintf(&sb, "ID %d\n", s.ID)
	if s.Name != "" {
		fmt.Fprintf(&sb, "NAME %s\n", s.Name)
	}
	fmt.Fprintf(&sb, "MOUSE %v\n", s.Mouse)
	for _, c := range s.Cats {
		fmt.Fprintf(&sb, "CAT %v\n", c)
	}
	sb.WriteString("END\n")
	return sb.String()
}

// Label names the set for humans: "set 3 (team-gamma)".
func (s Spawn) Label() string {
	if s.Name == "" {
		return fmt.Sprintf("set %d", s.ID)
	}
	return fmt.Sprintf("set %d (%s)", s.ID, s.Name)
}

// Validate applies D4 on board b: every piece on a plain cell, all pieces on
// distinct cells, 1 to 4 cats, and at least 5 legal steps from the mouse to
// every cat. With checkDistance false (the referee's test option
// no-spawn-check) only the cells are checked.
func (s Spawn) Validate(b *Board, checkDistance bool) error {
	if len(s.Cats) < 1 || len(s.Cats) > MaxCats {
		return fmt.Errorf("%s: 1 to %d cats are allowed, not %d", s.Label(), MaxCats, len(s.Cats))
	}
	pieces := append([]Hex{s.Mouse}, s.Cats...)
	for i, h := range pieces {
		name := pieceName(i - 1)
		if !b.Contains(h) {
			return fmt.Errorf("%s: %s on (%d,%d) is off the map (radius %d)", s.Label(), name, h.Q, h.R, b.Radius)
		}
		if t := b.Terrain(h); !t.Passable() {
			return fmt.Errorf("%s: %s on (%d,%d) is on %s; pieces start on plain cells", s.Label(), name, h.Q, h.R, t)
		}
		for j := range i {
			if pieces[j] == h {
				return fmt.Errorf("%s: %s and %s both start on (%d,%d)", s.Label(), pieceName(j-1), name, h.Q, h.R)
			}
		}
	}
	if !checkDistance {
		return nil
	}
	dist := b.Distances(s.Mouse)
	for i, c := range s.Cats {
		if d := dist[b.Index(c)]; d >= 0 && d < MinSpawnSteps {
			return fmt.Errorf("%s: C%d on (%d,%d) is %d steps from the mouse; at least %d are required", s.Label(), i, c.Q, c.R, d, MinSpawnSteps)
		}
	}
	return nil
}

// pieceName is "M" for -1 and "C<i>" for a cat.
func pieceName(i int) string {
	if i < 0 {
		return "M"
	}
	return "C" + strconv.Itoa(i)
}

// Inline writes the set on one line for the spawn option:
// "ID:mq,mr/c0q,c0r/c1q,c1r".
func (s Spawn) Inline() string {
	parts := []string{fmt.Sprintf("%d,%d", s.Mouse.Q, s.Mouse.R)}
	for _, c := range s.Cats {
		parts = append(parts, fmt.Sprintf("%d,%d", c.Q, c.R))
	}
	return strconv.Itoa(s.ID) + ":" + strings.Join(parts, "/")
}

// ParseInline reads the one-line form of a spawn set; the "ID:" prefix is
// optional (id 0).
func ParseInline(text string) (Spawn, error) {
	bad := func() (Spawn, error) {
		return Spawn{}, fmt.Errorf("spawn %q: write it [ID:]MQ,MR/CQ,CR[/CQ,CR...], e.g. 0:0,0/0,-5/0,5 (mouse first, then 1 to %d cats)", text, MaxCats)
	}
	s := Spawn{}
	body := text
	if id, rest, ok := strings.Cut(text, ":"); ok {
		n, err := strconv.Atoi(id)
		if err != nil || n < 0 || n > 9 {
			return bad()
		}
		s.ID, body = n, rest
	}
	parts := strings.Split(body, "/")
	if len(parts) < 2 || len(parts) > MaxCats+1 {
		return bad()
	}
	for i, p := range parts {
		a, b, ok := strings.Cut(p, ",")
		q, err1 := strconv.Atoi(a)
		r, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil {
			return bad()
		}
		if i == 0 {
			s.Mouse = Hex{q, r}
		} else {
			s.Cats = append(s.Cats, Hex{q, r})
		}
	}
	return s, nil
}

// AutoSpawn places a fair set on any valid board: the mouse on the centre
// (or the plain cell nearest to it), two cats on mirror cells at 5 to R
// legal steps from the mouse, chosen with the seed. On a point-symmetric
// board the two cats are in exactly the same situation.
func AutoSpawn(b *Board, id int, seed uint64) (Spawn, error) {
	mouse := -1
	for i := range b.Len() {
		if !b.terrain[i].Passable() {
			continue
		}
		if mouse < 0 || Distance(b.cells[i], Hex{}) < Distance(b.cells[mouse], Hex{}) {
			mouse = i
		}
	}
	if mouse < 0 {
		return Spawn{}, fmt.Errorf("the map has no plain cell")
	}
	m := b.cells[mouse]
	dist := b.Distances(m)
	var near, far []int
	for i, d := range dist {
		c := b.cells[i]
		j := b.Index(Hex{2*m.Q - c.Q, 2*m.R - c.R}) // mirror through the mouse
		if d < MinSpawnSteps || j < 0 || j == i || dist[j] < MinSpawnSteps {
			continue
		}
		if d <= b.Radius {
			near = append(near, i)
		} else {
			far = append(far, i)
		}
	}
	cands := near
	if len(cands) == 0 {
		cands = far
	}
	if len(cands) == 0 {
		return Spawn{}, fmt.Errorf("map %q has no pair of cells %d steps or more from the mouse on (%d,%d); give a spawn set", b.Name, MinSpawnSteps, m.Q, m.R)
	}
	rng := game.NewSplitMix64(seed ^ 0x5EED5EED5EED5EED)
	c := b.cells[cands[rng.Uint64()%uint64(len(cands))]]
	return Spawn{ID: id, Name: "auto", Mouse: m, Cats: []Hex{c, {2*m.Q - c.Q, 2*m.R - c.R}}}, nil
}
