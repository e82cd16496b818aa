package territory

// Move is a player's action for one turn.
type Move int8

// The five actions of §2.1. None is also what a missing, late or invalid
// answer means.
const (
	None Move = iota
	Up
	Down
	Left
	Right
)

var moveNames = [...]string{"NONE", "UP", "DOWN", "LEFT", "RIGHT"}

// String returns the protocol word: "UP", "NONE", ...
func (m Move) String() string {
	if m >= 0 && int(m) < len(moveNames) {
		return moveNames[m]
	}
	return "NONE"
}

// Delta returns the unit vector of the move; Y grows upwards.
func (m Move) Delta() (dx, dy int) {
	switch m {
	case Up:
		return 0, 1
	case Down:
		return 0, -1
	case Left:
		return -1, 0
	case Right:
		return 1, 0
	}
	return 0, 0
}

// moveOf returns the move with that vector; ok is false for any other one.
func moveOf(dx, dy int) (m Move, ok bool) {
	switch {
	case dx == 0 && dy == 0:
		return None, true
	case dx == 0 && dy == 1:
		return Up, true
	case dx == 0 && dy == -1:
		return Down, true
	case dx == -1 && dy == 0:
		return Left, true
	case dx == 1 && dy == 0:
		return Right, true
	}
	return None, false
}

// Moves lists the four real moves in protocol order.
var Moves = [4]Move{Up, Down, Left, Right}

// Point is a tile position: X to the right, Y upwards, (0,0) bottom-left.
type Point struct{ X, Y int }

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}
