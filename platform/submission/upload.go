// Package submission takes the teams' code: an upload (a zip, or a single
// source file) stored and its build queued, the build job's work in the
// sandbox, and the HTTP bot URLs that stand for code.
package submission

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/seed27749672/arena/bot"
	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/kits"
	"github.com/seed27749672/arena/lang"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/event"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/files"
	"github.com/seed27749672/arena/platform/queue"
	"github.com/seed27749672/arena/platform/regproxy"
	"github.com/seed27749672/arena/platform/smoke"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/sandbox"
)

// Submit stores a team's upload (a zip, or a single source file named
// filename) and queues its build.
func (in *Intake) Submit(ctx context.Context, team store.Team, filename string, upload []byte) (store.Submission, error) {
	return in.submit(ctx, team, filename, upload, false)
}

// submit is Submit, of a draft (store.Submission.Draft) or not.
func (in *Intake) submit(ctx context.Context, team store.Team, filename string, upload []byte, draft bool) (store.Submission, error) {
	if int64(len(upload)) > build.DefaultLimits.Zip {
		return store.Submission{}, fault.UserError{Err: fmt.Errorf("the upload is %d bytes, over the limit of %d", len(upload), build.DefaultLimits.Zip)}
	}
	if !build.IsZip(upload) {
		if err := in.checkSource(filename); err != nil {
			return store.Submission{}, fault.UserError{Err: err}
		}
	}
	if filename == "" {
		filename = "upload.zip"
	}
	if err := event.Suspended(team); err != nil {
		return store.Submission{}, err
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
	sub, err := in.Events.Store.CreateSubmission(ctx, store.Submission{TeamID: team.ID, Filename: filename, Draft: draft})
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
	if _, err := q.Insert(ctx, queue.Build{Submission: sub.ID}, in.buildOpts(ctx, team.ID, sub.ID)); err != nil {
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
	if newer, err := in.supersededBy(ctx, sub); err != nil || newer != 0 {
		if err != nil {
			return err
		}
		why := fmt.Sprintf("not built: submission %d replaced it before its build began", newer)
		return in.Events.Store.FinishBuild(ctx, id, store.StatusFailed, "", why, []byte(why+"\n"))
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
	ready := false
	defer func() {
		if !ready { // a failed build's tree is of no use: its log is kept
			os.RemoveAll(dir)
		}
	}()
	fetch := ev.Settings.BuildNetwork == store.BuildNetworkRegistries
	m, root, env, notes, err := in.prepare(ev.Game, sub.Filename, upload, dir, fetch)
	// what the team is shown names no host path (the data directory's)
	scrub := build.NewScrubber(root, dir, in.Events.Dir)
	if err == nil && m.Protocol == "http" && !ev.Settings.HTTPBots {
		err = fmt.Errorf("this event takes no HTTP-server bots (the %s kit): submit another kit, or ask the organiser to allow them (--http-bots)", m.Kit)
	}
	if err != nil {
		why := scrub.String(err.Error())
		return in.Events.Store.FinishBuild(ctx, id, store.StatusFailed, m.Language, why, []byte(why+"\n"))
	}
	m, o := in.setup(m, root, upload, fetch, notes)
	tree, err := build.TreeHash(ev.Game, dir, m)
	if err != nil {
		return fmt.Errorf("build %d: %w", id, err)
	}
	if shared, err := in.share(ctx, sub, tree, m); shared || err != nil {
		return err
	}
	r, err := build.Run(ctx, root, m, env, o)
	if err != nil {
		return fmt.Errorf("build %d: %w", id, err)
	}
	status, errLine := in.verdict(ctx, ev, m, root, dir, &r)
	if status == store.StatusReady {
		if err := in.Builds.ShareBuild(ctx, id); err != nil {
			return err
		}
		if err := in.Events.Store.SetTree(ctx, id, tree, 0); err != nil {
			return err
		}
		ready = true
	}
	// the kit's name (python-http), which says its protocol too
	if err := in.Events.Store.FinishBuild(ctx, id, status, m.Kit, scrub.String(errLine), scrub.Bytes(r.Log)); err != nil || status != store.StatusReady {
		return err
	}
	return in.keepWithinStorage(ctx, sub.TeamID)
}

// setup is a build's options, and its manifest with the installation of
// what a kit declares (fetched where the event's builds reach the
// registries, else from the organiser's caches).
func (in *Intake) setup(m kits.Manifest, root string, upload []byte, fetch bool, notes []string) (kits.Manifest, build.Options) {
	o := in.BuildOptions()
	o.Notes = notes
	if fetch {
		o.Registries = &regproxy.Proxy{Allow: in.RegistryAllow}
	}
	if build.IsZip(upload) && (fetch || o.NPMCache != "" || o.PipCache != "") {
		m = build.WithDependencies(m, root, fetch, o.PipCache != "")
	}
	if l, ok := lang.ByName(m.Language); ok {
		o.ReadOnly = l.Shown()
	}
	return m, o
}

// verdict is a build's status and the line its team is shown: a build
// that ran must also pass checkBuilt, whose refusal ends its log.
func (in *Intake) verdict(ctx context.Context, ev store.Event, m kits.Manifest, root, dir string, r *build.Result) (status, errLine string) {
	if !r.OK {
		return store.StatusFailed, "build " + r.Status
	}
	if err := in.checkBuilt(ctx, ev, m, root, dir); err != nil {
		r.Log = append(r.Log, err.Error()+"\n"...)
		return store.StatusFailed, err.Error()
	}
	return store.StatusReady, ""
}

// checkBuilt is what a successful build must pass to be ready: its tree
// holds no link out of it, and its run command starts in the sandbox as
// a match would start it (package smoke), so that no team is ready and
// unable to play.
func (in *Intake) checkBuilt(ctx context.Context, ev store.Event, m kits.Manifest, root, dir string) error {
	if err := build.CheckLinks(root); err != nil {
		return err
	}
	// the sandbox's identity reads the tree it runs from
	if err := files.ChmodTree(dir); err != nil {
		return err
	}
	g, err := game.Lookup(ev.Game)
	if err != nil {
		return err
	}
	kind := strings.TrimSuffix(kits.Transport(m.Protocol), ":")
	spec := bot.Spec{Name: "smoke", Kind: kind, Target: m.Run, Dir: root}
	if !in.Options.Unsafe { // --unsafe-no-sandbox: bots run uncontained too
		limits := in.Options.Limits
		limits.Memory, limits.Cores = int64(ev.Settings.Memory())<<20, 1
		spec.Sandbox = &limits
	}
	return smoke.Start(ctx, g.Info(), spec)
}

// prepare puts an upload in dir: a zip unpacked, its kit.json naming the
// game's kit it builds as (a Rust project with its own Cargo.toml built
// by cargo); or a single source file alone, built and run by the
// language registry's commands (package lang), so that none of a kit's
// files collides with it and the compiler names the team's own file. It
// returns the kit (Language and Kit: the language's name), its root, its
// build's environment, and the notes its build's log starts with. Its
// build fetches from the registries when fetch is set.
func (in *Intake) prepare(game, filename string, upload []byte, dir string, fetch bool) (m kits.Manifest, root string, env, notes []string, err error) {
	if !build.IsZip(upload) {
		m, env, err := in.prepareFile(game, filename, upload, dir)
		return m, dir, env, nil, err
	}
	src := filepath.Join(dir, "src")
	if err := os.Mkdir(src, 0o755); err != nil {
		return m, "", nil, nil, err
	}
	if err := build.Unpack(upload, src, build.DefaultLimits); err != nil {
		return m, "", nil, nil, err
	}
	root = build.KitRoot(src)
	if err := files.ChmodTree(root); err != nil {
		return m, "", nil, nil, err
	}
	m, err = build.Detect(game, root)
	if err == nil {
		m, notes, err = build.WithCargo(m, root, lang.CrateSource{Directory: lang.CrateRegistry, Fetch: fetch, Index: in.CrateIndex})
	}
	if err == nil {
		err = build.CheckRunFiles(m, root)
	}
	if err != nil {
		return m, "", nil, nil, err
	}
	env, err = in.kitToolchain(m)
	return m, root, env, notes, err
}

// prepareFile writes a single source file and what its language adds
// (TypeScript's declarations of CodinGame's globals, Rust's Cargo.toml).
func (in *Intake) prepareFile(game, filename string, src []byte, dir string) (kits.Manifest, []string, error) {
	b, err := lang.Plan(filename, src)
	if err != nil {
		return kits.Manifest{}, nil, err
	}
	l := b.Language
	m := kits.Manifest{Game: game, Language: l.Name, Kit: l.Name, Build: b.Build, Run: b.Run, Protocol: "stdio"}
	if why := l.Unbuildable(in.toolDirs()); why != "" {
		return m, nil, errors.New(why + " (the organiser installs it)")
	}
	return m, l.BuildEnv(in.toolDirs()), b.Write(dir)
}

// kitToolchain checks that the programs a kit requires are where its
// build finds them, and gives its build's environment (Go's own
// directory first).
func (in *Intake) kitToolchain(m kits.Manifest) ([]string, error) {
	l, ok := lang.ByName(m.Language)
	if !ok {
		l = lang.Language{Title: "the " + m.Language + " kit"}
	}
	l.Tools = m.Requires
	if why := l.Unbuildable(in.toolDirs()); why != "" {
		return nil, fmt.Errorf("the %s kit cannot be built here: %s (the organiser installs it)", m.Kit, why)
	}
	return l.BuildEnv(in.toolDirs()), nil
}

// checkSource refuses at once a single source file that the platform
// cannot build: an unknown extension, a language it lacks.
func (in *Intake) checkSource(filename string) error {
	l, err := build.CheckSourceName(filename)
	if err != nil {
		return err
	}
	if why := l.Unbuildable(in.toolDirs()); why != "" {
		return fmt.Errorf("this platform cannot build %s: %s (ask the organiser)", filename, why)
	}
	return nil
}

// toolDirs are where builds find their programs: ToolDirs, or the
// sandbox's PATH (the host's when builds run uncontained).
func (in *Intake) toolDirs() []string {
	switch {
	case in.ToolDirs != nil:
		return in.ToolDirs
	case in.Options.Unsafe:
		return lang.HostPath()
	}
	return sandbox.Path()
}

// BuildOptions are the builds' options, with the npm and pip caches of
// the data directory when the organiser filled them (arena npm-cache,
// arena pip-cache).
func (in *Intake) BuildOptions() build.Options {
	o := in.Options
	if o.Limits.Cores == 0 {
		// One core a build: a build forking busy loops slows only itself.
		o.Limits.Cores = 1
	}
	if fi, err := os.Stat(filepath.Join(in.Events.Dir, build.NPMCacheDir)); err == nil && fi.IsDir() && o.NPMCache == "" {
		o.NPMCache = filepath.Join(in.Events.Dir, build.NPMCacheDir)
	}
	if fi, err := os.Stat(filepath.Join(in.Events.Dir, build.PipCacheDir)); err == nil && fi.IsDir() && o.PipCache == "" {
		o.PipCache = filepath.Join(in.Events.Dir, build.PipCacheDir)
	}
	return o
}

// BuildTimeout is the longest a build may run: an event's builds that
// fetch from the registries may run longer than the others.
func (in *Intake) BuildTimeout() time.Duration {
	fetching := in.Options
	fetching.Registries = &regproxy.Proxy{}
	return max(in.Options.Limit(), fetching.Limit())
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
	r, err := build.Run(ctx, dir, kits.Manifest{Language: "sh", Build: "true"}, nil, in.Options)
	if err == nil && !r.OK {
		err = fmt.Errorf("%s: %s", r.Status, r.Log)
	}
	if err != nil {
		return fmt.Errorf("builds cannot run in %s: %w", in.Events.Dir, err)
	}
	return nil
}
