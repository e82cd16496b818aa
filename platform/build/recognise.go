package build

import (
	"bufio"
	"bytes"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/seed27749672/arena/kits"
)

// Recognise names the game's kit that an upload without a kit.json is,
// from the names at its root, the CMD (or ENTRYPOINT) of its Dockerfile
// and its requirements.txt (nil: none), so that a kit zipped as its author made it
// (a Blitz kit, a 2020 Flask bot) builds without a file added. It
// decides only where that is unambiguous; otherwise its error lists the
// candidates and what to add.
//
// The signs, strongest first: a build or package file (package.json with
// tsconfig.json: TypeScript; package.json alone: JavaScript; Cargo.toml;
// pom.xml or .java files; a .csproj; go.mod; main.py, bot.py or
// requirements.txt; CMakeLists.txt, bot.cpp or a single .cpp); then, when
// no build file says, the extension of the sources when all are of one
// language (Arena's own kits, kit.json removed); then the program the
// Dockerfile's command starts. A Dockerfile also settles between the
// languages the build files name. A Python web server's requirements
// (Flask, FastAPI...) choose the game's HTTP kit where it has one.
func Recognise(game string, names []string, dockerfile, requirements []byte) (kits.Manifest, error) {
	langs := recognisedLanguages(names, dockerfile)
	if len(langs) == 1 {
		if langs[0] == "python" && webServer.Match(requirements) {
			if m, err := kitOf(game, "python", "http"); err == nil {
				return m, nil
			}
		}
		return kitOf(game, langs[0], "")
	}
	example := `{"game": "` + game + `", "language": "LANGUAGE"}`
	if len(langs) == 0 {
		return kits.Manifest{}, fmt.Errorf("no kit.json, and nothing in the zip tells its language (a package.json, Cargo.toml, pom.xml, .csproj, go.mod, main.py, CMakeLists.txt or Dockerfile at its top): add a kit.json such as %s, LANGUAGE one of %s", example, strings.Join(kitLanguages(game), ", "))
	}
	return kits.Manifest{}, fmt.Errorf("no kit.json, and the zip could be a %s kit: add a kit.json naming one, such as %s", strings.Join(langs, " or a "), strings.Replace(example, "LANGUAGE", langs[0], 1))
}

// webServer finds a Python web framework in a requirements.txt: the bot
// is an HTTP server (Ready AI Code 2020's bots were Flask).
var webServer = regexp.MustCompile(`(?im)^\s*(flask|fastapi|aiohttp|bottle|django|uvicorn|tornado)\b`)

// recognisedLanguages are the kit languages the signs point to, sorted.
func recognisedLanguages(names []string, dockerfile []byte) []string {
	has := map[string]bool{}
	exts := map[string]int{}
	for _, n := range names {
		has[n] = true
		exts[strings.ToLower(path.Ext(n))]++
	}
	langs := fromBuildFiles(has, exts)
	if len(langs) == 0 {
		langs = fromSources(exts)
	}
	cmd := dockerLanguage(dockerfile, has["tsconfig.json"])
	switch {
	case cmd == "":
	case len(langs) == 0:
		langs = []string{cmd}
	case slices.Contains(langs, cmd):
		langs = []string{cmd}
	}
	slices.Sort(langs)
	return langs
}

// fromBuildFiles: the languages whose build or package files are there.
func fromBuildFiles(has map[string]bool, exts map[string]int) []string {
	var langs []string
	add := func(lang string, ok bool) {
		if ok {
			langs = append(langs, lang)
		}
	}
	add("typescript", has["package.json"] && has["tsconfig.json"])
	add("javascript", has["package.json"] && !has["tsconfig.json"])
	add("rust", has["Cargo.toml"])
	add("java", has["pom.xml"] || exts[".java"] > 0)
	add("csharp", exts[".csproj"] > 0)
	add("go", has["go.mod"])
	add("python", has["main.py"] || has["bot.py"] || has["requirements.txt"])
	add("cpp", has["CMakeLists.txt"] || has["bot.cpp"] || exts[".cpp"] == 1)
	return langs
}

// sourceLanguage maps the extensions of sources to kit languages.
var sourceLanguage = map[string]string{
	".ts": "typescript", ".js": "javascript", ".rs": "rust", ".java": "java",
	".cs": "csharp", ".go": "go", ".py": "python", ".cpp": "cpp", ".cc": "cpp", ".hpp": "cpp",
}

// fromSources: the one language of the sources there, if one.
func fromSources(exts map[string]int) []string {
	var langs []string
	for ext := range exts {
		if l, ok := sourceLanguage[ext]; ok && !slices.Contains(langs, l) {
			langs = append(langs, l)
		}
	}
	if len(langs) != 1 {
		return nil
	}
	return langs
}

// dockerPrograms map the program a Dockerfile's command starts to a kit
// language.
var dockerPrograms = map[string]string{
	"python": "python", "python3": "python", "node": "javascript", "ts-node": "typescript",
	"java": "java", "dotnet": "csharp", "mono": "csharp", "cargo": "rust", "go": "go",
}

// dockerLanguage is the kit language of the program the last CMD or
// ENTRYPOINT of a Dockerfile starts, "" when none says one (node runs
// TypeScript's output where there is a tsconfig.json).
func dockerLanguage(dockerfile []byte, typescript bool) string {
	lang := ""
	sc := bufio.NewScanner(bytes.NewReader(dockerfile))
	for sc.Scan() {
		verb, rest, _ := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		if !strings.EqualFold(verb, "CMD") && !strings.EqualFold(verb, "ENTRYPOINT") {
			continue
		}
		words := strings.FieldsFunc(rest, func(r rune) bool { return strings.ContainsRune(" \t[],\"'", r) })
		lang = ""
		for _, w := range words {
			if w == "sh" || w == "-c" || w == "exec" || w == "/bin/sh" {
				continue
			}
			prog := path.Base(w)
			if strings.HasPrefix(prog, "python3.") {
				prog = "python3"
			}
			lang = dockerPrograms[prog]
			break
		}
	}
	if lang == "javascript" && typescript {
		return "typescript"
	}
	return lang
}

// kitOf is the game's kit of a language and protocol: when protocol is ""
// the language's only one in the game, else stdio (territory has a stdio
// and an HTTP Python kit).
func kitOf(game, lang, protocol string) (kits.Manifest, error) {
	names, err := kits.Languages(game)
	if err != nil {
		return kits.Manifest{}, err
	}
	var same []kits.Manifest
	var all []string
	for _, n := range names {
		k, err := kits.Read(game, n)
		if err != nil {
			return kits.Manifest{}, err
		}
		all = append(all, k.Language+" ("+k.Protocol+")")
		if k.Language == lang && (protocol == "" || k.Protocol == protocol) {
			same = append(same, k)
		}
	}
	if len(same) == 1 {
		return same[0], nil
	}
	for _, k := range same {
		if k.Protocol == "stdio" {
			return k, nil
		}
	}
	if protocol == "" {
		protocol = "any"
	}
	return kits.Manifest{}, fmt.Errorf("the language %q with the %s protocol is no %s kit; the %s kits are %s", lang, protocol, game, game, strings.Join(all, ", "))
}

// kitLanguages are the languages of a game's kits, sorted, once each.
func kitLanguages(game string) []string {
	names, _ := kits.Languages(game)
	var langs []string
	for _, n := range names {
		if k, err := kits.Read(game, n); err == nil && !slices.Contains(langs, k.Language) {
			langs = append(langs, k.Language)
		}
	}
	slices.Sort(langs)
	return langs
}
