package worker

import (
	"context"
	"log/slog"
)

// River logs at INFO every few seconds per queue (its producers and
// elector report they are alive), which buried the server's own lines: its
// client gets the server's log from WARN up only.

// warnings is a handler that passes h's records of level WARN and above.
type warnings struct{ h slog.Handler }

func quiet(log *slog.Logger) *slog.Logger { return slog.New(warnings{log.Handler()}) }

func (w warnings) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= slog.LevelWarn && w.h.Enabled(ctx, l)
}

func (w warnings) Handle(ctx context.Context, r slog.Record) error { return w.h.Handle(ctx, r) }

func (w warnings) WithAttrs(as []slog.Attr) slog.Handler { return warnings{w.h.WithAttrs(as)} }

func (w warnings) WithGroup(name string) slog.Handler { return warnings{w.h.WithGroup(name)} }
