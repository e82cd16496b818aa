package store

import (
	"context"
	"encoding/json"
)

// ReadState decodes an event state document (the organiser's controls, a
// format's rounds, votes and finals, by name) into v; found is false when
// there is none.
func ReadState(ctx context.Context, st Store, eventID int64, name string, v any) (found bool, err error) {
	doc, err := st.EventState(ctx, eventID, name)
	if err != nil || doc == nil {
		return false, err
	}
	return true, json.Unmarshal(doc, v)
}

// WriteState writes v as an event state document, whole (a format that
// must keep a concurrent change updates it with Store.UpdateEventState
// instead). It is written even when ctx ends: a stage's record must not
// be lost to a stopping server.
func WriteState(ctx context.Context, st Store, eventID int64, name string, v any) error {
	doc, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = st.UpdateEventState(context.WithoutCancel(ctx), eventID, name, func([]byte) ([]byte, error) { return doc, nil })
	return err
}
