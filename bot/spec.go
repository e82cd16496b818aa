package bot

import (
	"fmt"
	"net/url"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/sandbox"
)

// Spec is a parsed --bot argument:
//
//	builtin:NAME          a game's in-process bot
//	CMD                   a command, reached the game's default way
//	KIND:CMD              a command reached by a named transport (stdio:, ws:, http:)
//	http://HOST:PORT      a bot already listening at that URL
//	NAME=SPEC             any of the above, shown as NAME
type Spec struct {
	Name   string // display name
	Kind   string // "builtin", "cmd", "url" or a transport name
	Target string // builtin name, command line or URL
	// Sandbox, when not nil, runs a command contained with these limits
	// (package sandbox); builtins and URLs are not commands.
	Sandbox *sandbox.Limits
	// Dir is the working directory of a command, whatever its transport
	// ("" is Arena's):
	// the platform runs a built kit from its own tree.
	Dir string
}

var namePrefix = regexp.MustCompile(`^[A-Za-z0-9_.@+-]+$`)

// ParseSpec parses a --bot argument.
func ParseSpec(s string) (Spec, error) {
	s = strings.TrimSpace(s)
	var sp Spec
	if name, rest, ok := strings.Cut(s, "="); ok && namePrefix.MatchString(name) {
		if strings.TrimSpace(rest) == "" {
			return Spec{}, fmt.Errorf("bot %q: nothing after the name (write NAME=SPEC)", s)
		}
		sp.Name, s = name, strings.TrimSpace(rest)
	}
	if s == "" {
		return Spec{}, fmt.Errorf("empty bot")
	}
	switch {
	case strings.HasPrefix(s, "builtin:"):
		sp.Kind, sp.Target = "builtin", strings.TrimPrefix(s, "builtin:")
		if sp.Target == "" {
			return Spec{}, fmt.Errorf("bot %q: builtin: needs a name, e.g. builtin:random", s)
		}
	case strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://"):
		u, err := url.Parse(s)
		if err != nil || u.Host == "" {
			return Spec{}, fmt.Errorf("bot %q: not a valid URL", s)
		}
		sp.Kind, sp.Target = "url", s
	default:
		sp.Kind, sp.Target = "cmd", s
		if kind, rest, ok := strings.Cut(s, ":"); ok && isTransportName(kind) {
			sp.Kind, sp.Target = kind, strings.TrimSpace(rest)
		}
		if sp.Target == "" {
			return Spec{}, fmt.Errorf("bot %q: empty command", s)
		}
	}
	if sp.Name == "" {
		sp.Name = defaultName(sp)
	}
	return sp, nil
}

// Cores is how many CPU cores the bot needs to itself while a match runs,
// for scheduling matches side by side without making bots late: one for a
// program (a process, or a remote bot's connection), none for a builtin,
// which runs on the match's own goroutine.
func (s Spec) Cores() int {
	if s.Kind == "builtin" {
		return 0
	}
	return 1
}

// String gives the spec back in the form ParseSpec reads.
func (s Spec) String() string {
	var body string
	switch s.Kind {
	case "builtin":
		body = "builtin:" + s.Target
	case "cmd", "url":
		body = s.Target
	default:
		body = s.Kind + ":" + s.Target
	}
	if s.Name != "" && s.Name != defaultName(Spec{Kind: s.Kind, Target: s.Target}) {
		return s.Name + "=" + body
	}
	return body
}

var interpreters = map[string]bool{
	"python": true, "python3": true, "pypy3": true, "node": true, "java": true,
	"sh": true, "bash": true, "ruby": true, "perl": true, "php": true, "env": true,
	"go": true, "run": true, "dotnet": true, "-jar": true, "uv": true,
}

// defaultName names a bot after what it runs: "random" for builtin:random,
// "mybot.py" for "python3 mybot.py", the host for a URL.
func defaultName(s Spec) string {
	switch s.Kind {
	case "builtin":
		return s.Target
	case "url":
		if u, err := url.Parse(s.Target); err == nil {
			return u.Host
		}
	}
	fields := strings.Fields(s.Target)
	for i, f := range fields {
		base := filepath.Base(f)
		if f == "-c" || f == "-e" { // inline code: name it after the interpreter
			if i > 0 {
				return filepath.Base(fields[i-1])
			}
		}
		if interpreters[base] || strings.HasPrefix(f, "-") {
			continue
		}
		return base
	}
	if len(fields) > 0 {
		return filepath.Base(fields[0])
	}
	return s.Target
}

// Transport opens a bot reached some way other than stdin/stdout or
// in-process. seat is the player's seat; spec.Kind is the transport's name,
// or "cmd" when the game makes this transport its default.
type Transport func(info game.Info, spec Spec, seat int) (Bot, error)

var (
	transportsMu sync.RWMutex
	transports   = map[string]Transport{}
)

// RegisterTransport makes a transport available under a name, both as a
// spec prefix (NAME:CMD) and as a game's default (game.Info.Transport).
func RegisterTransport(name string, t Transport) {
	transportsMu.Lock()
	defer transportsMu.Unlock()
	transports[name] = t
}

func isTransportName(s string) bool {
	if s == "stdio" {
		return true
	}
	transportsMu.RLock()
	defer transportsMu.RUnlock()
	_, ok := transports[s]
	return ok
}

func transportNames() string {
	transportsMu.RLock()
	defer transportsMu.RUnlock()
	names := []string{"stdio"}
	for n := range transports {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// Opener starts a fresh bot each time it is called (games with several legs
// restart their bots).
type Opener func() (Bot, error)

// Open returns an Opener for a spec in a game; seed seeds builtin bots.
func Open(info game.Info, s Spec, seat int, seed int64) (Opener, error) {
	switch s.Kind {
	case "builtin":
		b, err := info.FindBuiltin(s.Target)
		if err != nil {
			return nil, err
		}
		return func() (Bot, error) { return &InProcess{Bot: b.New(seed), Builtin: true}, nil }, nil
	case "stdio":
		return processOpener(info, s), nil
	}
	kind := s.Kind
	if kind == "cmd" {
		if info.Transport == "" || info.Transport == "stdio" {
			return processOpener(info, s), nil
		}
		kind = info.Transport
	}
	if kind == "url" {
		kind = "http"
	}
	transportsMu.RLock()
	t, ok := transports[kind]
	transportsMu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("bot %q: %s cannot reach bots by %s (transports: %s)", s, info.Name, kind, transportNames())
	}
	return func() (Bot, error) { return t(info, s, seat) }, nil
}

func processOpener(info game.Info, s Spec) Opener {
	return func() (Bot, error) {
		return &Process{Argv: Command(s.Target), Dir: s.Dir, MaxLine: info.MaxLine, Env: CodinGameEnv(), Sandbox: s.Sandbox}, nil
	}
}
