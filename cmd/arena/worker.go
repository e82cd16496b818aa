package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform"
	"github.com/seed27749672/arena/platform/apitypes"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/submission"
	"github.com/seed27749672/arena/platform/worker"
	"github.com/seed27749672/arena/sandbox"
)

// The platform on many machines: arena worker builds and plays on each
// match machine, arena workers lists them, arena migrate brings a database
// up to date.
func init() {
	var (
		db, data     string
		cores        int
		builds       int
		teamStorage  int
		buildTimeout time.Duration
		heartbeat    time.Duration
		unsafe       bool
		scale        timeScale
		pressure     float64
	)
	cmd := &cobra.Command{
		Use:   "worker --db URL [--cores N]",
		Short: "Build and play the platform's jobs on this machine, for the server of a PostgreSQL database",
		Long: `Run on each match machine of a platform on PostgreSQL (arena serve --db URL):
the worker takes build and match jobs from the database's queue, as many
matches at once as its cores allow (a match of process bots needs a core per
bot: cores/2 two-player matches), builds and plays them sandboxed in its own
directory (--data, default a directory in /tmp), and records the results.
Uploads, builds and replays travel through the database: the workers and the
server share nothing else.

It reports a heartbeat every --heartbeat (arena workers lists them). If it
stops beating for 6 heartbeats (killed, or its machine lost), the jobs it was
running go back to the queue for another worker; a match it was playing is
played again, never counted twice. Stop it with Ctrl-C or SIGTERM: it lets
its running jobs end for up to 10 seconds.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if cores < 1 || builds < 0 || buildTimeout <= 0 || heartbeat <= 0 {
				return fmt.Errorf("--cores must be at least 1, --build-workers at least 0, --build-timeout and --heartbeat positive")
			}
			if !unsafe {
				if err := sandbox.Ready(); err != nil {
					return fmt.Errorf("the worker builds and runs teams' code only in the sandbox, and %v (see: arena sandbox check; --unsafe-no-sandbox runs it uncontained)", err)
				}
			}
			ctx, stop := interruptible()
			defer stop()
			p, err := platform.OpenEither(ctx, data, db)
			if err != nil {
				return err
			}
			defer p.Close()
			log := slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), nil))
			slots := max(1, cores/2)
			if err := p.StartJobs(ctx, worker.Options{Role: worker.RoleWorker, Workers: builds, TeamStorage: int64(teamStorage) << 20, Matches: slots, Cores: cores,
				Heartbeat: heartbeat, Log: log, Build: build.Options{Timeout: buildTimeout, Unsafe: unsafe}, TimeScale: scale.factor(), Pressure: pressure}); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "Arena worker %s: %d cores, %d matches at once, working in %s\n", p.WorkerID(), cores, slots, p.Dir)
			if unsafe {
				fmt.Fprintln(cmd.ErrOrStderr(), "WARNING: --unsafe-no-sandbox: teams' builds and bots run uncontained on this machine")
			}
			<-ctx.Done()
			shut, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			return p.StopJobs(shut)
		},
	}
	cmd.Flags().StringVar(&db, "db", "", "the platform's PostgreSQL database (as given to arena serve --db)")
	cmd.Flags().StringVar(&data, "data", "", "this worker's own directory for uploads and build trees (default: a new temporary directory, removed when it stops)")
	cmd.Flags().IntVar(&cores, "cores", runtime.NumCPU(), "CPU cores the matches may use")
	cmd.Flags().IntVar(&teamStorage, "team-storage-mib", submission.DefaultTeamStorage>>20, "MiB of uploads and build trees a team keeps on this worker; over it, its oldest submissions' files go first (here and in the database)")
	cmd.Flags().IntVar(&builds, "build-workers", 0, "builds run at once (0: a quarter of --cores, at least 1)")
	cmd.Flags().DurationVar(&buildTimeout, "build-timeout", 5*time.Minute, "a build is stopped after this long")
	cmd.Flags().DurationVar(&heartbeat, "heartbeat", worker.DefaultHeartbeat, "how often the worker reports (use the same on every worker: one silent for 6 of its own is taken for lost)")
	scale.add(cmd.Flags())
	cmd.Flags().Float64Var(&pressure, "cpu-pressure", 60, "hold each match back, a few seconds at most, while this machine's CPU pressure (PSI some avg10, percent) is above this (0: never), so that its bots are not starved")
	cmd.Flags().BoolVar(&unsafe, "unsafe-no-sandbox", false, "on a machine that cannot sandbox: build and run teams' code UNCONTAINED (only for code you trust)")
	cmd.MarkFlagRequired("db")
	rootCmd.AddCommand(cmd)

	var asJSON bool
	workers := &cobra.Command{
		Use:   "workers --db URL",
		Short: "List the workers of a platform on PostgreSQL: machine, cores, matches running and done",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			p, err := openPlatform(cmd, "")
			if err != nil {
				return err
			}
			defer p.Close()
			ws, err := p.Workers(cmd.Context())
			if err != nil {
				return err
			}
			return printWorkers(cmd.OutOrStdout(), ws, asJSON)
		},
	}
	workers.Flags().String("db", "", "the platform's PostgreSQL database (as given to arena serve --db)")
	workers.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	workers.MarkFlagRequired("db")
	rootCmd.AddCommand(workers)

	var mdata string
	migrate := &cobra.Command{
		Use:   "migrate --db URL | --data DIR",
		Short: "Bring a platform database's schema (and its job queue's) up to date",
		Long: `Create or update the tables of a platform database: the platform's own and
its job queue's (River). arena serve and arena worker do it too when they
start; run it first to update a shared database once, before the new servers
and workers start. It refuses a database a newer arena has migrated.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			p, err := openPlatform(cmd, mdata)
			if err != nil {
				return err
			}
			defer p.Close()
			fmt.Fprintln(cmd.OutOrStdout(), "the database is up to date")
			return nil
		},
	}
	var ignored bool
	addDataFlags(migrate, &mdata, &ignored)
	migrate.Flags().MarkHidden("json")
	rootCmd.AddCommand(migrate)
}

func printWorkers(out io.Writer, ws []apitypes.WorkerStatus, asJSON bool) error {
	if asJSON {
		list := []map[string]any{}
		for _, w := range ws {
			list = append(list, apitypes.WorkerJSON(w))
		}
		return writeJSONTo(out, list)
	}
	if len(ws) == 0 {
		fmt.Fprintln(out, "no worker has reported (start one: arena worker --db URL)")
		return nil
	}
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "WORKER\tMACHINE\tCORES\tRUNNING\tDONE\tLAST SEEN\tSTATE")
	now := time.Now()
	for _, w := range ws {
		state := "alive"
		if !w.Alive {
			state = "lost"
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d/%d\t%d\t%s ago\t%s\n", w.ID, w.Host, w.Cores, w.Running, w.Slots, w.Done,
			now.Sub(w.Seen).Round(time.Second), state)
	}
	return tw.Flush()
}
