package render

import (
	"image"
	"image/png"
	"os"
	"testing"

	"github.com/seed27749672/arena/games/catmouse"
)

func TestBoardPicture(t *testing.T) {
	b, _ := catmouse.NewBoard(3)
	b.SetTerrain(catmouse.Hex{Q: 0, R: -3}, catmouse.Ocean)
	b.SetTerrain(catmouse.Hex{Q: 1, R: 0}, catmouse.Mountain)
	b.AddWall(catmouse.Hex{}, catmouse.Hex{Q: -1, R: 0})
	img := Board(b, &catmouse.Spawn{Mouse: catmouse.Hex{Q: -2, R: 2}, Cats: []catmouse.Hex{{Q: 2, R: -2}}}, 40)
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	if w != 320 || h != 277 {
		t.Fatalf("size %dx%d", w, h)
	}
	at := func(q, r float64) [3]uint8 { // the pixel at axial (q, r)
		x := float64(w)/2 + 40*(q+r/2)
		y := float64(h)/2 + 40*r*0.8660254
		c := img.RGBAAt(int(x), int(y))
		return [3]uint8{c.R, c.G, c.B}
	}
	rgb := func(c interface{ RGBA() (r, g, b, a uint32) }) [3]uint8 {
		r, g, b, _ := c.RGBA()
		return [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)}
	}
	checks := []struct {
		name string
		q, r float64
		want [3]uint8
	}{
		{"plain centre", 0.2, 0.2, rgb(terrain[catmouse.Plain])},
		{"ocean", 0, -3, rgb(terrain[catmouse.Ocean])},
		{"mountain", 1, 0, rgb(terrain[catmouse.Mountain])},
		{"wall on the west edge of the centre", -0.5, 0, rgb(wallColor)},
		{"cat", 2, -2, rgb(catColor)},
		{"mouse", -2, 2, rgb(mouseColor)},
		{"outside the board", 3.6, 0, rgb(background)},
	}
	for _, c := range checks {
		if got := at(c.q, c.r); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestDocumentationPicture: docs/games/catmouse-map.png is the default map
// with spawn set 0, as catmouse-map --default --unit 32 draws it.
func TestDocumentationPicture(t *testing.T) {
	f, err := os.Open("../../../../docs/games/catmouse-map.png")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	want := Board(catmouse.DefaultMap(), catmouse.DefaultPack().Sets[catmouse.OrganiserSpawn], 32)
	if doc.Bounds() != want.Bounds() {
		t.Fatalf("the picture is %v, the map draws %v: regenerate it with go run ./games/catmouse/cmd/catmouse-map --default --unit 32 --png docs/games/catmouse-map.png", doc.Bounds(), want.Bounds())
	}
	for y := range want.Bounds().Dy() {
		for x := range want.Bounds().Dx() {
			if !sameColor(doc, want, x, y) {
				t.Fatalf("pixel (%d,%d) differs: regenerate the picture with go run ./games/catmouse/cmd/catmouse-map --default --unit 32 --png docs/games/catmouse-map.png", x, y)
			}
		}
	}
}

func sameColor(a, b image.Image, x, y int) bool {
	r1, g1, b1, a1 := a.At(x, y).RGBA()
	r2, g2, b2, a2 := b.At(x, y).RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
}
