package submission_test

import (
	"testing"

	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store/pgtest"
)

// The tests may ask for a PostgreSQL database (pgtest.URL).
func TestMain(m *testing.M) { pgtest.Main(m) }

// TestFlowsOnPostgres runs again, on PostgreSQL, the tests that open
// their platform with platformtest.Open: the same flows on both drivers.
func TestFlowsOnPostgres(t *testing.T) {
	platformtest.OnPostgres(t, map[string]func(*testing.T){
		"SubmitRefusesWhatCannotBuild": TestSubmitRefusesWhatCannotBuild,
		"TheSameTreeIsBuiltOnce":       TestTheSameTreeIsBuiltOnce,
	})
}
