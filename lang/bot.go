package lang

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Bot is a single source file made ready to build: where it goes, and
// the commands that build and run it in its directory.
type Bot struct {
	Language Language
	File     string // the source's name in its directory: the team's own, unless the language needs another
	Main     string // the class, object or namespace Run starts ("" where none)
	Build    string // sh -c in the directory; "" when there is nothing to build
	Run      string // the bot's command line, in the directory
	// Files are what the directory holds, the source included.
	Files map[string][]byte
}

// Plan reads a single source file: its language by its extension, and
// the bot its language makes of it. The error says what is wrong with
// the upload (an unknown extension, a Java file without main).
func Plan(filename string, src []byte) (Bot, error) {
	if err := CheckName(filename); err != nil {
		return Bot{}, err
	}
	l, ok := ByExtension(filename)
	if !ok {
		return Bot{}, fmt.Errorf("%s: no language uses %q files (use one of %s)", filename, extension(filename), strings.Join(Extensions(), " "))
	}
	b := Bot{Language: l, File: filename, Files: map[string][]byte{}}
	if l.plan != nil {
		if err := l.plan(&b, src); err != nil {
			return Bot{}, fmt.Errorf("%s: %w", filename, err)
		}
	}
	b.Files[b.File] = src
	r := b.replacer()
	if b.Build == "" { // a plan may have chosen its own (Rust with crates)
		b.Build = r.Replace(l.Build)
	}
	if b.Run == "" {
		b.Run = r.Replace(l.Run)
	}
	return b, nil
}

// BuildEnv is what a build of l adds to its environment, where dirs is
// its PATH: the language's own directories first (Go's archive).
func (l Language) BuildEnv(dirs []string) []string {
	if len(l.Path) == 0 {
		return nil
	}
	return []string{"PATH=" + strings.Join(append(slices.Clone(l.Path), dirs...), ":")}
}

// IsSource says whether a bot's command line is a source file to build:
// one word, the path of a file of a registry language that is not
// executable (an executable script is a command, run as it is).
func IsSource(target string) bool {
	if strings.ContainsAny(target, " \t'\"") {
		return false
	}
	if _, ok := ByExtension(target); !ok {
		return false
	}
	fi, err := os.Stat(target)
	return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 == 0
}

func (b Bot) replacer() *strings.Replacer {
	stem := strings.TrimSuffix(b.File, extension(b.File))
	return strings.NewReplacer("{file}", Quote(b.File), "{stem}", Quote(stem), "{main}", Quote(b.Main))
}

// Write puts the bot's files in dir.
func (b Bot) Write(dir string) error {
	for name, body := range b.Files {
		if err := writeFile(filepath.Join(dir, name), body); err != nil {
			return err
		}
	}
	return nil
}

// CheckName accepts the name of a single source file: a plain file name
// (no directory, not hidden, at most 100 bytes).
func CheckName(filename string) error {
	if filename != filepath.Base(filename) || strings.ContainsAny(filename, "/\\\x00\n") || filename == "" || filename[0] == '.' || len(filename) > 100 {
		return fmt.Errorf("%q is not a plain file name", filename)
	}
	return nil
}

var plainWord = regexp.MustCompile(`^[A-Za-z0-9_.+-]+$`)

// Quote quotes a word for sh when it needs it.
func Quote(s string) string {
	if plainWord.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
