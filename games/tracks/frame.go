package tracks

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Viewer frames. docs/games/tracks.md ("Viewer frames") documents every
// field; the viewer draws from them alone and computes no rule.

type frameJSON struct {
	Turn     int       `json:"turn"`
	MaxTurns int       `json:"maxTurns"`
	Map      *mapJSON  `json:"map,omitempty"` // the initial frame only
	Tracks   []string  `json:"tracks"`        // one string per row: '.' none, '0', '1', '2' (neutral)
	Regions  []regJSON `json:"regions"`
	Towns    []townDyn `json:"towns"`

	Connections []connJSON `json:"connections"`
	// CellConnections maps "x,y" to the cell's partOfActiveConnections,
	// for the cells on an active path (every other cell shows "x").
	CellConnections map[string]string `json:"cellConnections"`

	Players []playerJSON `json:"players"`
	Events  eventsJSON   `json:"events"`
	Summary []string     `json:"summary"`
	Over    bool         `json:"over"`
	End     string       `json:"end,omitempty"`
	// Final is, once the game is over, each player's final score and rank
	// (-1 for an eliminated player; the verdict in leagues 1 and 2).
	Final []finalJSON `json:"final,omitempty"`
}

type finalJSON struct {
	Score int `json:"score"`
	Rank  int `json:"rank"`
}

type mapJSON struct {
	Width        int        `json:"width"`
	Height       int        `json:"height"`
	Terrain      []string   `json:"terrain"` // one string per row of digits 0..3
	RegionOf     [][]int    `json:"regionOf"`
	Regions      []regStat  `json:"regions"`
	Towns        []townJSON `json:"towns"`
	POIs         [][2]int   `json:"pois"`
	InkThreshold int        `json:"inkThreshold"`
	SideQuest    bool       `json:"sideQuest"`
	League       int        `json:"league"`
	Interrupt    string     `json:"autoplaceInterrupt"`
}

type regStat struct {
	ID         int   `json:"id"`
	Town       int   `json:"town"` // -1 if none
	Size       int   `json:"size"`
	Neighbours []int `json:"neighbours"`
}

type townJSON struct {
	ID      int   `json:"id"`
	X       int   `json:"x"`
	Y       int   `json:"y"`
	Desired []int `json:"desired"`
}

type regJSON struct {
	ID          int  `json:"id"`
	Instability int  `json:"instability"`
	Inked       bool `json:"inked"`
}

type townDyn struct {
	ID        int   `json:"id"`
	Connected []int `json:"connected"` // desired towns actively connected this turn
}

type connJSON struct {
	From   int      `json:"from"`
	To     int      `json:"to"`
	Name   string   `json:"name"`
	Path   [][2]int `json:"path"`
	Points [2]int   `json:"points"`
}

type playerJSON struct {
	Name           string   `json:"name"`
	Status         string   `json:"status"`
	Reason         string   `json:"reason,omitempty"`
	Score          int      `json:"score"`
	Paint          int      `json:"paint"`
	PaintUsed      int      `json:"paintUsed"`
	Disruption     int      `json:"disruption"`
	DisruptionUsed int      `json:"disruptionUsed"`
	Action         string   `json:"action"`
	Message        string   `json:"message"`
	Errors         []string `json:"errors"`
	SideQuest      bool     `json:"sideQuest"`
	SideQuestTurn  int      `json:"sideQuestTurn,omitempty"`
	POIsServed     [][2]int `json:"poisServed"`
}

type placedJSON struct {
	X     int `json:"x"`
	Y     int `json:"y"`
	Owner int `json:"owner"`
}

type disruptJSON struct {
	Player int `json:"player"`
	Region int `json:"region"`
}

type eventsJSON struct {
	Placed    []placedJSON  `json:"placed"`
	Autoplace [2][][2]int   `json:"autoplace"`
	Disrupted []disruptJSON `json:"disrupted"`
	Inked     []int         `json:"inked"`
	Erased    []placedJSON  `json:"erased"`
}

func (r *referee) point(c int) [2]int {
	x, y := r.b.xy(c)
	return [2]int{x, y}
}

func (r *referee) points(cells []int) [][2]int {
	out := make([][2]int, 0, len(cells))
	for _, c := range cells {
		out = append(out, r.point(c))
	}
	return out
}

