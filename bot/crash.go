package bot

import (
	"regexp"
	"strings"
)

// How much of a gone bot's stderr its message keeps: the end, where the
// error is (a Rust panic's line comes before the backtrace note, a Python
// traceback's error is its last line).
const (
	crashLines = 10
	crashBytes = 2 << 10
)

// hints recognise, anywhere in a gone bot's stderr, errors that say
// what is missing better than the last lines do (Node prints the missing
// module's name before a long stack), and say what to do.
var hints = []struct {
	re   *regexp.Regexp
	hint string
}{
	{regexp.MustCompile(`Cannot find module '[^']+'`), "not installed: run npm ci, or npm install, in the bot's directory"},
	{regexp.MustCompile(`(ModuleNotFoundError|ImportError): No module named '?[^'\s]+'?`), "not installed: pip install it, or use the interpreter that has it"},
	{regexp.MustCompile(`Could not find or load main class \S+`), "check the class path and that the bot is compiled"},
	{regexp.MustCompile(`(?m)^.*: (Permission denied)$`), "not executable: chmod +x it, or start it with its interpreter"},
	{regexp.MustCompile(`(?m)^.*: (not found|No such file or directory)$`), "the command was not found"},
}

// CrashReport describes how a bot ended, for its result message: how (its
// exit), what a hint recognises in its stderr (a missing module...), and
// the last lines of its stderr (10 lines, 2 KiB), one per line.
func CrashReport(how string, stderr []byte) string {
	text := strings.TrimRight(strings.ToValidUTF8(string(stderr), "?"), "\n\r\t ")
	if text == "" {
		return how
	}
	for _, h := range hints {
		if m := h.re.FindString(text); m != "" {
			how += ": " + strings.TrimSpace(m) + " (" + h.hint + ")"
			break
		}
	}
	tail := lastLines(text, crashLines, crashBytes)
	if !strings.Contains(tail, "\n") {
		return how + ": " + tail
	}
	return how + ":\n" + tail
}

// lastLines returns the last n lines of s, at most max bytes of them (cut
// at a line start when it can).
func lastLines(s string, n, max int) string {
	end := len(s)
	start := end
	for range n {
		i := strings.LastIndexByte(s[:start], '\n')
		if i < 0 {
			start = 0
			break
		}
		start = i
		if start == 0 {
			break
		}
	}
	s = strings.TrimLeft(s[start:], "\n")
	if len(s) > max {
		s = s[len(s)-max:]
		if i := strings.IndexByte(s, '\n'); i >= 0 && i < len(s)-1 {
			s = s[i+1:]
		}
		s = strings.ToValidUTF8(s, "")
		s = "..." + s
	}
	return s
}
