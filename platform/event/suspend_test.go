package event

import (
	"errors"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/store"
)

// FuzzCheckReason: a suspension's reason the organiser's browser sends is
// accepted only as text the team's page shows as it is: at most 300
// characters, none a control (but a line break) or an invisible one.
func FuzzCheckReason(f *testing.F) {
	for _, s := range []string{"forks busy loops", "a\nb", "a\u0007b", "\u202eabc", strings.Repeat("é", 301), "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if checkReason(s) != nil {
			return
		}
		if !utf8.ValidString(s) || utf8.RuneCountInString(s) > maxReason {
			t.Fatalf("%q accepted", s)
		}
		for _, r := range s {
			if unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Bidi_Control, r) || (r < 0x20 && r != '\n') || r == 0x7f {
				t.Fatalf("%q accepted with U+%04X", s, r)
			}
		}
	})
}

// TestSuspendedSaysWhy: a suspended team's refusal is the user's fault,
// is ErrSuspended, and gives the organiser's reason; a team not
// suspended is not refused.
func TestSuspendedSaysWhy(t *testing.T) {
	if err := Suspended(store.Team{Name: "Owls"}); err != nil {
		t.Fatal(err)
	}
	err := Suspended(store.Team{Suspended: true, Reason: "a disk bomb"})
	if !fault.IsUser(err) || !errors.Is(err, ErrSuspended) || !strings.Contains(err.Error(), "(a disk bomb)") {
		t.Fatalf("%v", err)
	}
	if err := Suspended(store.Team{Suspended: true}); err == nil || strings.Contains(err.Error(), "()") {
		t.Fatalf("without a reason: %v", err)
	}
}
