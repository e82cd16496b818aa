package statement_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/seed27749672/arena/statement"
)

// kinds are the elements a page may create from a tree (web/platform/rules.js
// holds the same list).
var kinds = map[string]bool{"": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"p": true, "ul": true, "ol": true, "li": true, "pre": true, "code": true, "em": true, "strong": true,
	"del": true, "blockquote": true, "hr": true, "br": true, "table": true, "thead": true, "tbody": true,
	"tr": true, "th": true, "td": true}

// checkTree fails on any element outside kinds, text on an element, or
// children on a text node.
func checkTree(t *testing.T, ns []statement.Node) {
	t.Helper()
	for _, n := range ns {
		if !kinds[n.K] {
			t.Fatalf("element %q", n.K)
		}
		if n.K != "" && n.T != "" || n.K == "" && len(n.C) > 0 {
			t.Fatalf("node %+v mixes text and children", n)
		}
		if n.Align != "" && n.Align != "left" && n.Align != "center" && n.Align != "right" {
			t.Fatalf("alignment %q", n.Align)
		}
		checkTree(t, n.C)
	}
}

func text(ns []statement.Node) string {
	var b strings.Builder
	for _, n := range ns {
		b.WriteString(n.T)
		b.WriteString(text(n.C))
	}
	return b.String()
}

func TestTree(t *testing.T) {
	md := "# Title\n\nSome *em*, **strong** and `code`.\n\n" +
		"<script>alert(1)</script>\n\n" +
		"A <b onclick=\"x()\">raw</b> tag and [a link](javascript:alert(1)) and ![an image](x.png).\n\n" +
		"- one\n- two\n\n1. first\n\n```\nline 1\nline 2\n```\n\n" +
		"| a | b |\n|---|--:|\n| 1 | 2 |\n"
	tree := statement.Tree(md)
	checkTree(t, tree)
	b, _ := json.Marshal(tree)
	got := string(b)
	for _, want := range []string{
		`{"k":"h1","c":[{"k":"","t":"Title"}]}`,
		`{"k":"em","c":[{"k":"","t":"em"}]}`, `{"k":"strong","c":[{"k":"","t":"strong"}]}`,
		`{"k":"code","c":[{"k":"","t":"code"}]}`,
		`{"k":"ul","c":[{"k":"li","c":[{"k":"","t":"one"}]},{"k":"li","c":[{"k":"","t":"two"}]}]}`,
		`{"k":"ol"`, `{"k":"pre","c":[{"k":"code","c":[{"k":"","t":"line 1\nline 2\n"}]}]}`,
		`{"k":"thead","c":[{"k":"tr","c":[{"k":"th","c":[{"k":"","t":"a"}]},{"k":"th","align":"right","c":[{"k":"","t":"b"}]}]}]}`,
		`{"k":"td","align":"right","c":[{"k":"","t":"2"}]}`,
		`"t":"A raw tag and a link and an image."`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the tree lacks %s:\n%s", want, got)
		}
	}
	for _, bad := range []string{"script", "onclick", "javascript", "x.png", "<"} {
		if strings.Contains(got, bad) {
			t.Errorf("the tree holds %q: %s", bad, got)
		}
	}
}

// Every statement's tree holds its whole text: no section is lost.
func TestStatementTrees(t *testing.T) {
	for _, c := range []struct {
		game string
		n    int
	}{{"ants", 1}, {"ants", 4}, {"tracks", 1}, {"tracks", 5}} {
		tree := statement.Tree(statementOf(t, c.game, c.n).Markdown)
		checkTree(t, tree)
		all := text(tree)
		for _, want := range []string{"Initialisation input", "Promotion", "numberOfCells lines", "Constraints"} {
			if c.game == "tracks" && want == "numberOfCells lines" {
				want = "width*height lines: regionId type"
			}
			if !strings.Contains(all, want) {
				t.Errorf("%s league %d: the tree lacks %q", c.game, c.n, want)
			}
		}
	}
}

// FuzzTree: whatever the Markdown (an event's option values reach the
// statements), the tree holds only the allowed elements.
func FuzzTree(f *testing.F) {
	for _, s := range []string{"# a\n\n*b* `c`", "<img src=x onerror=alert(1)>", "[x](javascript:y)", "| a |\n|---|\n| <b>c</b> |",
		"```\n<script>\n```", "- a\n  - b\n\n> q\n\n---\n\n~~d~~  \nnext", "<!-- c -->\n<div>\n\nx\n</div>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, md string) {
		tree := statement.Tree(md)
		checkTree(t, tree)
		if strings.Contains(strings.ToLower(text(tree)), "<script") && !strings.Contains(strings.ToLower(md), "<script") {
			t.Fatalf("a script tag appeared from nothing")
		}
	})
}
