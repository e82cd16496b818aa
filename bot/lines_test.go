package bot

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func collect(r io.Reader, maxLine int) []Line {
	out := make(chan Line, 1<<16)
	readLines(r, maxLine, chanOutlet(out), nil)
	var ls []Line
	for l := range out {
		ls = append(ls, l)
	}
	return ls
}

func TestReadLines(t *testing.T) {
	in := "a\r\nbb\n\nlong line here\nlast"
	got := collect(iotest.OneByteReader(strings.NewReader(in)), 5)
	want := []struct {
		text    string
		tooLong bool
	}{{"a", false}, {"bb", false}, {"", false}, {"long ", true}, {"last", false}}
	if len(got) != len(want) {
		t.Fatalf("got %d lines: %+v", len(got), got)
	}
	for i, w := range want {
		if got[i].Text != w.text || got[i].TooLong != w.tooLong {
			t.Errorf("line %d = %+v, want %q tooLong=%v", i, got[i], w.text, w.tooLong)
		}
	}
}

// FuzzReadLines checks the line splitter against a plain reference: the
// same lines whatever the chunking, none longer than the cap.
func FuzzReadLines(f *testing.F) {
	f.Add([]byte("WAIT\nBEACON 1 2\r\n"), 3)
	f.Add([]byte("\n\n\r\n"), 1)
	f.Add([]byte(strings.Repeat("x", 100)+"\nend"), 7)
	f.Add([]byte("abcd\r\nabcde\r\n"), 4)
	f.Fuzz(func(t *testing.T, data []byte, maxLine int) {
		if maxLine < 1 || maxLine > 1<<12 {
			return
		}
		whole := collect(bytes.NewReader(data), maxLine)
		bytewise := collect(iotest.OneByteReader(bytes.NewReader(data)), maxLine)
		if len(whole) != len(bytewise) {
			t.Fatalf("chunking changed the line count: %d vs %d", len(whole), len(bytewise))
		}
		parts := strings.Split(string(data), "\n")
		if len(data) > 0 && data[len(data)-1] == '\n' {
			parts = parts[:len(parts)-1]
		}
		if len(data) == 0 {
			parts = nil
		}
		if len(whole) != len(parts) {
			t.Fatalf("%d lines, want %d", len(whole), len(parts))
		}
		for i, l := range whole {
			ref := strings.TrimSuffix(parts[i], "\r")
			if l.Text != bytewise[i].Text || l.TooLong != bytewise[i].TooLong {
				t.Fatalf("line %d differs by chunking: %+v vs %+v", i, l, bytewise[i])
			}
			if len(l.Text) > maxLine {
				t.Fatalf("line %d longer than the cap", i)
			}
			if !l.TooLong && l.Text != ref {
				t.Fatalf("line %d = %q, want %q", i, l.Text, ref)
			}
			if l.TooLong != (len(ref) > maxLine) {
				t.Fatalf("line %d (%d bytes, cap %d): TooLong=%v", i, len(ref), maxLine, l.TooLong)
			}
		}
	})
}
