package store

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"strings"
)

// A secret (a team token, an event invitation) is "PREFIX-KEY-SECRET":
// KEY is 64 random bits that find the row (stored as is, indexed), SECRET
// 128 random bits of which only the SHA-256 is stored. Finding the row by
// KEY means no secret is ever looked up by value; the hashes are then
// compared in constant time.

// Key is the public half of a secret.
type Key string

// NewSecret makes a secret and returns it with the key and hash to store.
func NewSecret(prefix string) (secret string, key Key, hash []byte) {
	var k [8]byte
	var s [16]byte
	if _, err := rand.Read(k[:]); err != nil {
		panic(err) // crypto/rand does not fail on Linux
	}
	if _, err := rand.Read(s[:]); err != nil {
		panic(err)
	}
	h := sha256.Sum256(s[:])
	key = Key(hex.EncodeToString(k[:]))
	return prefix + "-" + string(key) + "-" + hex.EncodeToString(s[:]), key, h[:]
}

// ErrBadSecret is any malformed or wrong secret: the caller learns
// nothing more.
var ErrBadSecret = errors.New("invalid or unknown token")

// ParseSecret splits a secret into its key and the hash of its secret
// part.
func ParseSecret(prefix, secret string) (Key, []byte, error) {
	rest, ok := strings.CutPrefix(secret, prefix+"-")
	if !ok {
		return "", nil, ErrBadSecret
	}
	keyText, secretText, ok := strings.Cut(rest, "-")
	if !ok || len(keyText) != 16 || len(secretText) != 32 {
		return "", nil, ErrBadSecret
	}
	if _, err := hex.DecodeString(keyText); err != nil || strings.ToLower(keyText) != keyText {
		return "", nil, ErrBadSecret
	}
	raw, err := hex.DecodeString(secretText)
	if err != nil {
		return "", nil, ErrBadSecret
	}
	h := sha256.Sum256(raw)
	return Key(keyText), h[:], nil
}

// SameHash compares a presented hash with a stored one in constant time.
func SameHash(presented, stored []byte) bool {
	return len(stored) == sha256.Size && subtle.ConstantTimeCompare(presented, stored) == 1
}
