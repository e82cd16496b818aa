package jungle

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const officialDir = "../../../shared/maps/jungle"

// The table of spec §2.5: W, H, diamonds, spawn tiles, zones, walls, 2p, 4p.
var officialTable = map[string][8]int{
	"adv-1_14x20_5D.bmp":   {20, 14, 6, 42, 6, 34, 4, 2},
	"adv-2_14x20_3D.bmp":   {20, 14, 4, 25, 6, 87, 4, 2},
	"adv-3_14x20_1D.bmp":   {20, 14, 2, 41, 4, 63, 3, 2},
	"adv-4_14x20_3D.bmp":   {20, 14, 3, 80, 2, 47, 4, 2},
	"adv-5_14x20_3D.bmp":   {20, 14, 3, 20, 2, 135, 3, 2},
	"adv-6_12x17_5D.bmp":   {17, 12, 5, 24, 3, 30, 4, 2},
	"adv-7_12x17_5D.bmp":   {17, 12, 5, 94, 2, 0, 4, 2},
	"adv-8_11x15_3D.bmp":   {15, 11, 3, 11, 1, 37, 3, 2},
	"adv-9_11x15_9D.bmp":   {15, 11, 9, 22, 1, 28, 4, 3},
	"easy-1_14x20_4D.bmp":  {20, 14, 4, 72, 1, 46, 4, 2},
	"easy-2_14x20_6D.bmp":  {20, 14, 6, 21, 2, 112, 4, 3},
	"easy-3_14x20_5D.bmp":  {20, 14, 5, 41, 1, 29, 4, 2},
	"easy-4_14x20_3D.bmp":  {20, 14, 3, 22, 4, 33, 4, 2},
	"easy-5_14x20_3D.bmp":  {20, 14, 3, 22, 22, 29, 4, 2},
	"easy-6_12x17_8D.bmp":  {17, 12, 8, 30, 1, 13, 6, 3},
	"easy-7_11x15_6D.bmp":  {15, 11, 6, 24, 8, 3, 5, 3},
	"easy-8_11x15_4D.bmp":  {15, 11, 4, 8, 8, 18, 4, 2},
	"easy-9_11x15_3D.bmp":  {15, 11, 3, 22, 2, 0, 4, 2},
	"inter-1_14x20_4D.bmp": {20, 14, 4, 45, 30, 25, 4, 2},
	"inter-2_14x20_2D.bmp": {20, 14, 2, 31, 1, 74, 3, 2},
	"inter-3_14x20_5D.bmp": {20, 14, 5, 27, 1, 92, 4, 2},
	"inter-4_14x20_3D.bmp": {20, 14, 3, 28, 2, 29, 4, 2},
	"inter-5_14x20_4D.bmp": {20, 14, 4, 67, 7, 20, 4, 2},
	"inter-6_14x20_7D.bmp": {20, 14, 7, 69, 8, 19, 4, 3},
	"inter-7_12x17_5D.bmp": {17, 12, 5, 57, 2, 19, 4, 2},
	"inter-8_11x15_5D.bmp": {15, 11, 5, 20, 4, 46, 4, 2},
	"inter-9_11x15_4D.bmp": {15, 11, 4, 21, 21, 14, 4, 2},
}

