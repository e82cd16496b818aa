package game

// JavaTrim removes leading and trailing characters with a code point at or
// below U+0020, as Java's String.trim does. CodinGame referees trim bot
// output this way, which differs from strings.TrimSpace (it keeps U+0085 and
// U+00A0, and removes control characters).
func JavaTrim(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
}
