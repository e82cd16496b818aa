package event

import (
	"context"
	"crypto/subtle"
	"errors"
	"strings"

	"github.com/seed27749672/arena/platform/store"
)

// The organiser holds one token, made on the server's first start and
// shown once (as a link to the organiser's page), stored as a hash like
// the teams' tokens. `arena organiser token` makes a new one, and the old
// one stops working.

const organiserPrefix = "org"

// Pages of the platform's web interface that the server's links open. The
// secret rides in the fragment, which browsers never send to a server
// (nor in a Referer), so it stays out of logs.
const (
	OrganiserPage = "/platform/organiser"
	JoinPage      = "/platform/join"
)

// OrganiserLink is the link that opens the organiser's page with token.
func OrganiserLink(base, token string) string {
	return strings.TrimSuffix(base, "/") + OrganiserPage + "#" + token
}

// InviteLink is the link that opens an event's join page.
func InviteLink(base, invite string) string {
	return strings.TrimSuffix(base, "/") + JoinPage + "#" + invite
}

// FirstOrganiserToken makes the organiser token when there is none yet
// and returns it (shown this once); "" when one exists already.
func (e *Events) FirstOrganiserToken(ctx context.Context) (string, error) {
	token, key, hash := store.NewSecret(organiserPrefix)
	made, err := e.Store.SetOrganiser(ctx, key, hash, false)
	if err != nil || !made {
		return "", err
	}
	return token, nil
}

// NewOrganiserToken makes a new organiser token, which replaces the old
// one (for an organiser who lost it), and returns it, shown this once.
func (e *Events) NewOrganiserToken(ctx context.Context) (string, error) {
	token, key, hash := store.NewSecret(organiserPrefix)
	_, err := e.Store.SetOrganiser(ctx, key, hash, true)
	return token, err
}

// AuthenticateOrganiser checks the organiser's token: store.ErrBadSecret
// for any other.
func (e *Events) AuthenticateOrganiser(ctx context.Context, token string) error {
	key, hash, err := store.ParseSecret(organiserPrefix, token)
	if err != nil {
		return store.ErrBadSecret
	}
	stored, sh, err := e.Store.Organiser(ctx)
	if errors.Is(err, store.ErrNotFound) {
		return store.ErrBadSecret
	}
	if err != nil {
		return err
	}
	if subtle.ConstantTimeCompare([]byte(key), []byte(stored)) != 1 || !store.SameHash(hash, sh) {
		return store.ErrBadSecret
	}
	return nil
}

// IsOrganiserToken tells an organiser token from a team's by its prefix
// (both are checked in full afterwards).
func IsOrganiserToken(token string) bool {
	return strings.HasPrefix(token, organiserPrefix+"-")
}

// NewInvite gives an event a new invitation, shown this once; the old one
// stops working.
func (e *Events) NewInvite(ctx context.Context, eventID int64) (string, error) {
	invite, key, hash := store.NewSecret(invitePrefix)
	return invite, e.Store.SetInvite(ctx, eventID, key, hash)
}
