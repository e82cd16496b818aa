package submission

import (
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/files"
	"github.com/seed27749672/arena/platform/queue"
)

// Intake takes an event's submissions and builds them.
type Intake struct {
	Events *event.Events
	Jobs   *queue.Jobs
	Builds *files.Builds
	// Options are the builds' (the workers' start sets them); the data
	// directory's npm cache is added when the organiser filled one
	// (BuildOptions).
	Options build.Options
	// TeamStorage caps the bytes of a team's uploads and build trees on
	// this machine (0: DefaultTeamStorage); see storage.go.
	TeamStorage int64
	// ToolDirs are where builds find their programs, for the check of a
	// language's toolchain; nil: the sandbox's PATH (the host's when
	// builds run uncontained).
	ToolDirs []string
	// RegistryAllow, when not nil, is the allow-list of the registry
	// proxy of builds that fetch (tests: a local registry); nil:
	// regproxy.Registries.
	RegistryAllow []string
	// CrateIndex, when set, is the URL of a sparse crate registry that a
	// Rust project's build fetches from in place of crates.io (tests: a
	// local registry, in RegistryAllow).
	CrateIndex string
}
