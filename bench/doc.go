// Package bench holds Arena's end-to-end benchmarks: whole matches with real
// process bots (testdata/*.c, compiled by the benchmarks), measured
// against the floor the operating system allows, interleaved in one run so
// that both see the same machine.
//
//   - BenchmarkSteadyTurn: the wall time of an ants turn between two bots
//     that answer at once, against a raw pipe ping-pong with the same
//     program and the same bytes (means, and medians of every turn's
//     time, med-: a busy machine moves the means); Arena's own CPU time per turn; its share
//     of all the CPU used, and the raw ping-pong driver's share of its run
//     (the floor: a driver that only writes and reads); the time from the last turn to the end of the
//     match (bots that exit on EOF, and bots that must be killed); bots
//     that write stderr every turn; the game's own cost per turn; and what
//     Arena adds: its CPU a turn beyond the referee's against the raw
//     driver's (over-cpu-ratio), its median turn beyond the raw one and
//     the referee's (over-med-µs).
//   - BenchmarkArenaMatch: Arena's long match alone, for a CPU profile of
//     the runner (-cpuprofile).
//   - BenchmarkFloodMatch: matches between bots that answer every line of
//     their input (~30 lines a turn): the runner's per-line costs, as
//     allocations and garbage collections a match (-benchmem).
//   - BenchmarkTournamentShare: Arena's share of all the CPU used in a
//     round robin of bots that answer at once.
//   - BenchmarkFairness (fair_test.go): the same matches on a quiet and on
//     a loaded machine, with identical results as the goal; an hour long.
//
// Run them with
//
//	go test ./bench -run '^$' -bench 'SteadyTurn|ArenaMatch|FloodMatch|TournamentShare' -benchtime 5x -benchmem
//
// and compare two commits side by side, in one run, with
//
//	bench/compare.sh BASE [ROUNDS] [BENCHTIME]
package bench
