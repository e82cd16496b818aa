package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// stopSignals end a command the way Ctrl-C does: a terminal's Ctrl-C
// (SIGINT), kill and service managers (SIGTERM), a closed terminal or ssh
// session (SIGHUP). Each command then stops what it runs, ends the bots
// with everything they started, and keeps what it can (arena play writes
// the partial replay).
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// interruptible returns a context cancelled by the first stop signal; stop
// restores the default handling of the signals.
func interruptible() (ctx context.Context, stop context.CancelFunc) {
	return signal.NotifyContext(context.Background(), stopSignals...)
}
