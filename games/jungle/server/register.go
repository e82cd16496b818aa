package server

import "github.com/seed27749672/arena/host"

func init() {
	host.Register(host.Host{
		Game:    "jungle",
		Summary: "the Coveo Blitz 2022 server",
		Examples: `  arena host jungle                       the Coveo Blitz 2022 server on port 8765
  arena host jungle --nbOfTeams=2 --mapName=canopy
  arena host jungle list-maps
  arena host jungle --help                every option (the 2022 server's flags)`,
		Main: Main,
		Maps: Maps,
		MapsExamples: `  arena maps jungle                        the built-in maps
  arena maps jungle show canopy            a map in the text format (.jmap)
  arena maps jungle show ./a-2022-map.bmp  a map file in the 2022 server's BMP format, as text
  arena maps jungle gen --seed 7 --width 19 --height 13 --teams 4 --diamonds 5 > my.jmap
  arena maps jungle validate my.jmap       the playability checks

Use a map with: arena play jungle --opt map=canopy (or a file path).`,
	})
}
