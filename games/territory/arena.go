package territory

import "fmt"

// Obstacle is what a tile holds besides players: nothing, or one of the
// four obstacles of §2.2, written with their protocol letters.
type Obstacle byte

// Obstacles.
const (
	Empty Obstacle = 0
	Wall  Obstacle = 'W'
	Bomb  Obstacle = 'B'
	Ice   Obstacle = 'I'
	Decay Obstacle = 'D'
)

// Arena is the static map a game starts from: its size, obstacles and the
// start block of each slot.
type Arena struct {
	Name  string
	N     int
	Shape Shape // "" for an arena file
	Size  Size  // "" for an arena file
	// Tiles holds the obstacle of each tile, indexed y*N+x.
	Tiles []Obstacle
	// Starts holds, per slot, the four tiles of its 2×2 start block and
	// which of them is the head.
	Starts []Start
}

// Start is one slot's start block.
type Start struct {
	Block [4]Point // bottom-left, bottom-right, top-left, top-right
	Head  Point
}

// blockAt returns the 2×2 block whose bottom-left tile is (x, y).
func blockAt(x, y int) [4]Point {
	return [4]Point{{x, y}, {x + 1, y}, {x, y + 1}, {x + 1, y + 1}}
}

// headOf returns the block tile nearest (Euclidean) to the centre of an
// N×N arena, ties to the lowest X then the lowest Y (§2.4).
func headOf(block [4]Point, n int) Point {
	best, bestD := block[0], -1
	for _, p := range block {
		dx, dy := 2*p.X-(n-1), 2*p.Y-(n-1)
		d := dx*dx + dy*dy
		if bestD < 0 || d < bestD || (d == bestD && (p.X < best.X || (p.X == best.X && p.Y < best.Y))) {
			best, bestD = p, d
		}
	}
	return best
}

// connected reports whether the tiles for which open is true form one
// 4-connected region (true when there are none).
func connected(n int, open func(i int) bool) bool {
	start, total := -1, 0
	for i := 0; i < n*n; i++ {
		if open(i) {
			total++
			if start < 0 {
				start = i
			}
		}
	}
	if total == 0 {
		return true
	}
	seen := make([]bool, n*n)
	stack := []int{start}
	seen[start] = true
	count := 0
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		count++
		x, y := i%n, i/n
		for _, d := range [4][2]int{{0, 1}, {0, -1}, {-1, 0}, {1, 0}} {
			nx, ny := x+d[0], y+d[1]
			if nx < 0 || ny < 0 || nx >= n || ny >= n {
				continue
			}
			j := ny*n + nx
			if !seen[j] && open(j) {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
	return count == total
}

// validate checks what every arena must satisfy, generated or authored.
func (a *Arena) validate() error {
	if len(a.Tiles) != a.N*a.N {
		return fmt.Errorf("arena %q: %d tiles for size %d", a.Name, len(a.Tiles), a.N)
	}
	if len(a.Starts) == 0 {
		return fmt.Errorf("arena %q has no start block", a.Name)
	}
	if !connected(a.N, func(i int) bool { return a.Tiles[i] != Wall }) {
		return fmt.Errorf("arena %q: the tiles that are not walls are not all connected", a.Name)
	}
	return nil
}
