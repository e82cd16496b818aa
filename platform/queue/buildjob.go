package queue

import "github.com/riverqueue/river"

// Build is a build job: the submission to build. Its JSON is River's
// stored job, as Match's is.
type Build struct {
	Submission int64 `json:"submission"`
}

// Kind is River's name of the job kind.
func (Build) Kind() string { return "build" }

// InsertOpts make a submission's build job unique: queuing it again (the
// sweep of StartJobs) while one is pending or running adds nothing.
func (Build) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}
