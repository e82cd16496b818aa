package game

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Option declares one --opt key of a game.
type Option struct {
	Name    string
	Default string
	Help    string
	// Values, when set, lists the accepted values (an enumeration); with
	// Check, the values help and forms offer, Check deciding what is
	// accepted (territory's shape also takes a set of them).
	Values []string
	// Check validates a value; nil accepts anything (or Values when set).
	Check func(v string) error
	// File reports that a value may name a file or a directory of the
	// machine that runs the match (a map, an arena, a spawn file). A server
	// that takes options from strangers (arena serve) accepts such a value
	// only when it names an entry of a directory its organiser chose.
	File bool
}

// FileOption declares a free-form option whose value may name a file.
func FileOption(name, def, help string) Option {
	return Option{Name: name, Default: def, Help: help, File: true}
}

// IntOption declares an integer option in [min, max].
func IntOption(name string, def, min, max int64, help string) Option {
	return Option{Name: name, Default: strconv.FormatInt(def, 10), Help: help,
		Check: func(v string) error {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return fmt.Errorf("%q is not an integer", v)
			}
			if n < min || n > max {
				return fmt.Errorf("%d is not between %d and %d", n, min, max)
			}
			return nil
		}}
}

// BoolOption declares a true/false option.
func BoolOption(name string, def bool, help string) Option {
	return Option{Name: name, Default: strconv.FormatBool(def), Help: help, Values: []string{"true", "false"}}
}

// EnumOption declares an option with a fixed set of values; the first is the default.
func EnumOption(name, help string, values ...string) Option {
	return Option{Name: name, Default: values[0], Help: help, Values: values}
}

// StringOption declares a free-form option.
func StringOption(name, def, help string) Option {
	return Option{Name: name, Default: def, Help: help}
}

func (o Option) validate(v string) error {
	if o.Check != nil {
		return o.Check(v)
	}
	if o.Values != nil {
		for _, ok := range o.Values {
			if v == ok {
				return nil
			}
		}
		return fmt.Errorf("%q is not one of %s", v, strings.Join(o.Values, ", "))
	}
	return nil
}

// Options are a match's validated option values: every declared key has a
// value, its default unless set explicitly.
type Options struct {
	values map[string]string
	set    map[string]bool
}

// ParseOptions validates key=value pairs against decls. Unknown keys are
// rejected with the list of known ones; a key given twice keeps its last value.
func ParseOptions(decls []Option, pairs []string) (Options, error) {
	o := Options{values: map[string]string{}, set: map[string]bool{}}
	byName := map[string]Option{}
	for _, d := range decls {
		byName[d.Name] = d
		o.values[d.Name] = d.Default
	}
	for _, kv := range pairs {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return Options{}, fmt.Errorf("option %q must be written key=value", kv)
		}
		d, known := byName[k]
		if !known {
			return Options{}, fmt.Errorf("unknown option %q (known options: %s)", k, knownNames(decls))
		}
		if err := d.validate(v); err != nil {
			return Options{}, fmt.Errorf("option %s: %v", k, err)
		}
		o.values[k] = v
		o.set[k] = true
	}
	return o, nil
}

// MustOptions is ParseOptions for tests and literals; it panics on error.
func MustOptions(decls []Option, pairs ...string) Options {
	o, err := ParseOptions(decls, pairs)
	if err != nil {
		panic(err)
	}
	return o
}

func knownNames(decls []Option) string {
	if len(decls) == 0 {
		return "none"
	}
	var names []string
	for _, d := range decls {
		names = append(names, d.Name)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// String returns the value of a key ("" for an undeclared key).
func (o Options) String(k string) string { return o.values[k] }

// Int returns the value of an integer key (0 if it does not parse).
func (o Options) Int(k string) int {
	n, _ := strconv.Atoi(o.values[k])
	return n
}

// Int64 returns the value of an integer key (0 if it does not parse).
func (o Options) Int64(k string) int64 {
	n, _ := strconv.ParseInt(o.values[k], 10, 64)
	return n
}

// Bool returns the value of a boolean key.
func (o Options) Bool(k string) bool { return o.values[k] == "true" }

// IsSet reports whether the key was given explicitly (not a default).
func (o Options) IsSet(k string) bool { return o.set[k] }

// Set overrides a value, e.g. from a preset; it does not mark it explicit.
func (o Options) Set(k, v string) {
	if o.values != nil {
		o.values[k] = v
	}
}

// Explicit returns the explicitly given options as a sorted key=value list,
// which is how a replay records them.
func (o Options) Explicit() map[string]string {
	m := map[string]string{}
	for k := range o.set {
		m[k] = o.values[k]
	}
	return m
}

// Pairs returns the explicit options as sorted key=value strings.
func (o Options) Pairs() []string {
	var out []string
	for k, v := range o.Explicit() {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}
