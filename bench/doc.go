// Package bench holds Arena's end-to-end benchmarks: whole matches with real
// process bots, measured against the floor the operating system allows (a
// raw pipe ping-pong with the same bots and the same bytes), interleaved in
// one run so that both see the same machine. Run them with
//
//	go test ./bench -run '^$' -bench . -benchtime 5x
//
// and compare two commits side by side with compare.sh.
package bench
