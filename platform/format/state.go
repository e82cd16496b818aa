package format

import (
	"context"
	"encoding/json"

	"github.com/seed27749672/arena/platform/store"
)

// ReadState decodes an event state document (a format keeps its rounds,
// votes and finals in its event's state, by name) into v; found is false
// when there is none.
func ReadState(ctx context.Context, st store.Store, eventID int64, name string, v any) (found bool, err error) {
	doc, err := st.EventState(ctx, eventID, name)
	if err != nil || doc == nil {
		return false, err
	}
	return true, json.Unmarshal(doc, v)
}
