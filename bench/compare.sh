#!/bin/sh
# compare.sh BASE [ROUNDS] [BENCHTIME]: runs this tree's benchmarks in
# bench/ and the same benchmarks on commit BASE, alternately, ROUNDS times
# (default 3), so that both see the same machine in the same run. The
# benchmark files of this tree are copied into a temporary worktree of BASE,
# so the measure is the same on both sides. BENCH (a -bench regexp,
# default every benchmark but BenchmarkFairness, which takes an hour)
# narrows the set; allocations are reported (-benchmem).
set -eu
base=${1:?usage: bench/compare.sh BASE [ROUNDS] [BENCHTIME]}
rounds=${2:-3}
benchtime=${3:-3x}
bench=${BENCH:-'SteadyTurn|ArenaMatch|FloodMatch|TournamentShare'}
root=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$tmp/base" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
git -C "$root" worktree add --detach "$tmp/base" "$base" >/dev/null 2>&1
rm -rf "$tmp/base/bench"
cp -r "$root/bench" "$tmp/base/bench"
(cd "$tmp/base" && go test -c -o "$tmp/old.test" ./bench)
(cd "$root" && go test -c -o "$tmp/new.test" ./bench)
i=1
while [ "$i" -le "$rounds" ]; do
	for side in old new; do
		# The benchmark compiles its bot from testdata/: run it from bench/.
		if [ $side = old ]; then dir="$tmp/base/bench"; else dir="$root/bench"; fi
		(cd "$dir" && "$tmp/$side.test" -test.run '^$' -test.bench "$bench" -test.benchtime "$benchtime" -test.benchmem) |
			sed -n "s/^Benchmark/$side Benchmark/p"
	done
	i=$((i + 1))
done
