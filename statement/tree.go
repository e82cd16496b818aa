package statement

import (
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
)

// Node is one element of a statement as a page builds it: an element
// named K from a fixed set (h1 to h6, p, ul, ol, li, pre, code, em,
// strong, del, blockquote, hr, br, table, thead, tbody, tr, th, td), or a
// text node (K "") whose text is T. There are no attributes, no links
// and no raw HTML: a page that creates elements from this list and text
// nodes from T cannot be made to run anything.
type Node struct {
	K     string `json:"k"`
	T     string `json:"t,omitempty"`
	Align string `json:"align,omitempty"` // th, td: left, center or right
	C     []Node `json:"c,omitempty"`
}

var markdown = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough))

// Tree parses Markdown (CommonMark with tables) into nodes. Raw HTML is
// dropped, a link keeps only its text, an image only its alternative
// text.
func Tree(md string) []Node {
	src := []byte(md)
	doc := markdown.Parser().Parse(text.NewReader(src))
	return children(doc, src)
}

func children(n ast.Node, src []byte) []Node {
	var out []Node
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		out = append(out, convert(c, src)...)
	}
	return merge(out)
}

// convert is the nodes of one goldmark node: usually one, none for raw
// HTML, several for an element that keeps only its children (a link).
func convert(n ast.Node, src []byte) []Node {
	el := func(k string) []Node { return []Node{{K: k, C: children(n, src)}} }
	switch n := n.(type) {
	case *ast.Heading:
		return el("h" + string(rune('0'+min(max(n.Level, 1), 6))))
	case *ast.Paragraph:
		return el("p")
	case *ast.TextBlock: // a tight list item's text: no paragraph around it
		return children(n, src)
	case *ast.List:
		if n.IsOrdered() {
			return el("ol")
		}
		return el("ul")
	case *ast.ListItem:
		return el("li")
	case *ast.Blockquote:
		return el("blockquote")
	case *ast.ThematicBreak:
		return []Node{{K: "hr"}}
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		var b strings.Builder
		lines := n.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			b.Write(seg.Value(src))
		}
		return []Node{{K: "pre", C: []Node{{K: "code", C: []Node{{T: b.String()}}}}}}
	case *ast.HTMLBlock, *ast.RawHTML:
		return nil
	case *ast.Text:
		out := []Node{{T: string(n.Value(src))}}
		switch {
		case n.HardLineBreak():
			out = append(out, Node{K: "br"})
		case n.SoftLineBreak():
			out = append(out, Node{T: " "})
		}
		return out
	case *ast.String:
		return []Node{{T: string(n.Value)}}
	case *ast.CodeSpan:
		return []Node{{K: "code", C: []Node{{T: plain(n, src)}}}}
	case *ast.Emphasis:
		if n.Level >= 2 {
			return el("strong")
		}
		return el("em")
	case *ast.Link, *ast.Image:
		return children(n, src)
	case *ast.AutoLink:
		return []Node{{T: string(n.Label(src))}}
	case *east.Strikethrough:
		return el("del")
	case *east.Table:
		return tableOf(n, src)
	}
	return children(n, src) // anything else: its content, as text
}

// plain is the text of a node's text descendants.
func plain(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			b.Write(t.Value(src))
		}
		if s, ok := c.(*ast.String); ok && entering {
			b.Write(s.Value)
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// tableOf is a table with its header row in thead and the others in tbody.
func tableOf(t *east.Table, src []byte) []Node {
	var head, body []Node
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		k := "td"
		if _, ok := r.(*east.TableHeader); ok {
			k = "th"
		}
		row := Node{K: "tr"}
		for c := r.FirstChild(); c != nil; c = c.NextSibling() {
			cell := Node{K: k, C: children(c, src)}
			if tc, ok := c.(*east.TableCell); ok && tc.Alignment != east.AlignNone {
				cell.Align = tc.Alignment.String()
			}
			row.C = append(row.C, cell)
		}
		if k == "th" {
			head = append(head, row)
		} else {
			body = append(body, row)
		}
	}
	table := Node{K: "table"}
	if head != nil {
		table.C = append(table.C, Node{K: "thead", C: head})
	}
	if body != nil {
		table.C = append(table.C, Node{K: "tbody", C: body})
	}
	return []Node{table}
}

// merge joins neighbouring text nodes, which goldmark splits at every
// line break and escape.
func merge(ns []Node) []Node {
	var out []Node
	for _, n := range ns {
		if n.K == "" && len(out) > 0 && out[len(out)-1].K == "" {
			out[len(out)-1].T += n.T
			continue
		}
		out = append(out, n)
	}
	return out
}
