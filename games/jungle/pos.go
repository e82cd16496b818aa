package jungle

import "strconv"

// Pos is a tile position: X is the column counted from the left, Y the row
// counted from the top, both from 0.
type Pos struct{ X, Y int }

// String writes the position the way the 2022 server prints it in error
// messages: "[x: 3, y: 4]".
func (p Pos) String() string {
	return "[x: " + strconv.Itoa(p.X) + ", y: " + strconv.Itoa(p.Y) + "]"
}

// appendJSON writes the position as the payload does: {"x":3,"y":4}.
func (p Pos) appendJSON(b []byte) []byte {
	if uint(p.X) < posTableSide && uint(p.Y) < posTableSide {
		e := &posTable[p.Y*posTableSide+p.X]
		n := len(b)
		if cap(b)-n < len(e) {
			return append(b, e[:e[15]]...)
		}
		// A whole entry in one 16-byte move (no call to copy), of which
		// the length byte and what follows the JSON lie beyond len.
		*(*posJSON)(b[n : n+len(e)]) = *e
		return b[:n+int(e[15])]
	}
	return p.writeJSON(b)
}

// posTable holds what writeJSON writes for the positions of maps up to
// posTableSide wide and high: the frames and TICKs write every unit's
// path, tile by tile, and a copy is quicker than writing.
var posTable = func() (t [posTableSide * posTableSide]posJSON) {
	for i := range t {
		b := Pos{i % posTableSide, i / posTableSide}.writeJSON(t[i][:0])
		t[i][15] = byte(len(b))
	}
	return t
}()

const posTableSide = 64

// posJSON is a position's JSON ({"x":63,"y":63} at the longest: 15
// bytes), then its length.
type posJSON [16]byte

// writeJSON is appendJSON without the table.
func (p Pos) writeJSON(b []byte) []byte {
	b = append(b, `{"x":`...)
	b = appendCoord(b, p.X)
	b = append(b, `,"y":`...)
	b = appendCoord(b, p.Y)
	return append(b, '}')
}

// appendCoord is strconv.AppendInt, quicker for the small numbers that
// coordinates on a map are.
func appendCoord(b []byte, n int) []byte {
	switch {
	case uint(n) < 10:
		return append(b, byte('0'+n))
	case uint(n) < 100:
		return append(b, byte('0'+n/10), byte('0'+n%10))
	}
	return strconv.AppendInt(b, int64(n), 10)
}

// Adjacent reports whether q is one of p's four orthogonal neighbours.
func (p Pos) Adjacent(q Pos) bool {
	dx, dy := p.X-q.X, p.Y-q.Y
	return (dx == 0 && (dy == 1 || dy == -1)) || (dy == 0 && (dx == 1 || dx == -1))
}

// neighbours lists p's four neighbours in the order the reference server
// uses everywhere (path search, spawn fallback): up, down, left, right.
func (p Pos) neighbours() [4]Pos {
	return [4]Pos{{p.X, p.Y - 1}, {p.X, p.Y + 1}, {p.X - 1, p.Y}, {p.X + 1, p.Y}}
}
