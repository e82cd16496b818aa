package event_test

import (
	"context"
	"strings"
	"testing"

	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/platformtest"
)

// The impersonations tried on the platform: a team joins as "victim1",
// then others try names that read the same.
func TestTeamNamesAreUniqueAsRead(t *testing.T) {
	ctx := context.Background()
	p := platformtest.Open(t)
	_, invite, _ := p.CreateEvent(ctx, "ants", "Spring", nil)
	if _, _, err := p.Join(ctx, invite, "victim1"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, want string }{
		{"Victim1", "reads as"},        // case
		{"VICTIM1", "reads as"},        // case
		{"ｖｉｃｔｉｍ１", "reads as"},        // full-width (NFKC)
		{"viсtim1", "reads as"},        // Cyrillic с
		{"victim\u200b1", "invisible"}, // zero-width space
		{"\u202evictim1", "invisible"}, // right-to-left override
		{"victim1\u2066", "invisible"}, // isolate
		{"vic\u00adtim1", "invisible"}, // soft hyphen
		{"victim\u31641", "invisible"}, // Hangul filler
		{"victim1\ufe0f", "invisible"}, // variation selector
		{"victim1 ", "space"},          // trailing space
		{"victim\u00001", "control"},   // NUL
	} {
		_, _, err := p.Join(ctx, invite, c.name)
		if !fault.IsUser(err) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Join(%q): %v; want a refusal saying %q", c.name, err, c.want)
		}
	}
	for _, ok := range []string{"victim2", "Équipe Été", "東京チーム", "the victims"} {
		if _, _, err := p.Join(ctx, invite, ok); err != nil {
			t.Errorf("Join(%q): %v", ok, err)
		}
	}
	if _, _, err := p.Join(ctx, invite, "Owls", "Ann", "ANN"); !fault.IsUser(err) {
		t.Errorf("members Ann and ANN: %v", err)
	}
}
