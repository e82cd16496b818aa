package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/web"
)

func init() {
	var (
		addr, dir     string
		allowCommands bool
		cores         int
		hosts         []string
		maps          string
		limits        web.Limits
		pf            platformFlags
	)
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the web viewer: recorded matches, live matches started from the page",
		Long: `Serve the web viewer on http://localhost:8080 (--addr).

The home page lists the games and the matches of the replay directory
(--replays, default ./replays; write replays there with
"arena play ... --replay replays/NAME.json"), newest first, and starts new
matches that every open viewer can follow live. Only builtin bots can be
started from the page unless --allow-commands is given: then anyone who can
reach the server can run programs on this machine, so keep it local.

The server answers for localhost names, IP addresses and the name of
--addr; give the names it is reached by with --host (a page whose name
resolves to this machine is refused otherwise). Game options that name
files (maps, arenas, spawn files) may only name an entry of --maps from the
page. Matches started from the page are bounded (--max-match-time,
--max-turns, a pause of at most 5 s, a replay of at most 64 MB) and can be
stopped from their page. docs/viewer.md ("Security") says what is safe to
expose.

With --data DIR it also serves the competition platform's API under
/api/platform/: teams join the events of DIR (arena event create) with their
invitation and submit bots (arena submit); each submission is built in the
sandbox, and the teams' active bots play casual matches continuously, rated
with OpenSkill (arena leaderboard). docs/platform.md says what it does.

With --db postgres://... it serves the same platform on a PostgreSQL
database shared with the machines that run arena worker: this server
schedules the matches, the workers build and play them (docs/platform.md,
"Many machines").`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return fmt.Errorf("replay directory: %w", err)
			}
			log := slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), nil))
			if h, _, err := net.SplitHostPort(addr); err == nil && h != "" {
				hosts = append(hosts, h) // the name it listens on answers too
			}
			srv := &web.Server{Replays: dir, AllowCommands: allowCommands, Cores: cores, Hosts: hosts, Maps: maps, Limits: limits, Log: log}
			stopPlatform, err := pf.start(cmd, srv, log)
			if err != nil {
				return err
			}
			defer stopPlatform()
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return err
			}
			hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second,
				ReadTimeout: time.Minute, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10}
			fmt.Fprintf(cmd.OutOrStdout(), "Arena viewer on http://%s (replays in %s)\n", displayAddr(ln.Addr()), dir)
			pf.announce(cmd.OutOrStdout(), "http://"+displayAddr(ln.Addr()))
			ctx, stop := interruptible()
			defer stop()
			go func() {
				<-ctx.Done()
				shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				hs.Shutdown(shut)
			}()
			err = hs.Serve(ln)
			srv.Close()
			if errors.Is(err, http.ErrServerClosed) {
				return nil
			}
			return err
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&addr, "addr", "localhost:8080", "address to listen on")
	fl.StringVar(&dir, "replays", "replays", "directory of replays to list and to save new matches in")
	fl.BoolVar(&allowCommands, "allow-commands", false, "allow matches between command bots from the page (runs programs on this machine)")
	fl.StringArrayVar(&hosts, "host", nil, "a host name the server is reached by, besides localhost and IP addresses (repeat for several; * for any)")
	fl.StringVar(&maps, "maps", "", "a directory of map files (maps, arenas, spawn files) that the page may name in game options; no other file can be named from the page")
	fl.DurationVar(&limits.MaxDuration, "max-match-time", web.DefaultLimits.MaxDuration, "a match started from the page is stopped after this long, pauses included")
	fl.IntVar(&limits.MaxTurns, "max-turns", web.DefaultLimits.MaxTurns, "a match started from the page is stopped after this many turns")
	fl.Float64Var(&limits.StartsPerMinute, "starts-per-minute", web.DefaultLimits.StartsPerMinute, "matches one client address may start per minute (after a burst of "+fmt.Sprint(web.DefaultLimits.StartBurst)+")")
	fl.IntVar(&cores, "cores", 0, "CPU cores the matches may use at once, one per command bot (default: all)")
	pf.add(fl)
	rootCmd.AddCommand(cmd)

}

func displayAddr(a net.Addr) string {
	if ta, ok := a.(*net.TCPAddr); ok && ta.IP.IsLoopback() {
		return fmt.Sprintf("localhost:%d", ta.Port)
	}
	return a.String()
}
