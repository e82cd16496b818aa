package store

import (
	"strings"
	"testing"
)

func TestSecretRoundTrip(t *testing.T) {
	s, key, hash := NewSecret("team")
	if !strings.HasPrefix(s, "team-"+string(key)+"-") || len(s) != len("team-")+16+1+32 {
		t.Fatalf("secret %q, key %q", s, key)
	}
	k, h, err := ParseSecret("team", s)
	if err != nil || k != key || !SameHash(h, hash) {
		t.Fatalf("ParseSecret(%q) = %q, %x, %v; want %q, %x", s, k, h, err, key, hash)
	}
	s2, key2, hash2 := NewSecret("team")
	if s2 == s || key2 == key || SameHash(hash2, hash) {
		t.Fatal("two secrets are equal")
	}
}

func TestWrongSecretsAreRefused(t *testing.T) {
	s, key, hash := NewSecret("team")
	// the right key with another secret part: parses, but the hash differs
	other, _, _ := NewSecret("team")
	forged := "team-" + string(key) + other[len("team-")+16:]
	k, h, err := ParseSecret("team", forged)
	if err != nil || k != key || SameHash(h, hash) {
		t.Fatalf("forged %q: key %q, same hash %v, %v", forged, k, SameHash(h, hash), err)
	}
	for _, bad := range []string{"", s[:len(s)-1], "invite" + s[4:], s + "0", strings.ToUpper(s),
		"team-" + string(key), "team--" + s[len("team-")+17:], strings.Replace(s, "-", "_", -1)} {
		if _, _, err := ParseSecret("team", bad); err != ErrBadSecret {
			t.Errorf("ParseSecret(%q) = %v, want ErrBadSecret", bad, err)
		}
	}
	if SameHash(nil, nil) || SameHash(hash[:10], hash[:10]) {
		t.Error("SameHash accepts a hash that is not a SHA-256")
	}
}

func FuzzParseSecret(f *testing.F) {
	s, _, _ := NewSecret("team")
	for _, seed := range []string{s, "", "team-", "team-0123456789abcdef-", "team-zz-zz", s + s} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		key, hash, err := ParseSecret("team", in)
		if err != nil {
			return
		}
		// what parses is exactly one secret's shape, and re-forms into it
		if len(key) != 16 || len(hash) != 32 || !strings.HasPrefix(in, "team-"+string(key)+"-") || len(in) != 54 {
			t.Fatalf("ParseSecret(%q) accepted: key %q", in, key)
		}
	})
}
