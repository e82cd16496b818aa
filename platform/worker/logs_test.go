package worker

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
)

// River's client logs below WARN no more; its warnings still pass.
func TestRiverLogsWarningsOnly(t *testing.T) {
	var buf bytes.Buffer
	log := quiet(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	log.Info("River client started", "client_id", "x")
	log.Debug("producer: heartbeat")
	log.With("queue", "default").Warn("job rescued")
	out := buf.String()
	if strings.Contains(out, "client started") || strings.Contains(out, "heartbeat") {
		t.Errorf("INFO and DEBUG lines passed: %s", out)
	}
	if !strings.Contains(out, "job rescued") || !strings.Contains(out, "queue=default") {
		t.Errorf("the warning is missing: %q", out)
	}
	if log.Enabled(context.Background(), slog.LevelInfo) {
		t.Error("INFO enabled")
	}
}