func officialMap(t testing.TB, name string) *Map {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(officialDir, name))
	if os.IsNotExist(err) {
		t.Skipf("official maps not available: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	m, err := ParseBMP(name, data)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestOfficialMaps(t *testing.T) {
	traps := map[string]int{}
	for name, want := range officialTable {
		m := officialMap(t, name)
		got := [8]int{m.W, m.H, len(m.Diamonds), len(m.Spawns()), len(m.SpawnZones()), m.Count(Wall),
			m.UnitsPerTeam(2), m.UnitsPerTeam(4)}
		if got != want {
			t.Errorf("%s: W H diamonds spawns zones walls 2p 4p = %v, want %v", name, got, want)
		}
		for _, a := range m.art {
			if a == ArtTrap {
				traps[name]++
			}
		}
		back, err := ParseText(m.Text())
		if err != nil || gridOf(back) != gridOf(m) || back.UnitsPerTeam(4) != want[7] {
			t.Errorf("%s: the text form does not read back the same: %v", name, err)
		}
		if m.Symmetry() != NoSymmetry && name != "adv-7_12x17_5D.bmp" {
			t.Logf("%s is symmetric (%v)", name, m.Symmetry())
		}
	}
	wantTraps := map[string]int{"adv-3_14x20_1D.bmp": 1, "inter-3_14x20_5D.bmp": 3, "inter-4_14x20_3D.bmp": 2}
	for name, n := range wantTraps {
		if traps[name] != n {
			t.Errorf("%s: %d traps, want %d", name, traps[name], n)
		}
	}
	if len(traps) != len(wantTraps) {
		t.Errorf("traps on %v, want only %v", traps, wantTraps)
	}
}

func TestOfficialMapOrientation(t *testing.T) {
	m := officialMap(t, "easy-8_11x15_4D.bmp")
	want := []string{
		"D.....~~......D",
		"...............",
		"~..............",
		"~....S.S.S....~",
		".............~~",
		".....S...S...~~",
		".............~~",
		".....S.S.S....~",
		"...............",
		"...~~..........",
		"D.~~~~........D",
	}
	if got := gridOf(m); got != strings.Join(want, "\n") {
		t.Errorf("easy-8 reads as\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
	adv := officialMap(t, "adv-1_14x20_5D.bmp")
	found := false
	for _, d := range adv.Diamonds {
		found = found || d == Pos{8, 0}
	}
	if !found {
		t.Errorf("adv-1 has no diamond at (8,0): %v", adv.Diamonds)
	}
}

// gridOf draws a map with the text format's characters, walls as '~' or '#'.
func gridOf(m *Map) string {
	lines := strings.Split(strings.TrimSpace(string(m.Text())), "\n")
	for i, l := range lines {
		if l == "---" {
			return strings.Join(lines[i+1:], "\n")
		}
	}
	return ""
}

// A BMP stored top-down, and one with 32 bits per pixel, read the same.
func TestBMPVariants(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(officialDir, "easy-8_11x15_4D.bmp"))
	if err != nil {
		t.Skip(err)
	}
	ref, err := ParseBMP("x.bmp", data)
	if err != nil {
		t.Fatal(err)
	}
	w, h := 15, 11
	px := func(x, y int) []byte { // B, G, R of the bottom-up file
		stride := (w*3 + 3) &^ 3
		row := 54 + (h-1-y)*stride
		return data[row+x*3 : row+x*3+3]
	}
	build := func(bpp int, topDown bool) []byte {
		stride := (w*bpp/8 + 3) &^ 3
		out := append([]byte(nil), data[:54]...)
		le32 := func(off int, v uint32) {
			out[off], out[off+1], out[off+2], out[off+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
		}
		hv := int32(h)
		if topDown {
			hv = -hv
		}
		le32(22, uint32(hv))
		out[28] = byte(bpp)
		for r := 0; r < h; r++ {
			y := h - 1 - r
			if topDown {
				y = r
			}
			row := make([]byte, stride)
			for x := 0; x < w; x++ {
				copy(row[x*bpp/8:], px(x, y))
			}
			out = append(out, row...)
		}
		return out
	}
	for _, c := range []struct {
		bpp int
		top bool
	}{{24, true}, {32, false}, {32, true}} {
		m, err := ParseBMP("x.bmp", build(c.bpp, c.top))
		if err != nil {
			t.Fatalf("%d bpp top-down=%v: %v", c.bpp, c.top, err)
		}
		if !bytes.Equal(m.Text(), ref.Text()) {
			t.Errorf("%d bpp top-down=%v reads differently", c.bpp, c.top)
		}
	}
	bad := append([]byte(nil), data...)
	bad[54] = 7 // a colour that is no tile
	if _, err := ParseBMP("x.bmp", bad); err == nil || !strings.Contains(err.Error(), "no tile") {
		t.Errorf("an unknown colour gives %v", err)
	}
	rle := append([]byte(nil), data...)
	rle[30] = 1
	if _, err := ParseBMP("x.bmp", rle); err == nil {
		t.Error("a compressed BMP was accepted")
	}
	if _, err := ParseBMP("x.bmp", []byte("GIF89a")); err == nil {
		t.Error("a GIF was accepted")
	}
}

func TestBuiltinMaps(t *testing.T) {
	names := BuiltinMapNames()
	if len(names) < 12 {
		t.Fatalf("%d built-in maps, want at least 12", len(names))
	}
	classes := map[[2]int]int{}
	for _, n := range names {
		m, _ := BuiltinMap(n)
		if probs := m.Validate(); len(probs) > 0 {
			t.Errorf("%s: %v", n, probs)
		}
		if s := m.Symmetry(); s != MirrorBoth {
			t.Errorf("%s: symmetry %v, want both mirror axes (fair for 2 and 4 teams)", n, s)
		}
		if m.W < 15 || m.W > 20 || m.H < 11 || m.H > 14 {
			t.Errorf("%s: %dx%d is outside 15x11 .. 20x14", n, m.W, m.H)
		}
		classes[[2]int{m.W, m.H}]++
		back, err := ParseText(m.Text())
		if err != nil || !bytes.Equal(back.Text(), m.Text()) {
			t.Errorf("%s does not survive a text round trip: %v", n, err)
		}
	}
	for _, c := range [][2]int{{20, 14}, {17, 12}, {15, 11}} {
		if classes[c] < 3 {
			t.Errorf("%d maps of %dx%d, want at least 3", classes[c], c[0], c[1])
		}
	}
}

func TestTextFormatErrors(t *testing.T) {
	cases := []struct{ text, err string }{
		{"jungle-map 2\n", "line 1"},
		{"jungle-map 1\nname: x\n", "---"},
		{"jungle-map 1\n---\nS....\n.....\n.....\n.....\n....S\n", "name"},
		{"jungle-map 1\nname: Bad Name\n---\n", "line 2"},
		{"jungle-map 1\nname: x\nunits: 2:4\n---\n", "line 3"},
		{"jungle-map 1\nname: x\ncolour: red\n---\n", "unknown header"},
		{"jungle-map 1\nname: x\n---\nS....\n..?..\n.....\n.....\n....S\n", "line 5, column 3"},
		{"jungle-map 1\nname: x\n---\nS....\n....\n.....\n.....\n....S\n", "line 5"},
		{"jungle-map 1\nname: x\n---\nS...\n....\n....\n....\n...S\n", "5 to 50"},
	}
	for _, c := range cases {
		_, err := ParseText([]byte(c.text))
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: error %v, want one mentioning %q", c.text, err, c.err)
		}
	}
	m, err := ParseText([]byte("jungle-map 1\r\nname: crlf\r\n; a comment\r\nunits: 2=4 4=2\r\n---\r\nS,..D\r\n.~#..\r\n.....\r\n.....\r\nD...S\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	if m.W != 5 || m.H != 5 || len(m.Diamonds) != 2 || m.Art(Pos{1, 0}) != ArtTrap || m.Tile(Pos{1, 1}) != Wall ||
		m.Art(Pos{2, 1}) != ArtStoneWall || m.Art(Pos{1, 1}) != ArtWaterWall || m.UnitsPerTeam(4) != 2 {
		t.Errorf("CR LF map read wrong: %s", m.Text())
	}
	if m.Diamonds[0] != (Pos{0, 4}) || m.Diamonds[1] != (Pos{4, 0}) {
		t.Errorf("diamond list order %v, want column-major", m.Diamonds)
	}
}

func TestLoadMap(t *testing.T) {
	dir := t.TempDir()
	text := "jungle-map 1\nname: mine\n---\nS...D\n.....\n.....\n.....\nD...S\n"
	if err := os.WriteFile(filepath.Join(dir, "mine.jmap"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ arg, dir, name string }{
		{filepath.Join(dir, "mine.jmap"), "", "mine"},
		{"mine.jmap", dir, "mine"},
		{"canopy", "", "canopy"},
		{"canopy.jmap", "", "canopy"},
	} {
		m, err := LoadMap(c.arg, c.dir)
		if err != nil || m.Name != c.name {
			t.Errorf("LoadMap(%q, %q) = %v, %v; want %s", c.arg, c.dir, m, err, c.name)
		}
	}
	if m, err := LoadMap(filepath.Join(officialDir, "adv-1_14x20_5D.bmp"), ""); err == nil && m.UnitsPerTeam(2) != 4 {
		t.Errorf("official BMP by path: units %d", m.UnitsPerTeam(2))
	}
	if _, err := LoadMap("no-such-map", dir); err == nil || !strings.Contains(err.Error(), "arena maps jungle") {
		t.Errorf("unknown map: %v", err)
	}
}
