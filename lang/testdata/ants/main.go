package main

import (
	"bufio"
	"fmt"
	"os"
)

// Ants & Crystals, as a CodinGame player writes it in Go: fmt.Fscan on a
// bufio.Reader, fmt.Println.
func main() {
	reader := bufio.NewReader(os.Stdin)
	var n int
	fmt.Fscan(reader, &n)
	target := -1
	for i := 0; i < n; i++ {
		var kind, resources, a, b, c, d, e, f int
		fmt.Fscan(reader, &kind, &resources, &a, &b, &c, &d, &e, &f)
		if kind == 2 && target < 0 {
			target = i
		}
	}
	var bases int
	fmt.Fscan(reader, &bases)
	mine := make([]int, bases)
	for i := range mine {
		fmt.Fscan(reader, &mine[i])
	}
	for i := 0; i < bases; i++ {
		var other int
		fmt.Fscan(reader, &other)
	}
	for {
		var myScore, oppScore int
		if _, err := fmt.Fscan(reader, &myScore, &oppScore); err != nil {
			return
		}
		for i := 0; i < n; i++ {
			var r, m, o int
			fmt.Fscan(reader, &r, &m, &o)
		}
		if target >= 0 {
			fmt.Printf("LINE %d %d 1\n", mine[0], target)
		} else {
			fmt.Println("WAIT")
		}
	}
}
