package jungle

import "testing"

// FuzzAppendStr: appendStr's copy of plain strings writes what escaping
// every byte in turn writes.
func FuzzAppendStr(f *testing.F) {
	for _, s := range []string{"", "abc", "8a1c-uuid", `q"uote`, `back\slash`, "tab\there", "\x00\x1f\x7f", "é€😀", "bad \xff utf8", "end\\"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := string(appendStr([]byte("x"), s))
		want := string(appendEscaped([]byte(`x"`), s, 0))
		if got != want {
			t.Fatalf("appendStr(%q) = %s, escaping every byte gives %s", s, got, want)
		}
	})
}
