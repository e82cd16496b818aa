package stages_test

import (
	"testing"

	"github.com/seed27749672/arena/platform/store/pgtest"
)

// The tests may ask for a PostgreSQL database (pgtest.URL).
func TestMain(m *testing.M) { pgtest.Main(m) }
