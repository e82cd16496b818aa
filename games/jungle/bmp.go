package jungle

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// bmpColours maps the official maps' pixel colours (R, G, B) to tiles
// (spec §2.2; reference: coveooss/blitz2022 game/src/game/map.ts fromFile).
var bmpColours = map[[3]byte]Art{
	{255, 255, 255}: ArtFloor,
	{255, 0, 0}:     ArtSpawn,
	{0, 255, 0}:     ArtDiamond,
	{51, 51, 51}:    ArtWaterWall,
	{0, 0, 0}:       ArtStoneWall,
	{204, 204, 204}: ArtTrap,
}

// ParseBMP decodes an official-format map, named name (official names get
// their units-per-team table entry): a BMP with one pixel per tile. It accepts bottom-up (positive height) and
// top-down (negative height) BI_RGB files with 24 or 32 bits per pixel,
// rows padded to 4 bytes, pixels read from the bfOffBits offset.
func ParseBMP(name string, data []byte) (*Map, error) {
	if len(data) < 54 || data[0] != 'B' || data[1] != 'M' {
		return nil, fmt.Errorf("not a BMP file (it must start with \"BM\" and have a 54-byte header)")
	}
	le := binary.LittleEndian
	off := int(le.Uint32(data[10:]))
	hdr := int(le.Uint32(data[14:]))
	if hdr < 40 {
		return nil, fmt.Errorf("unsupported BMP header of %d bytes (use a Windows BITMAPINFOHEADER BMP)", hdr)
	}
	w := int(int32(le.Uint32(data[18:])))
	h := int(int32(le.Uint32(data[22:])))
	bpp := int(le.Uint16(data[28:]))
	comp := le.Uint32(data[30:])
	if comp != 0 {
		return nil, fmt.Errorf("compressed BMP (compression %d); save it as uncompressed 24-bit BMP", comp)
	}
	if bpp != 24 && bpp != 32 {
		return nil, fmt.Errorf("%d bits per pixel; save the map as a 24-bit BMP", bpp)
	}
	topDown := h < 0
	if topDown {
		h = -h
	}
	if w < 1 || h < 1 || w > 1000 || h > 1000 {
		return nil, fmt.Errorf("bad BMP size %dx%d", w, h)
	}
	bytesPP := bpp / 8
	stride := (w*bytesPP + 3) &^ 3
	if off < 0 || off+stride*h > len(data) {
		return nil, fmt.Errorf("the BMP file is truncated (%d bytes for %dx%d pixels from offset %d)", len(data), w, h, off)
	}
	rows := make([][]Art, h)
	for y := 0; y < h; y++ {
		dataRow := h - 1 - y // bottom-up: the last data row is the top image row
		if topDown {
			dataRow = y
		}
		row := data[off+dataRow*stride:]
		rows[y] = make([]Art, w)
		for x := 0; x < w; x++ {
			px := row[x*bytesPP:]
			rgb := [3]byte{px[2], px[1], px[0]} // stored as B, G, R
			a, ok := bmpColours[rgb]
			if !ok {
				return nil, fmt.Errorf("pixel (%d, %d) has colour #%02x%02x%02x, which is no tile (white floor, red spawn, green diamond, #333333 or black wall, #cccccc trap)",
					x, y, rgb[0], rgb[1], rgb[2])
			}
			rows[y][x] = a
		}
	}
	m, err := newMap(strings.TrimSuffix(name, ".bmp"), rows)
	if err != nil {
		return nil, err
	}
	m.Name = name
	if u, ok := officialUnits[name]; ok {
		m.Units = map[int]int{2: u[0], 4: u[1]}
	}
	return m, nil
}

// officialUnits is the reference's game/maps_info/maps_to_nb_units.txt: units
// per team in 2-team and 4-team games on each official map (spec §2.5).
var officialUnits = map[string][2]int{
	"adv-1_14x20_5D.bmp": {4, 2}, "adv-2_14x20_3D.bmp": {4, 2}, "adv-3_14x20_1D.bmp": {3, 2},
	"adv-4_14x20_3D.bmp": {4, 2}, "adv-5_14x20_3D.bmp": {3, 2}, "adv-6_12x17_5D.bmp": {4, 2},
	"adv-7_12x17_5D.bmp": {4, 2}, "adv-8_11x15_3D.bmp": {3, 2}, "adv-9_11x15_9D.bmp": {4, 3},
	"easy-1_14x20_4D.bmp": {4, 2}, "easy-2_14x20_6D.bmp": {4, 3}, "easy-3_14x20_5D.bmp": {4, 2},
	"easy-4_14x20_3D.bmp": {4, 2}, "easy-5_14x20_3D.bmp": {4, 2}, "easy-6_12x17_8D.bmp": {6, 3},
	"easy-7_11x15_6D.bmp": {5, 3}, "easy-8_11x15_4D.bmp": {4, 2}, "easy-9_11x15_3D.bmp": {4, 2},
	"inter-1_14x20_4D.bmp": {4, 2}, "inter-2_14x20_2D.bmp": {3, 2}, "inter-3_14x20_5D.bmp": {4, 2},
	"inter-4_14x20_3D.bmp": {4, 2}, "inter-5_14x20_4D.bmp": {4, 2}, "inter-6_14x20_7D.bmp": {4, 3},
	"inter-7_12x17_5D.bmp": {4, 2}, "inter-8_11x15_5D.bmp": {4, 2}, "inter-9_11x15_4D.bmp": {4, 2},
}
