// Package render draws a catmouse board as a picture (PNG for the
// documentation and for map authors), with the standard library only.
package render

import (
	"image"
	"image/color"
	"math"

	"github.com/seed27749672/arena/games/catmouse"
)

// Colours of the viewer's legend (§8.2): plain cells light, ocean blue,
// rock grey, mountain brown, walls thick and dark.
var (
	background = color.RGBA{0xfa, 0xfa, 0xf7, 0xff}
	outline    = color.RGBA{0xb8, 0xb4, 0xa8, 0xff}
	wallColor  = color.RGBA{0x26, 0x1e, 0x18, 0xff}
	terrain    = map[catmouse.Terrain]color.RGBA{
		catmouse.Plain:    {0xe8, 0xe4, 0xd0, 0xff},
		catmouse.Ocean:    {0x3b, 0x7d, 0xc4, 0xff},
		catmouse.Rock:     {0x8c, 0x8c, 0x8c, 0xff},
		catmouse.Mountain: {0x8b, 0x5a, 0x2b, 0xff},
	}
	catColor   = color.RGBA{0xe0, 0x60, 0x10, 0xff}
	mouseColor = color.RGBA{0x50, 0x50, 0x60, 0xff}
)

// Board draws b with unit pixels between adjacent cell centres; when s is
// not nil its pieces are drawn too (cats orange, the mouse dark grey with a
// white ring).
func Board(b *catmouse.Board, s *catmouse.Spawn, unit int) *image.RGBA {
	u := float64(unit)
	sq3 := math.Sqrt(3)
	half := float64(b.Radius) + 1
	w := int(2 * half * u)
	h := int(2 * half * u * sq3 / 2)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	ox, oy := float64(w)/2, float64(h)/2
	centre := func(c catmouse.Hex) (float64, float64) {
		return ox + u*(float64(c.Q)+float64(c.R)/2), oy + u*float64(c.R)*sq3/2
	}
	normals := [6][2]float64{}
	for d := range 6 {
		a := float64(d) * math.Pi / 3
		normals[d] = [2]float64{math.Cos(a), -math.Sin(a)}
	}
	for py := range h {
		for px := range w {
			x, y := float64(px)+0.5-ox, float64(py)+0.5-oy
			fr := y / (u * sq3 / 2)
			fq := x/u - fr/2
			c := round(fq, fr)
			if !b.Contains(c) {
				img.SetRGBA(px, py, background)
				continue
			}
			cx, cy := centre(c)
			edge := 0.0
			for _, n := range normals {
				edge = max(edge, ((float64(px)+0.5-cx)*n[0]+(float64(py)+0.5-cy)*n[1])/(u/2))
			}
			col := terrain[b.Terrain(c)]
			if edge > 0.94 {
				col = outline
			}
			img.SetRGBA(px, py, col)
		}
	}
	thick := max(1.5, u/14)
	for _, wl := range b.Walls() {
		ax, ay := centre(wl[0])
		bx, by := centre(wl[1])
		mx, my := (ax+bx)/2, (ay+by)/2
		tx, ty := -(by-ay)/u, (bx-ax)/u // unit vector along the edge
		l := u / (2 * sq3)
		segment(img, mx-tx*l, my-ty*l, mx+tx*l, my+ty*l, thick, wallColor)
	}
	if s != nil {
		for _, c := range s.Cats {
			x, y := centre(c)
			disc(img, x, y, u*0.32, catColor)
		}
		x, y := centre(s.Mouse)
		disc(img, x, y, u*0.34, color.RGBA{0xff, 0xff, 0xff, 0xff})
		disc(img, x, y, u*0.26, mouseColor)
	}
	return img
}

// round is cube rounding of fractional axial coordinates.
func round(q, r float64) catmouse.Hex {
	s := -q - r
	rq, rr, rs := math.Round(q), math.Round(r), math.Round(s)
	dq, dr, ds := math.Abs(rq-q), math.Abs(rr-r), math.Abs(rs-s)
	switch {
	case dq > dr && dq > ds:
		rq = -rr - rs
	case dr > ds:
		rr = -rq - rs
	}
	return catmouse.Hex{Q: int(rq), R: int(rr)}
}

func segment(img *image.RGBA, x1, y1, x2, y2, w float64, c color.RGBA) {
	minX, maxX := int(math.Min(x1, x2)-w-1), int(math.Max(x1, x2)+w+1)
	minY, maxY := int(math.Min(y1, y2)-w-1), int(math.Max(y1, y2)+w+1)
	dx, dy := x2-x1, y2-y1
	l2 := dx*dx + dy*dy
	for py := minY; py <= maxY; py++ {
		for px := minX; px <= maxX; px++ {
			x, y := float64(px)+0.5, float64(py)+0.5
			t := math.Max(0, math.Min(1, ((x-x1)*dx+(y-y1)*dy)/l2))
			ex, ey := x1+t*dx-x, y1+t*dy-y
			if ex*ex+ey*ey <= w*w && image.Pt(px, py).In(img.Bounds()) {
				img.SetRGBA(px, py, c)
			}
		}
	}
}

func disc(img *image.RGBA, cx, cy, rad float64, c color.RGBA) {
	for py := int(cy - rad - 1); py <= int(cy+rad+1); py++ {
		for px := int(cx - rad - 1); px <= int(cx+rad+1); px++ {
			x, y := float64(px)+0.5-cx, float64(py)+0.5-cy
			if x*x+y*y <= rad*rad && image.Pt(px, py).In(img.Bounds()) {
				img.SetRGBA(px, py, c)
			}
		}
	}
}
