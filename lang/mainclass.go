package lang

import (
	"strings"
	"unicode"
)

// Where CodinGame finds the class to run, whatever the file's name: Java
// runs the class with `static void main(`, Scala the object with
// `def main(` or `extends App`, Groovy the class with a static main or
// else the script. A scan of the source finds it, as the compiler would:
// comments and literals blanked, then the type declarations followed
// through their braces.

// classes is what a scan finds: the class holding main (nested classes
// by their binary name, Outer$Inner), and the public top-level class
// (Java wants its file named after it).
type classes struct {
	main, public string
}

var typeWords = map[string]bool{"class": true, "interface": true, "enum": true, "record": true, "object": true}

// scanClasses finds the main class in source code of the C family.
func scanClasses(src []byte) classes {
	toks := tokens(blank(string(src)))
	var found classes
	type decl struct {
		name  string
		depth int
	}
	var stack []decl
	depth, pending, public := 0, "", false
	for i, t := range toks {
		switch {
		case t == "{":
			depth++
			public = false
			if pending != "" {
				stack = append(stack, decl{pending, depth})
				pending = ""
			}
		case t == "}":
			if n := len(stack); n > 0 && stack[n-1].depth == depth {
				stack = stack[:n-1]
			}
			depth--
			public = false
		case t == ";":
			public, pending = false, ""
		case t == "public" && depth == 0:
			public = true
		case typeWords[t] && i+1 < len(toks) && isIdent(toks[i+1]):
			pending = toks[i+1]
			if public && depth == 0 && t == "class" {
				found.public = pending
			}
		case t == "App" && i > 0 && toks[i-1] == "extends" && pending != "" && found.main == "":
			found.main = pending // Scala: object Player extends App
		case t == "main" && i+1 < len(toks) && toks[i+1] == "(" && isMainDecl(toks[:i]) && found.main == "":
			var names []string
			for _, d := range stack {
				names = append(names, d.name)
			}
			found.main = strings.Join(names, "$")
		}
	}
	return found
}

// isMainDecl: the tokens before a `main(` declare it: `static void`
// (Java, Groovy, C#), `def` (Scala).
func isMainDecl(before []string) bool {
	n := len(before)
	if n >= 1 && before[n-1] == "def" {
		return true
	}
	return n >= 2 && before[n-1] == "void" && (before[n-2] == "static" || n >= 3 && before[n-3] == "static")
}

func isIdent(s string) bool {
	r := []rune(s)
	return len(r) > 0 && (unicode.IsLetter(r[0]) || r[0] == '_' || r[0] == '$')
}

// tokens splits code into identifiers and single punctuation marks.
func tokens(code string) []string {
	var out []string
	word := -1
	for i, r := range code {
		inWord := unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '$'
		if inWord {
			if word < 0 {
				word = i
			}
			continue
		}
		if word >= 0 {
			out = append(out, code[word:i])
			word = -1
		}
		if !unicode.IsSpace(r) {
			out = append(out, string(r))
		}
	}
	if word >= 0 {
		out = append(out, code[word:])
	}
	return out
}

// blank replaces the comments, strings and character literals of C-family
// code with spaces, so that no word in them is taken for code.
func blank(src string) string {
	b := []byte(src)
	for i := 0; i < len(b); {
		end := literalEnd(src, i)
		if end == i {
			i++
			continue
		}
		for j := i; j < end; j++ {
			if b[j] != '\n' {
				b[j] = ' '
			}
		}
		i = end
	}
	return string(b)
}

// literalEnd is where the comment or literal starting at i ends; i when
// none starts there.
func literalEnd(s string, i int) int {
	rest := s[i:]
	switch {
	case strings.HasPrefix(rest, "//"):
		return lineEnd(s, i)
	case strings.HasPrefix(rest, "/*"):
		return closing(s, i+2, "*/")
	case strings.HasPrefix(rest, `"""`):
		return closing(s, i+3, `"""`)
	case rest[0] == '"':
		return quoted(s, i, '"')
	case rest[0] == '\'' && (len(rest) > 2 && rest[2] == '\'' || len(rest) > 1 && rest[1] == '\\'):
		return quoted(s, i, '\'')
	}
	return i
}

func lineEnd(s string, i int) int {
	if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(s)
}

func closing(s string, from int, end string) int {
	if j := strings.Index(s[from:], end); j >= 0 {
		return from + j + len(end)
	}
	return len(s)
}

// quoted ends a string or character literal at its closing quote (an
// escaped one does not close it), or at the end of its line.
func quoted(s string, i int, q byte) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case q:
			return j + 1
		case '\n':
			return j
		}
	}
	return len(s)
}
