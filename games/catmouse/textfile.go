package catmouse

import (
	"fmt"
	"strconv"
	"strings"
)

// textFile reads the organiser's text files (maps, spawn sets, packs): one
// statement per line, '#' comment lines and blank lines skipped, fields
// separated by blanks, CR LF accepted.
type textFile struct {
	what  string // "map", "spawn file", ... for error messages
	lines []string
	i     int // index of the next line
	no    int // line number of the last statement returned
}

func newTextFile(what, text string) *textFile {
	return &textFile{what: what, lines: strings.Split(text, "\n")}
}

// next returns the fields of the next statement; ok is false at the end.
func (f *textFile) next() (fields []string, ok bool) {
	for f.i < len(f.lines) {
		line := strings.TrimSuffix(f.lines[f.i], "\r")
		f.i++
		t := strings.TrimSpace(line)
		if t == "" || t[0] == '#' {
			continue
		}
		f.no = f.i
		return strings.Fields(t), true
	}
	return nil, false
}

// rest returns the raw text of the last statement after its first field.
func (f *textFile) rest() string {
	line := strings.TrimSpace(strings.TrimSuffix(f.lines[f.no-1], "\r"))
	_, after, _ := strings.Cut(line, " ")
	return strings.TrimSpace(after)
}

// errorf reports a problem at the last statement read.
func (f *textFile) errorf(format string, args ...any) error {
	if f.no == 0 {
		return fmt.Errorf("%s: %s", f.what, fmt.Sprintf(format, args...))
	}
	return fmt.Errorf("%s line %d: %s", f.what, f.no, fmt.Sprintf(format, args...))
}

// want checks the keyword and number of fields of a statement.
func (f *textFile) want(fields []string, keyword string, n int, usage string) error {
	if fields[0] != keyword {
		return f.errorf("expected %s", usage)
	}
	if len(fields) != n {
		return f.errorf("expected %q", usage)
	}
	return nil
}

// ints parses fields as integers.
func (f *textFile) ints(fields []string) ([]int, error) {
	out := make([]int, len(fields))
	for i, s := range fields {
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, f.errorf("field %d is not an integer", i+1)
		}
		out[i] = n
	}
	return out, nil
}
