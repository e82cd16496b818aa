package platform

import "context"

// The scheduler's tick begins with the match jobs not finished: how many
// each event has (the casual, final and ranked ones: the places taken) and
// which teams have a promotion game pending. Listing the jobs through
// River decoded every one of them at every tick (up to 10,000), and a
// tick comes every 2 s and at each match's end; the database counts them
// instead (store.Queue's MatchJobs), from the jobs' arguments (matchArgs'
// "event", "kind" and "teams" keys), about 6 times faster
// (BenchmarkMatchJobs). TestMatchJobsAreCountedInTheDatabase checks the
// count against River's list on both drivers, so a River whose table or
// arguments change fails it.

// countMatchJobs counts the unfinished match jobs: by event, those that
// are not promotion games; and the teams (0 for a house bot) of the
// promotion games.
func (p *Platform) countMatchJobs(ctx context.Context) (busy map[int64]int, promoting map[int64]bool, err error) {
	return p.db.MatchJobs(ctx, matchArgs{}.Kind())
}
