package store

// Migrations say what each step of the schema's history does, in order.
// Both drivers apply the same steps under the same numbers (step N is
// Migrations[N-1]), each in its own dialect, so that a version means the
// same schema on either database; each driver's tests check that its
// list has exactly these steps. Add new ones at the end, to both drivers
// at once; never change one that has shipped.
var Migrations = []string{
	1:  "events, teams, submissions and their builds",
	2:  "a team's active submission",
	3:  "matches and ratings",
	4:  "event formats: a match's kind, league, round, scores and statistics; a team's league",
	5:  "the state of an event's format",
	6:  "event settings",
	7:  "files and workers' heartbeats",
	8:  "the organiser's token, team members' names",
	9:  "how often a worker beats",
	10: "the map a match was played on",
	11: "test games",
	12: "builds cached by their tree",
	13: "draft submissions: built for test games, never made active by their build",
	14: "suspended teams and the organiser's reason",
	15: "an index of the failed matches, by event and kind",
}[1:]
