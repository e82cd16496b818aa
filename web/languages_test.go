package web

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/seed27749672/arena/lang"
)

// The team's page offers for upload the extensions of the language
// registry, no more and no fewer, and names each of its languages.
func TestTheUploadPageOffersTheRegistrysLanguages(t *testing.T) {
	js, err := os.ReadFile("platform/team.js")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`const SOURCES = \[([^\]]*)\]`).FindSubmatch(js)
	if m == nil {
		t.Fatal("no SOURCES in team.js")
	}
	var offered []string
	for _, q := range strings.Split(string(m[1]), ",") {
		offered = append(offered, strings.Trim(strings.TrimSpace(q), "'"))
	}
	slices.Sort(offered)
	if want := lang.Extensions(); !slices.Equal(offered, want) {
		t.Errorf("the page offers %q, the registry builds %q", offered, want)
	}
	for _, l := range lang.All() {
		if !strings.Contains(string(js), "'"+l.Title) && !strings.Contains(string(js), l.Name+": ") {
			t.Errorf("the page does not name %s", l.Name)
		}
	}
}
