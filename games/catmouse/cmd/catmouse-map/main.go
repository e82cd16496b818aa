// Command catmouse-map generates catmouse map files with the seeded
// generator of the rules (§2.4) and draws maps as PNG pictures.
//
//	go run ./games/catmouse/cmd/catmouse-map --seed 7 -o gen-7.map
//	go run ./games/catmouse/cmd/catmouse-map --seed 7 --radius 8 --density 0.12:0.20 --walls 12:24
//	go run ./games/catmouse/cmd/catmouse-map --map my.map --spawn my.spawn --png my.png
//	go run ./games/catmouse/cmd/catmouse-map --default --png docs/games/catmouse-map.png
package main

import (
	"flag"
	"fmt"
	"image/png"
	"os"

	"github.com/seed27749672/arena/games/catmouse"
	"github.com/seed27749672/arena/games/catmouse/internal/render"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "catmouse-map:", err)
		os.Exit(1)
	}
}

func run() error {
	seed := flag.Uint64("seed", 0, "generate the map of this seed")
	radius := flag.Int("radius", catmouse.DefaultRadius, "board radius (2 to 20)")
	density := flag.String("density", "0.12:0.20", "obstacle density MIN:MAX (at most three decimals)")
	walls := flag.String("walls", "12:24", "number of walls MIN:MAX")
	mapFile := flag.String("map", "", "read this map file instead of generating one")
	def := flag.Bool("default", false, "use Arena's default map and its spawn set 0")
	spawnFile := flag.String("spawn", "", "a spawn file whose pieces are drawn on the picture")
	out := flag.String("o", "", "write the map file here (default: standard output, unless --png is given)")
	pngFile := flag.String("png", "", "draw the map to this PNG file")
	unit := flag.Int("unit", 36, "pixels between adjacent cell centres in the picture")
	flag.Parse()

	var b *catmouse.Board
	var spawn *catmouse.Spawn
	switch {
	case *def:
		b = catmouse.DefaultMap()
		s := catmouse.DefaultPack().Sets[catmouse.OrganiserSpawn]
		spawn = s
	case *mapFile != "":
		text, err := os.ReadFile(*mapFile)
		if err != nil {
			return err
		}
		if b, err = catmouse.ParseMap(string(text)); err != nil {
			return err
		}
	default:
		o := catmouse.DefaultGenOptions(*seed)
		o.Radius = *radius
		var err error
		if o.DensityMin, o.DensityMax, err = catmouse.ParseDensity(*density); err != nil {
			return err
		}
		if o.WallsMin, o.WallsMax, err = catmouse.ParseRange(*walls); err != nil {
			return fmt.Errorf("walls %v", err)
		}
		if b, err = catmouse.Generate(o); err != nil {
			return err
		}
	}
	if *spawnFile != "" {
		text, err := os.ReadFile(*spawnFile)
		if err != nil {
			return err
		}
		s, err := catmouse.ParseSpawn(string(text))
		if err != nil {
			return err
		}
		if err := s.Validate(b, true); err != nil {
			return err
		}
		spawn = &s
	}
	if *out != "" {
		if err := os.WriteFile(*out, []byte(b.MapFile()), 0o644); err != nil {
			return err
		}
	} else if *pngFile == "" {
		fmt.Print(b.MapFile())
	}
	if *pngFile != "" {
		f, err := os.Create(*pngFile)
		if err != nil {
			return err
		}
		if err := png.Encode(f, render.Board(b, spawn, *unit)); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	return nil
}
