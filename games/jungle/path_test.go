package jungle

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"
)

// pathCase is one line of shared/rules/jungle-paths.jsonl.
type pathCase struct {
	W        int      `json:"w"`
	H        int      `json:"h"`
	Tiles    []string `json:"tiles"`
	Units    []Pos    `json:"units"`
	Diamonds []Pos    `json:"diamonds"`
	Mover    struct {
		X, Y        int
		HasDiamond  bool `json:"hasDiamond"`
		OnSpawnZone bool `json:"onSpawnZone"`
	} `json:"mover"`
	Target Pos   `json:"target"`
	Path   []Pos `json:"path"`
	Next   *Pos  `json:"next"`
}

const pathVectors = "../../../shared/rules/jungle-paths.jsonl"

func loadPathCases(t testing.TB) []pathCase {
	f, err := os.Open(pathVectors)
	if err != nil {
		t.Skipf("path vectors not available: %v", err)
	}
	defer f.Close()
	var cases []pathCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var c pathCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return cases
}

// board builds a state for a path case: the mover is unit 1 of team 0,
// the other units belong to team 1; a held diamond is the mover's.
func (c pathCase) board(t testing.TB) (*State, int) {
	rows := make([][]Art, c.H)
	for y, row := range c.Tiles {
		rows[y] = make([]Art, c.W)
		for x := 0; x < c.W; x++ {
			switch row[x] {
			case '#':
				rows[y][x] = ArtStoneWall
			case 'S':
				rows[y][x] = ArtSpawn
			default:
				rows[y][x] = ArtFloor
			}
		}
	}
	for _, d := range c.Diamonds {
		rows[d.Y][d.X] = ArtDiamond
	}
	m, err := newMap("case", rows)
	if err != nil {
		t.Fatal(err)
	}
	s := newState(m, 1, []string{"mover", "others"}, max(1, len(c.Units)))
	mover := s.Teams[0].Units[0]
	s.place(mover, Pos{c.Mover.X, c.Mover.Y})
	if c.Mover.HasDiamond {
		// A held diamond is not on the map; it travels with the mover.
		s.Diamonds = append(s.Diamonds, &Diamond{ID: "held", Level: 1, Owner: mover})
		s.Units[mover].Diamond = len(s.Diamonds) - 1
	}
	for i, p := range c.Units {
		s.place(s.Teams[1].Units[i], p)
	}
	return s, mover
}

func TestPathVectors(t *testing.T) {
	cases := loadPathCases(t)
	if len(cases) != 1500 {
		t.Fatalf("%d path cases, want 1500", len(cases))
	}
	for i, c := range cases {
		s, mover := c.board(t)
		u := s.Units[mover]
		if s.onSpawn(u) != c.Mover.OnSpawnZone {
			t.Fatalf("case %d: onSpawnZone mismatch", i+1)
		}
		var got []Pos
		if c.Target == u.Pos {
			got = []Pos{u.Pos}
		} else if s.walkableFor(c.Target, u) {
			got = s.pathFor(u, c.Target)
		}
		if !samePath(got, c.Path) {
			t.Fatalf("case %d: path %v, want %v", i+1, got, c.Path)
		}
		// One MOVE leaves the unit at "next".
		msg := s.move(mover, c.Target)
		switch {
		case c.Next == nil && msg == "":
			t.Fatalf("case %d: MOVE accepted, want an error", i+1)
		case c.Next != nil && (msg != "" || u.Pos != *c.Next):
			t.Fatalf("case %d: MOVE to %v left the unit at %v (%q), want %v", i+1, c.Target, u.Pos, msg, *c.Next)
		}
	}
}

func samePath(a, b []Pos) bool {
	if len(a) != len(b) || (a == nil) != (b == nil) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
