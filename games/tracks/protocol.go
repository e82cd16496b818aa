package tracks

import (
	"strconv"
)

// The input protocol (rules §4), byte-exact: decimal ASCII, single spaces,
// every line ending with "\n".

// encodeInit is the init block after the myId line: width, height, one
// "regionId type" line per cell (row-major), the town count and one
// "townId x y desired" line per town.
func encodeInit(b *Board) []byte {
	var out []byte
	out = strconv.AppendInt(out, int64(b.W), 10)
	out = append(out, '\n')
	out = strconv.AppendInt(out, int64(b.H), 10)
	out = append(out, '\n')
	for c := range b.Terrain {
		out = strconv.AppendInt(out, int64(b.Region[c]), 10)
		out = append(out, ' ')
		out = strconv.AppendInt(out, int64(b.Terrain[c]), 10)
		out = append(out, '\n')
	}
	out = strconv.AppendInt(out, int64(len(b.Towns)), 10)
	out = append(out, '\n')
	for _, t := range b.Towns {
		out = strconv.AppendInt(out, int64(t.ID), 10)
		out = append(out, ' ')
		out = strconv.AppendInt(out, int64(t.X), 10)
		out = append(out, ' ')
		out = strconv.AppendInt(out, int64(t.Y), 10)
		out = append(out, ' ')
		out = append(out, desiredList(t.Desired)...)
		out = append(out, '\n')
	}
	return out
}

// desiredList is "1,2,4", or "x" for none.
func desiredList(ids []int) string {
	if len(ids) == 0 {
		return "x"
	}
	var out []byte
	for i, id := range ids {
		if i > 0 {
			out = append(out, ',')
		}
		out = strconv.AppendInt(out, int64(id), 10)
	}
	return string(out)
}

// encodeCells is the part of a turn's input after the two score lines: one
// "trackOwner instability inked partOfActiveConnections" line per cell.
func encodeCells(b *Board, conns []string) []byte {
	out := make([]byte, 0, len(b.Terrain)*12)
	for c := range b.Terrain {
		out = strconv.AppendInt(out, int64(b.Track[c]), 10)
		out = append(out, ' ')
		reg := &b.Regions[b.Region[c]]
		out = strconv.AppendInt(out, int64(reg.Instability), 10)
		if reg.Inked {
			out = append(out, " 1 "...)
		} else {
			out = append(out, " 0 "...)
		}
		out = append(out, conns[c]...)
		out = append(out, '\n')
	}
	return out
}
