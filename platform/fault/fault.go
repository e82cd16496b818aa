// Package fault tells whose fault an error is. An error wrapped in
// UserError is the request's: said so that the organiser or the team can
// fix it, and answered by the API with 400, not 500. Every platform
// package that refuses a request (events, formats, the API) shares it, so
// that a refusal made deep in a format still reaches the user as one.
package fault

import "errors"

// UserError is a request's fault.
type UserError struct{ Err error }

func (e UserError) Error() string { return e.Err.Error() }

// Unwrap lets errors.Is see the cause.
func (e UserError) Unwrap() error { return e.Err }

// User marks err as the request's fault (nil stays nil).
func User(err error) error {
	if err == nil {
		return nil
	}
	return UserError{err}
}

// IsUser says whether err, or an error it wraps, is the request's fault.
func IsUser(err error) bool {
	var ue UserError
	return errors.As(err, &ue)
}
