package sandbox

import "testing"

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{768 << 20: "768 MiB", 1 << 30: "1 GiB", 3 << 10: "3 KiB", 1000: "1000 bytes"} {
		if got := size(n); got != want {
			t.Errorf("size(%d) = %q, want %q", n, got, want)
		}
	}
}
