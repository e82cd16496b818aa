package event

import (
	"testing"
	"unicode"
)

// FuzzCheckName: a name a browser sends is accepted only when it shows
// every character it has; its key never fails.
func FuzzCheckName(f *testing.F) {
	for _, s := range []string{"victim1", "vic\u200btim", "\u202eabc", "Équipe", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		err := checkName("team name", s)
		_ = nameKey(s)
		if err != nil {
			return
		}
		for _, r := range s {
			if unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Bidi_Control, r) || r < 0x20 {
				t.Fatalf("%q accepted with U+%04X", s, r)
			}
		}
	})
}
