// Package event is the platform's events: creating and changing them
// with their settings (checked against the game), teams that join with an
// invitation, the teams' and the organiser's tokens, and the organiser's
// controls (casual games, frozen submissions, the final ranking, the
// publication of the results). It keeps no state of its own: the store
// holds everything.
package event

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/store"
)

// Secret prefixes: a token says what it opens.
const (
	invitePrefix = "invite"
	tokenPrefix  = "team"
)

// Events are the events of a data directory or database, with their
// teams, tokens, settings and organiser's controls.
type Events struct {
	Store store.Store
	Dir   string // the data directory: its maps/ folder holds the organiser's maps
	// OwnFinal refuses the final ranking for an event whose format has a
	// final of its own (the platform asks its formats); nil refuses none.
	OwnFinal func(ev store.Event) error

	joinMu sync.Mutex // joins check names one at a time (names.go)
}

// CreateEvent makes an event for a game with its options (k=v, checked
// against the game's) and the default settings; see CreateEventWith.
func (e *Events) CreateEvent(ctx context.Context, gameName, name string, opts []string) (store.Event, string, error) {
	return e.CreateEventWith(ctx, gameName, name, opts, store.DefaultSettings())
}

// CreateEventWith makes an event for a game with its options and settings
// (checked against the game: CheckSettings) and returns it with its
// invitation, which is shown this once: only its hash is kept.
func (e *Events) CreateEventWith(ctx context.Context, gameName, name string, opts []string, s store.Settings) (store.Event, string, error) {
	g, err := game.Lookup(gameName)
	if err != nil {
		return store.Event{}, "", userError{Err: err}
	}
	if _, err := kits.Languages(gameName); err != nil {
		return store.Event{}, "", userError{Err: fmt.Errorf("%s has no starter kits, so teams could not build bots for it", gameName)}
	}
	ev := store.Event{Game: gameName, Name: name}
	if ev, err = e.checkEvent(g, ev, opts, s); err != nil {
		return store.Event{}, "", err
	}
	invite, key, hash := store.NewSecret(invitePrefix)
	ev, err = e.Store.CreateEvent(ctx, ev, key, hash)
	return ev, invite, err
}

// checkEvent checks an event's name, options (k=v) and settings, and
// returns it with them; a refusal is a userError.
func (e *Events) checkEvent(g game.Game, ev store.Event, opts []string, s store.Settings) (store.Event, error) {
	if err := checkName("event name", ev.Name); err != nil {
		return ev, userError{Err: err}
	}
	options := map[string]string{}
	for _, kv := range opts {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return ev, userError{Err: fmt.Errorf("option %q must be written key=value", kv)}
		}
		if _, dup := options[k]; dup {
			return ev, userError{Err: fmt.Errorf("option %s is given twice", k)}
		}
		options[k] = v
	}
	s, err := e.CheckSettings(g, options, s)
	if err != nil {
		return ev, userError{Err: err}
	}
	ev.Options, ev.Settings = options, s
	return ev, nil
}

// UpdateEvent changes an event's name, options and settings (nil opts
// keeps its options); its game and invitation stay. Matches already
// queued play as they were chosen.
func (e *Events) UpdateEvent(ctx context.Context, id int64, name string, opts []string, s store.Settings) (store.Event, error) {
	ev, err := e.Store.Event(ctx, id)
	if err != nil {
		return ev, err
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return ev, err
	}
	if opts == nil {
		for k, v := range ev.Options {
			opts = append(opts, k+"="+v)
		}
	}
	ev.Name = name
	if ev, err = e.checkEvent(g, ev, opts, s); err != nil {
		return ev, err
	}
	return ev, e.Store.UpdateEvent(ctx, ev)
}

// checkName accepts a display name: 1 to 64 characters, printable, no
// leading or trailing space.
func checkName(what, s string) error {
	switch {
	case s == "":
		return fmt.Errorf("the %s is empty", what)
	case !utf8.ValidString(s) || utf8.RuneCountInString(s) > 64:
		return fmt.Errorf("the %s must be at most 64 characters of text", what)
	case strings.TrimSpace(s) != s:
		return fmt.Errorf("the %s must not start or end with a space", what)
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return fmt.Errorf("the %s has a control character", what)
		}
	}
	return checkVisible(what, s)
}

// maxMembers bounds a team's list of members.
const maxMembers = 20

// Join adds a team to the event the invitation opens, with its members'
// display names, and returns the team with its token, shown this once.
func (e *Events) Join(ctx context.Context, invite, name string, members ...string) (store.Team, string, error) {
	key, hash, err := store.ParseSecret(invitePrefix, invite)
	if err != nil {
		return store.Team{}, "", ErrBadInvite
	}
	ev, stored, err := e.Store.EventByInvite(ctx, key)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !store.SameHash(hash, stored)) {
		return store.Team{}, "", ErrBadInvite
	}
	if err != nil {
		return store.Team{}, "", err
	}
	if end := ev.Settings.End; !end.IsZero() && !time.Now().Before(end) {
		// an invitation is for the event's teams: once it ended, it makes no more
		return store.Team{}, "", userError{Err: fmt.Errorf("the event %q ended at %s: it takes no more teams", ev.Name, end.UTC().Format(time.RFC3339))}
	}
	if err := checkName("team name", name); err != nil {
		return store.Team{}, "", userError{Err: err}
	}
	if err := checkMembers(members); err != nil {
		return store.Team{}, "", userError{Err: err}
	}
	// One join at a time checks names, so that two teams cannot both
	// take names that read the same (the store's unique name is byte for
	// byte).
	e.joinMu.Lock()
	defer e.joinMu.Unlock()
	if err := e.checkNameFree(ctx, ev.ID, name); err != nil {
		return store.Team{}, "", err
	}
	token, tkey, thash := store.NewSecret(tokenPrefix)
	t, err := e.Store.CreateTeam(ctx, store.Team{EventID: ev.ID, Name: name, Members: append([]string{}, members...)}, tkey, thash)
	if errors.Is(err, store.ErrConflict) {
		return t, "", userError{Err: fmt.Errorf("the event already has a team named %q: choose another name", name)}
	}
	return t, token, err
}

// checkMembers checks members' display names as team names, at most
// maxMembers, none twice.
func checkMembers(members []string) error {
	if len(members) > maxMembers {
		return fmt.Errorf("a team has at most %d members, not %d", maxMembers, len(members))
	}
	for i, m := range members {
		if err := checkName("member name", m); err != nil {
			return fmt.Errorf("member %d: %w", i+1, err)
		}
		if slices.ContainsFunc(members[:i], func(o string) bool { return nameKey(o) == nameKey(m) }) {
			return fmt.Errorf("member %q is named twice", m)
		}
	}
	return nil
}

// userError is a request's fault, said so that the user can fix it (the
// API answers it with 400, not 500).
type userError = fault.UserError

var ErrBadInvite = errors.New("this invitation is not valid (ask the organiser for the event's invitation)")

// Authenticate returns the team a token belongs to.
func (e *Events) Authenticate(ctx context.Context, token string) (store.Team, error) {
	key, hash, err := store.ParseSecret(tokenPrefix, token)
	if err != nil {
		return store.Team{}, store.ErrBadSecret
	}
	t, stored, err := e.Store.TeamByToken(ctx, key)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !store.SameHash(hash, stored)) {
		return store.Team{}, store.ErrBadSecret
	}
	return t, err
}
