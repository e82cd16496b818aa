// Package sandboxtest is test support shared by the tests of several
// packages that run programs in a sandbox (sandbox itself, bot, match,
// platform): one rule, in one place, for when such a test can run.
package sandboxtest

import (
	"testing"

	"github.com/seed27749672/arena/sandbox"
)

// NeedSandbox skips the test, with the reason, on a machine where
// `arena sandbox check` would not say ready (sandbox.Ready).
func NeedSandbox(t testing.TB) {
	t.Helper()
	if err := sandbox.Ready(); err != nil {
		t.Skip(err)
	}
}
