package platform

import (
	"github.com/seed27749672/arena/platform/files"
)

// Replays keeps the platform's replays (package files).
type Replays = files.Replays
