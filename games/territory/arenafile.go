package territory

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
)

// Arena file limits (D18): official games use the sizes of §2.3; tests and
// organisers may use any size in this range.
const (
	MinArenaSize = 5
	MaxArenaSize = 40
)

// ParseArena reads an arena file (§2.6):
//
//	TERRITORY-ARENA 1
//	NAME cross-18
//	SIZE 18
//	ROW ##################   (N rows, the top row first)
//	...
//	END
//
// `#` wall, `*` bomb, `~` ice, `%` decay, `.` empty, `a`..`h` start body of
// slot 0..7, `0`..`7` head of slot 0..7 (also a body tile of that slot).
// Blank lines are ignored. The number of slots must equal players (the
// check is skipped when players is 0).
func ParseArena(text string, players int) (*Arena, error) {
	a := &Arena{}
	var rows []string
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	line, state := 0, 0 // state: 0 header expected, 1 fields, 2 after END
	for sc.Scan() {
		line++
		s := strings.TrimRight(sc.Text(), " \t\r")
		if strings.TrimSpace(s) == "" {
			continue
		}
		key, rest, _ := strings.Cut(s, " ")
		fail := func(format string, args ...any) error {
			return fmt.Errorf("arena file line %d: %s", line, fmt.Sprintf(format, args...))
		}
		switch {
		case state == 0:
			if s != "TERRITORY-ARENA 1" {
				return nil, fail("the file must start with %q", "TERRITORY-ARENA 1")
			}
			state = 1
		case state == 2:
			return nil, fail("nothing may follow END")
		case key == "NAME":
			a.Name = strings.TrimSpace(rest)
		case key == "SIZE":
			n, err := strconv.Atoi(strings.TrimSpace(rest))
			if err != nil || n < MinArenaSize || n > MaxArenaSize {
				return nil, fail("SIZE must be a whole number from %d to %d", MinArenaSize, MaxArenaSize)
			}
			if a.N != 0 {
				return nil, fail("SIZE is given twice")
			}
			a.N = n
		case key == "ROW":
			if a.N == 0 {
				return nil, fail("ROW before SIZE")
			}
			if len(rest) != a.N {
				return nil, fail("a ROW must have exactly %d characters after \"ROW \", found %d", a.N, len(rest))
			}
			rows = append(rows, rest)
		case s == "END":
			state = 2
		default:
			return nil, fail("unknown line (expected NAME, SIZE, ROW or END)")
		}
	}
	if state != 2 {
		return nil, fmt.Errorf("arena file: missing %s", map[int]string{0: "the TERRITORY-ARENA 1 header", 1: "END"}[state])
	}
	if a.N == 0 {
		return nil, fmt.Errorf("arena file: missing SIZE")
	}
	if len(rows) != a.N {
		return nil, fmt.Errorf("arena file: %d ROW lines for SIZE %d", len(rows), a.N)
	}
	if a.Name == "" {
		a.Name = fmt.Sprintf("arena-%d", a.N)
	}
	if err := a.fill(rows, players); err != nil {
		return nil, err
	}
	return a, nil
}

// fill reads the rows (top row first) into tiles and start blocks.
func (a *Arena) fill(rows []string, players int) error {
	n := a.N
	a.Tiles = make([]Obstacle, n*n)
	var body [8][]Point
	var heads [8][]Point
	for r, row := range rows {
		y := n - 1 - r
		for x := 0; x < n; x++ {
			c := row[x]
			p := Point{x, y}
			switch {
			case c == '#':
				a.Tiles[y*n+x] = Wall
			case c == '*':
				a.Tiles[y*n+x] = Bomb
			case c == '~':
				a.Tiles[y*n+x] = Ice
			case c == '%':
				a.Tiles[y*n+x] = Decay
			case c == '.':
			case c >= 'a' && c <= 'h':
				body[c-'a'] = append(body[c-'a'], p)
			case c >= '0' && c <= '7':
				heads[c-'0'] = append(heads[c-'0'], p)
				body[c-'0'] = append(body[c-'0'], p)
			default:
				return fmt.Errorf("arena file: unknown character at (%d,%d); use # * ~ %% . a-h 0-7", x, y)
			}
			if (x == 0 || y == 0 || x == n-1 || y == n-1) && c != '#' {
				return fmt.Errorf("arena file: the border must be all walls; (%d,%d) is not", x, y)
			}
		}
	}
	used := 0
	for k := 0; k < 8; k++ {
		if len(body[k]) > 0 {
			used = k + 1
		}
	}
	for k := 0; k < used; k++ {
		if len(body[k]) == 0 {
			return fmt.Errorf("arena file: slots must be 0 to %d with none missing; slot %d has no tile", used-1, k)
		}
		if len(heads[k]) != 1 {
			return fmt.Errorf("arena file: slot %d must have exactly one head %q, found %d", k, rune('0'+k), len(heads[k]))
		}
		lo := body[k][0]
		for _, p := range body[k] {
			lo.X, lo.Y = min(lo.X, p.X), min(lo.Y, p.Y)
		}
		block := blockAt(lo.X, lo.Y)
		if len(body[k]) != 4 || !sameTiles(body[k], block[:]) {
			return fmt.Errorf("arena file: slot %d (%q and %q) must be exactly one 2×2 block", k, rune('a'+k), rune('0'+k))
		}
		a.Starts = append(a.Starts, Start{Block: block, Head: heads[k][0]})
	}
	if players > 0 && used != players {
		return fmt.Errorf("the arena file has %d start blocks for %d bots", used, players)
	}
	return a.validate()
}

// sameTiles reports whether a and b hold the same tiles, in any order.
func sameTiles(a, b []Point) bool {
	if len(a) != len(b) {
		return false
	}
	for _, p := range a {
		found := false
		for _, q := range b {
			found = found || p == q
		}
		if !found {
			return false
		}
	}
	return true
}

// Text writes the arena in the arena file format, with the start blocks
// of its slots.
func (a *Arena) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "TERRITORY-ARENA 1\nNAME %s\nSIZE %d\n", a.Name, a.N)
	for y := a.N - 1; y >= 0; y-- {
		row := make([]byte, a.N)
		for x := 0; x < a.N; x++ {
			row[x] = map[Obstacle]byte{Empty: '.', Wall: '#', Bomb: '*', Ice: '~', Decay: '%'}[a.Tiles[y*a.N+x]]
		}
		for k, s := range a.Starts {
			for _, p := range s.Block {
				if p.Y == y {
					row[p.X] = byte('a' + k)
				}
			}
			if s.Head.Y == y {
				row[s.Head.X] = byte('0' + k)
			}
		}
		fmt.Fprintf(&b, "ROW %s\n", row)
	}
	b.WriteString("END\n")
	return b.String()
}
