package ants

import "strconv"

// appendInit writes the initialisation input of player p (§4): the cells
// with their type, initial resources and neighbours, then the bases.
func appendInit(buf []byte, m *Map, p int) []byte {
	b := m.Board
	buf = strconv.AppendInt(buf, int64(b.Len()), 10)
	buf = append(buf, '\n')
	for c := range b.Len() {
		buf = strconv.AppendInt(buf, int64(m.Types[c]), 10)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(m.Resources[c]), 10)
		for _, nb := range b.Neighbors[c] {
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(nb), 10)
		}
		buf = append(buf, '\n')
	}
	buf = strconv.AppendInt(buf, int64(len(m.Bases[p])), 10)
	buf = append(buf, '\n')
	buf = appendInts(buf, m.Bases[p])
	buf = appendInts(buf, m.Bases[1-p])
	return buf
}

// appendTurn writes the turn input of player p: the score line when the
// rules send it, then resources, own ants and opponent ants per cell.
func appendTurn(buf []byte, s *State, p int, scores bool) []byte {
	if scores {
		buf = strconv.AppendInt(buf, int64(s.Points[p]), 10)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(s.Points[1-p]), 10)
		buf = append(buf, '\n')
	}
	for c := range s.Res {
		buf = strconv.AppendInt(buf, int64(s.Res[c]), 10)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(s.Ants[p][c]), 10)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(s.Ants[1-p][c]), 10)
		buf = append(buf, '\n')
	}
	return buf
}

func appendInts(buf []byte, xs []int) []byte {
	for i, x := range xs {
		if i > 0 {
			buf = append(buf, ' ')
		}
		buf = strconv.AppendInt(buf, int64(x), 10)
	}
	return append(buf, '\n')
}
