package event

import (
	"context"
	"fmt"
	"unicode"

	"github.com/mtibben/confusables"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Names are told apart as people read them, not as bytes: "Victim1",
// "victim1", "vict1m1" in Cyrillic letters, or "victim1" with an
// invisible character inside are one name. A name's key is its NFKC form,
// case-folded, reduced to its Unicode TR39 confusable skeleton, folded
// again; two names with the same key are the same name. Invisible and
// bidirectional control characters, which make a name display as another,
// are refused outright.

// nameKey is the form under which names are unique.
func nameKey(s string) string {
	fold := cases.Fold()
	return fold.String(confusables.Skeleton(fold.String(norm.NFKC.String(s))))
}

// checkVisible refuses the characters that do not show, or that reorder
// what is shown (U+200B, U+202E, U+2066...).
func checkVisible(what, s string) error {
	for _, r := range s {
		if unicode.Is(unicode.Cf, r) || unicode.In(r, unicode.Bidi_Control, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector) {
			return fmt.Errorf("the %s has an invisible or direction-changing character (U+%04X): use visible characters only", what, r)
		}
	}
	return nil
}

// checkNameFree refuses a team name that reads as one the event has.
func (e *Events) checkNameFree(ctx context.Context, eventID int64, name string) error {
	teams, err := e.Store.Teams(ctx, eventID)
	if err != nil {
		return err
	}
	key := nameKey(name)
	for _, t := range teams {
		if nameKey(t.Name) == key {
			return userError{Err: fmt.Errorf("the event already has a team named %q, which reads as %q: choose another name", t.Name, name)}
		}
	}
	return nil
}
