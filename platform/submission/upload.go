// Package submission takes the teams' code: an upload (a zip, or a single
// source file) stored and its build queued, the build job's work in the
// sandbox, and the HTTP bot URLs that stand for code.
package submission

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/files"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/store"
)

// Submit stores a team's upload (a zip, or a single source file named
// filename) and queues its build.
func (in *Intake) Submit(ctx context.Context, team store.Team, filename string, upload []byte) (store.Submission, error) {
	if int64(len(upload)) > build.DefaultLimits.Zip {
		return store.Submission{}, fault.UserError{Err: fmt.Errorf("the upload is %d bytes, over the limit of %d", len(upload), build.DefaultLimits.Zip)}
	}
	if !build.IsZip(upload) {
		if err := build.CheckSourceName(filename); err != nil {
			return store.Submission{}, fault.UserError{Err: err}
		}
	}
	if filename == "" {
		filename = "upload.zip"
	}
	ev, err := in.Events.Store.Event(ctx, team.EventID)
	if err != nil {
		return store.Submission{}, err
	}
	if err := event.CheckOpen(ev, time.Now()); err != nil {
		return store.Submission{}, fault.UserError{Err: err}
	}
	if err := in.Events.CheckNotFrozen(ctx, team.EventID); err != nil {
		return store.Submission{}, err
	}
	q, err := in.Jobs.Client()
	if err != nil {
		return store.Submission{}, err
	}
	sub, err := in.Events.Store.CreateSubmission(ctx, store.Submission{TeamID: team.ID, Filename: filename})
	if err != nil {
		return sub, err
	}
	if err := os.MkdirAll(filepath.Dir(in.Builds.UploadPath(sub.ID)), 0o700); err != nil {
		return sub, err
	}
	if err := os.WriteFile(in.Builds.UploadPath(sub.ID), upload, 0o600); err != nil {
		return sub, err
	}
	if err := in.Builds.ShareUpload(ctx, sub.ID, upload); err != nil {
		return sub, err
	}
	if _, err := q.Insert(ctx, queue.Build{Submission: sub.ID}, nil); err != nil {
		in.Events.Store.FinishBuild(ctx, sub.ID, store.StatusFailed, "", "the build could not be queued", nil)
		return sub, err
	}
	return sub, nil
}

// build runs one submission's build and records its end. It may run again
// for the same submission (a retried job): it starts from the upload each
// time. The error is for the platform's failures (River retries them); a
// team's failed build is recorded and is no error.
func (in *Intake) Build(ctx context.Context, id int64) error {
	sub, err := in.Events.Store.Submission(ctx, id)
	if err != nil {
		return err
	}
	if sub.Status == store.StatusReady || sub.Status == store.StatusFailed {
		// its job run again after its end was recorded (a server stopped
		// before River knew): the tree stays, as later builds may share it
		return nil
	}
	if sub.Language == store.LanguageURL { // an HTTP bot URL: nothing to build
		return in.finishURL(ctx, id)
	}
	team, err := in.Events.Store.Team(ctx, sub.TeamID)
	if err != nil {
		return err
	}
	ev, err := in.Events.Store.Event(ctx, team.EventID)
	if err != nil {
		return err
	}
	if err := in.Events.Store.SetBuildStatus(ctx, id, store.StatusBuilding); err != nil {
		return err
	}
	upload, err := in.Builds.ReadUpload(ctx, id)
	if err != nil {
		return err
	}
	dir := in.Builds.BuildDir(id)
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	// the sandbox's unprivileged identity reaches the tree while it builds,
	// and reads it when the bot plays: a sandbox shows a bot or a build its
	// own tree only, never the data directory
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	defer files.ChmodTree(dir)
	lang, root, err := prepare(ev.Game, sub.Filename, upload, dir)
	if err != nil {
		return in.Events.Store.FinishBuild(ctx, id, store.StatusFailed, lang, err.Error(), []byte(err.Error()+"\n"))
	}
	m, err := build.Detect(ev.Game, root)
	if err == nil && m.Protocol == "http" && !ev.Settings.HTTPBots {
		err = fmt.Errorf("this event takes no HTTP-server bots (the %s kit): submit another kit, or ask the organiser to allow them (--http-bots)", m.Kit)
	}
	if err != nil {
		return in.Events.Store.FinishBuild(ctx, id, store.StatusFailed, lang, err.Error(), []byte(err.Error()+"\n"))
	}
	tree, err := build.TreeHash(ev.Game, dir, m)
	if err != nil {
		return fmt.Errorf("build %d: %w", id, err)
	}
	if shared, err := in.share(ctx, sub, tree, m); shared || err != nil {
		return err
	}
	r, err := build.Run(ctx, root, m, in.BuildOptions())
	if err != nil {
		return fmt.Errorf("build %d: %w", id, err)
	}
	status, errLine := store.StatusReady, ""
	if !r.OK {
		status, errLine = store.StatusFailed, "build "+r.Status
	} else if err := build.CheckLinks(root); err != nil {
		status, errLine = store.StatusFailed, err.Error()
		r.Log = append(r.Log, err.Error()+"\n"...)
	}
	if status == store.StatusReady {
		if err := in.Builds.ShareBuild(ctx, id); err != nil {
			return err
		}
		if err := in.Events.Store.SetTree(ctx, id, tree, 0); err != nil {
			return err
		}
	}
	// the kit's name (python-http), which says its protocol too
	return in.Events.Store.FinishBuild(ctx, id, status, m.Kit, errLine, r.Log)
}

// prepare puts an upload in dir: a zip unpacked, or a single source file
// in its kit. It returns the language when known and the kit's root.
func prepare(gameName, filename string, upload []byte, dir string) (string, string, error) {
	if build.IsZip(upload) {
		src := filepath.Join(dir, "src")
		if err := os.Mkdir(src, 0o755); err != nil {
			return "", "", err
		}
		if err := build.Unpack(upload, src, build.DefaultLimits); err != nil {
			return "", "", err
		}
		root := build.KitRoot(src)
		return "", root, files.ChmodTree(root)
	}
	lang, err := build.PrepareFile(gameName, filename, upload, dir)
	return lang, dir, err
}

// BuildOptions are the builds' options, with the npm cache of the data
// directory when the organiser filled one (arena npm-cache).
func (in *Intake) BuildOptions() build.Options {
	o := in.Options
	if fi, err := os.Stat(filepath.Join(in.Events.Dir, build.NPMCacheDir)); err == nil && fi.IsDir() && o.NPMCache == "" {
		o.NPMCache = filepath.Join(in.Events.Dir, build.NPMCacheDir)
	}
	return o
}

func (in *Intake) BuildTimeout() time.Duration {
	if in.Options.Timeout > 0 {
		return in.Options.Timeout
	}
	return 5 * time.Minute
}

// CheckBuilds runs an empty build where builds run, so that a data
// directory the sandbox cannot reach stops the server at start rather
// than failing every build.
func (in *Intake) CheckBuilds(ctx context.Context) error {
	if in.Options.Unsafe {
		return nil
	}
	dir := filepath.Join(in.Events.Dir, "builds", "check")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	r, err := build.Run(ctx, dir, kits.Manifest{Language: "sh", Build: "true"}, in.Options)
	if err == nil && !r.OK {
		err = fmt.Errorf("%s: %s", r.Status, r.Log)
	}
	if err != nil {
		return fmt.Errorf("builds cannot run in %s: %w", in.Events.Dir, err)
	}
	return nil
}
