package jungle

// Tile is a tile type as bots see it in map.tiles.
type Tile uint8

// Tile types. Diamonds are not tiles: a diamond lies on an Empty tile.
// Outside the map is NoTile, which is neither walkable nor droppable.
const (
	NoTile Tile = iota
	Empty
	Wall
	Spawn
)

var tileNames = [...]string{"NONE", "EMPTY", "WALL", "SPAWN"}

// String is the tile type as bots see it: "EMPTY", "WALL" or "SPAWN".
func (t Tile) String() string { return tileNames[t] }

// Art is a tile as the viewer draws it: the reference's viewerTiles codes.
type Art uint8

// Viewer tile codes (map.viewerTiles). A diamond's pixel becomes Floor once
// the map is loaded, so ArtDiamond never appears in a loaded map.
const (
	ArtFloor     Art = 0
	ArtSpawn     Art = 1
	ArtDiamond   Art = 2
	ArtWaterWall Art = 3
	ArtStoneWall Art = 4
	ArtTrap      Art = 5
)

// Tile returns the tile type drawn by a.
func (a Art) Tile() Tile {
	switch a {
	case ArtFloor, ArtDiamond, ArtTrap:
		return Empty
	case ArtSpawn:
		return Spawn
	case ArtWaterWall, ArtStoneWall:
		return Wall
	}
	return NoTile
}
