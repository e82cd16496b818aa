package game

// Series is implemented by a Game whose standard match is a fixed series of
// games between the same bots (catmouse: a match is three games on three
// spawn sets, each game two legs). Every game of a series is one ordinary
// match of the runner, with its own replay; package tournament plays them
// in order and lets the game combine their outcomes.
type Series interface {
	// Series returns the configuration of each game of a series played
	// under cfg: the same players and names, with the options (and seed)
	// of each game, everything resolved so that each game's replay stands
	// on its own.
	Series(cfg Config) ([]Config, error)
	// Combine turns the outcomes of the games, in order, into the outcome
	// of the series.
	Combine(cfg Config, games []Result) SeriesResult
}

// SeriesResult is the outcome of a series of games.
type SeriesResult struct {
	// Result ranks the players over the whole series.
	Result
	// Table is the series table for humans: a header row, then rows of
	// cells (one per game, then totals).
	Table [][]string `json:"table,omitempty"`
	// Notes are lines for humans on how the series was set up (which
	// spawn set a vote chose, ...).
	Notes []string `json:"notes,omitempty"`
}