// Frame is the viewer's picture of the current turn.
func (r *referee) Frame() json.RawMessage {
	b := r.b
	f := frameJSON{Turn: r.turn, MaxTurns: maxTurns, Over: r.over, End: r.end,
		Summary: nonNil(r.ev.summary), CellConnections: map[string]string{}}
	if r.turn == 0 {
		f.Map = r.mapFrame()
	}
	row := make([]byte, b.W)
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			switch o := b.Track[b.cell(x, y)]; o {
			case NoTrack:
				row[x] = '.'
			default:
				row[x] = byte('0' + o)
			}
		}
		f.Tracks = append(f.Tracks, string(row))
	}
	for _, reg := range b.Regions {
		f.Regions = append(f.Regions, regJSON{ID: reg.ID, Instability: reg.Instability, Inked: reg.Inked})
	}
	for _, t := range b.Towns {
		f.Towns = append(f.Towns, townDyn{ID: t.ID, Connected: []int{}})
	}
	f.Connections = []connJSON{}
	for _, c := range r.conns {
		f.Connections = append(f.Connections, connJSON{From: c.From, To: c.To, Name: c.Name(),
			Path: r.points(c.Path), Points: c.Points})
		f.Towns[c.From].Connected = append(f.Towns[c.From].Connected, c.To)
	}
	for c, s := range r.cellConns {
		if s != "x" {
			x, y := b.xy(c)
			f.CellConnections[strconv.Itoa(x)+","+strconv.Itoa(y)] = s
		}
	}
	for p := range r.pl {
		pl := &r.pl[p]
		f.Players = append(f.Players, playerJSON{Name: r.names[p], Status: string(pl.status), Reason: pl.reason,
			Score: pl.score, Paint: pl.paint, PaintUsed: r.ev.used[p][0],
			Disruption: pl.disruption, DisruptionUsed: r.ev.used[p][1],
			Action: pl.action, Message: viewerText(pl.message), Errors: nonNil(r.ev.errors[p]),
			SideQuest: pl.sideQuest, SideQuestTurn: pl.sideQuestTurn, POIsServed: r.points(pl.pois)})
	}
	ev := &f.Events
	ev.Placed, ev.Erased, ev.Disrupted, ev.Inked = []placedJSON{}, []placedJSON{}, []disruptJSON{}, nonNil(r.ev.inked)
	for _, pc := range r.ev.placed {
		x, y := b.xy(pc.cell)
		ev.Placed = append(ev.Placed, placedJSON{x, y, pc.owner})
	}
	for _, pc := range r.ev.erased {
		x, y := b.xy(pc.cell)
		ev.Erased = append(ev.Erased, placedJSON{x, y, pc.owner})
	}
	for p := range ev.Autoplace {
		ev.Autoplace[p] = r.points(r.ev.plans[p])
	}
	for _, d := range r.ev.disrupts {
		ev.Disrupted = append(ev.Disrupted, disruptJSON{d.player, d.region})
	}
	if r.over {
		for _, p := range r.Result().Players {
			f.Final = append(f.Final, finalJSON{Score: int(p.Score), Rank: p.Rank})
		}
	}
	out, err := json.Marshal(f)
	if err != nil {
		panic("tracks: frame: " + err.Error()) // plain data: cannot fail
	}
	return out
}

func (r *referee) mapFrame() *mapJSON {
	b := r.b
	m := &mapJSON{Width: b.W, Height: b.H, InkThreshold: r.set.inkThreshold, SideQuest: r.set.sideQuest,
		League: r.set.league, Interrupt: interruptPaint, POIs: [][2]int{}}
	if r.set.interruptAny {
		m.Interrupt = interruptAny
	}
	row := make([]byte, b.W)
	for y := 0; y < b.H; y++ {
		ids := make([]int, b.W)
		for x := 0; x < b.W; x++ {
			c := b.cell(x, y)
			row[x] = byte('0' + b.Terrain[c])
			ids[x] = b.Region[c]
			if b.Terrain[c] == POI {
				m.POIs = append(m.POIs, [2]int{x, y})
			}
		}
		m.Terrain = append(m.Terrain, string(row))
		m.RegionOf = append(m.RegionOf, ids)
	}
	for _, reg := range b.Regions {
		m.Regions = append(m.Regions, regStat{ID: reg.ID, Town: reg.Town, Size: len(reg.Cells), Neighbours: nonNil(reg.Neighbours)})
	}
	for _, t := range b.Towns {
		m.Towns = append(m.Towns, townJSON{ID: t.ID, X: t.X, Y: t.Y, Desired: nonNil(t.Desired)})
	}
	return m
}

// viewerText is a MESSAGE as the reference's replay data carries it: "|",
// its serializer's separator, becomes "∣" (U+2223, rules §7).
func viewerText(s string) string { return strings.ReplaceAll(s, "|", "\u2223") }

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
