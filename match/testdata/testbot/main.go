// Command testbot is a bot that misbehaves on request, for the match
// runner's tests. It answers each input line of the test game with a number.
//
//	testbot MODE [ARG]
//
// Modes: echo, sleep MS, slowfirst MS, crash-at TURN, hang, garbage,
// partial, huge, flood, stderr-flood, noread, exit0, double, slowstart MS,
// slowat TURN MS, burn TURN MS (MS of CPU time on turn TURN), burnall MS
// (MS of CPU time on every turn), hogs N (N child processes that spin
// forever; it never answers), spin (what each of them runs).
package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	mode := os.Args[1]
	arg := 0
	if len(os.Args) > 2 {
		arg, _ = strconv.Atoi(os.Args[2])
	}
	out := bufio.NewWriter(os.Stdout)
	answer := func(s string) { out.WriteString(s + "\n"); out.Flush() }
	switch mode {
	case "exit0":
		return
	case "hang":
		time.Sleep(time.Hour)
	case "noread":
		time.Sleep(time.Hour)
	case "flood":
		for {
			out.WriteString("1\n")
		}
	case "huge":
		big := strings.Repeat("a", 2<<20)
		answer(big)
		for {
			time.Sleep(time.Hour)
		}
	case "slowstart":
		time.Sleep(time.Duration(arg) * time.Millisecond)
	case "spin":
		for {
		}
	case "hogs":
		for range arg {
			if err := exec.Command(os.Args[0], "spin").Start(); err != nil {
				panic(err)
			}
		}
		time.Sleep(time.Hour)
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<24)
	turn := 0
	for in.Scan() {
		if !strings.HasPrefix(in.Text(), "turn ") {
			continue
		}
		turn++
		switch mode {
		case "sleep":
			time.Sleep(time.Duration(arg) * time.Millisecond)
		case "slowfirst":
			if turn > 1 {
				time.Sleep(time.Duration(arg) * time.Millisecond)
			}
		case "crash-at":
			if turn == arg {
				fmt.Fprintln(os.Stderr, "fatal: crashing on purpose")
				os.Exit(3)
			}
		case "garbage":
			answer("garbage!!")
			continue
		case "partial":
			out.WriteString("12")
			out.Flush()
			time.Sleep(time.Hour)
		case "stderr-flood":
			if turn > 1 {
				break
			}
			chunk := strings.Repeat("e", 1<<16)
			for i := 0; i < 16; i++ {
				fmt.Fprint(os.Stderr, chunk)
			}
			fmt.Fprintln(os.Stderr, "last words")
		case "double":
			out.WriteString("1\n") // written with the turn number, in one write
		case "slowat":
			if turn == arg {
				ms, _ := strconv.Atoi(os.Args[3])
				time.Sleep(time.Duration(ms) * time.Millisecond)
			}
		case "burnall":
			burn(time.Duration(arg) * time.Millisecond)
		case "burn":
			if turn == arg {
				ms, _ := strconv.Atoi(os.Args[3])
				burn(time.Duration(ms) * time.Millisecond)
			}
		}
		answer(strconv.Itoa(turn))
	}
}

// burn spins until the process has used d more CPU time (user+system), so
// that a loaded machine only makes it take longer.
func burn(d time.Duration) {
	used := func() time.Duration {
		var ru syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	for end := used() + d; used() < end; {
		for i := 0; i < 1e5; i++ {
		}
	}
}
