package submission

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/seed27749672/arena/platform/files"
	"github.com/seed27749672/arena/platform/store"
)

// A team's storage is capped: each new ready build may push its uploads
// and build trees over TeamStorage, and then its oldest submissions lose
// their files first, down to the cap. The active submission, and any
// whose build has not ended, are never touched; an evicted submission
// stays listed, failed, with why (it can no longer be chosen again).
// Each build's tree is capped on its own (sandbox Limits.Disk), each
// upload too (build.DefaultLimits.Zip): together they bound what one team
// can make the platform keep. A tree that another submission shares (a
// build cached by its content) is never evicted.

// DefaultTeamStorage is a team's storage cap when none is set.
const DefaultTeamStorage = 1 << 30

// keepWithinStorage evicts the team's oldest submissions' files while its
// storage is over the cap.
func (in *Intake) keepWithinStorage(ctx context.Context, teamID int64) error {
	limit := in.TeamStorage
	if limit <= 0 {
		limit = DefaultTeamStorage
	}
	team, err := in.Events.Store.Team(ctx, teamID)
	if err != nil {
		return err
	}
	subs, err := in.Events.Store.Submissions(ctx, teamID)
	if err != nil {
		return err
	}
	slices.SortFunc(subs, func(a, b store.Submission) int { return int(a.ID - b.ID) })
	used, sizes := int64(0), map[int64]int64{}
	for _, s := range subs {
		sizes[s.ID] = in.stored(s.ID)
		used += sizes[s.ID]
	}
	for _, s := range subs {
		if used <= limit {
			break
		}
		if s.ID == team.Active || s.Language == store.LanguageURL || (s.Status != store.StatusReady && s.Status != store.StatusFailed) {
			continue
		}
		size := sizes[s.ID]
		if size == 0 {
			continue
		}
		// a build tree that another submission plays (a cached build,
		// perhaps another team's) stays
		if shared, err := in.Events.Store.SharedBy(ctx, s.ID); err != nil || shared {
			if err != nil {
				return err
			}
			continue
		}
		if err := in.evict(ctx, s, limit); err != nil {
			return err
		}
		used -= size
	}
	return nil
}

// stored is the bytes a submission keeps on this machine.
func (in *Intake) stored(id int64) int64 {
	n := int64(0)
	if fi, err := os.Stat(in.Builds.UploadPath(id)); err == nil {
		n += fi.Size()
	}
	filepath.WalkDir(in.Builds.BuildDir(id), func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if fi, err := d.Info(); err == nil {
				n += fi.Size()
			}
		}
		return nil
	})
	return n
}

// evict removes a submission's files, here and in the database, and
// records why.
func (in *Intake) evict(ctx context.Context, s store.Submission, limit int64) error {
	why := fmt.Sprintf("its files were removed: the team's storage was over its cap of %d MiB (its oldest submissions go first)", limit>>20)
	if err := in.Events.Store.FinishBuild(ctx, s.ID, store.StatusFailed, s.Language, why, []byte(why+"\n")); err != nil {
		return err
	}
	for _, name := range []string{files.UploadFile(s.ID), files.ArtifactFile(s.ID)} {
		if err := in.Events.Store.DeleteFile(ctx, name); err != nil {
			return err
		}
	}
	return in.Builds.Remove(s.ID)
}
