package web

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
)

// The pages build their DOM from text and nodes only (h, textContent):
// nothing in web/ may turn a string into markup or code, so that no text
// from a bot, a replay or an address can become script. This lint fails on
// any use of the sinks below, constant or not, in the served JS and HTML.
var markupSinks = regexp.MustCompile(`\.(innerHTML|outerHTML)\b|insertAdjacentHTML|document\.write|\bsrcdoc\b|createContextualFragment|\bDOMParser\b|setHTMLUnsafe|parseHTMLUnsafe|\beval\s*\(|\bnew\s+Function\b|setAttribute\(\s*['"]on|\bjavascript:`)

// In the HTML pages: no inline script, no inline event handler, no inline
// style (the Content-Security-Policy would refuse them anyway).
var inlineHTML = regexp.MustCompile(`(?i)<script(?:\s[^>]*)?>\s*[^<\s]|<script(?:(?:\s+(?:type="module"))*)\s*>|\son[a-z]+\s*=|\sstyle\s*=|<style`)

func TestNoMarkupSinks(t *testing.T) {
	files := Static()
	checked := 0
	seen := map[string]bool{}
	err := fs.WalkDir(files, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".js") || strings.HasSuffix(path, ".html")) {
			return err
		}
		b, err := fs.ReadFile(files, path)
		if err != nil {
			return err
		}
		checked++
		seen[path] = true
		for n, line := range strings.Split(string(b), "\n") {
			if m := markupSinks.FindString(line); m != "" {
				t.Errorf("%s:%d: %s (build nodes with h or textContent instead)", path, n+1, m)
			}
			if strings.HasSuffix(path, ".html") {
				if m := inlineHTML.FindString(line); m != "" {
					t.Errorf("%s:%d: inline %q (scripts and styles go in their own files)", path, n+1, m)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 8 {
		t.Fatalf("checked %d files: the lint found too few sources", checked)
	}
	// The platform's pages are served from the same files and held to the
	// same rule.
	for _, p := range []string{"platform/index.html", "platform/team.html", "platform/team.js", "platform/common.js"} {
		if !seen[p] {
			t.Errorf("the lint did not check %s", p)
		}
	}
}
