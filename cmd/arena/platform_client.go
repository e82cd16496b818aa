package main

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform/client"
)

// The team commands talk to a platform server (arena serve --data) over
// its API (platform/client); --server and --token default to
// ARENA_SERVER and ARENA_TOKEN.

type clientFlags struct {
	server, token string
	asJSON        bool
}

func (c *clientFlags) add(cmd *cobra.Command, withToken bool) {
	cmd.Flags().StringVar(&c.server, "server", os.Getenv("ARENA_SERVER"), "the platform's URL, e.g. http://host:8080 (default $ARENA_SERVER)")
	if withToken {
		cmd.Flags().StringVar(&c.token, "token", os.Getenv("ARENA_TOKEN"), "your team's token (default $ARENA_TOKEN)")
	}
	cmd.Flags().BoolVar(&c.asJSON, "json", false, "print the server's JSON answer")
}

// client is the API's client for the flags.
func (c *clientFlags) client() *client.Client { return client.New(c.server, c.token) }

// words is err as the team commands say it.
func (c *clientFlags) words(err error) error {
	if errors.Is(err, client.ErrNoServer) {
		return errors.New("no server: give --server URL or set ARENA_SERVER")
	}
	return err
}

func (c *clientFlags) needToken() error {
	if c.token == "" {
		return errors.New("no token: give --token T or set ARENA_TOKEN (arena team join prints it)")
	}
	return nil
}

// answer prints the server's JSON answer raw with --json, else text.
func (c *clientFlags) answer(cmd *cobra.Command, raw []byte, text string) error {
	if c.asJSON {
		_, err := cmd.OutOrStdout().Write(raw)
		return err
	}
	_, err := fmt.Fprint(cmd.OutOrStdout(), text)
	return err
}

// teamCommand is a team command: flags, token checked (withToken), and
// run's error in the team commands' words.
func teamCommand(c *cobra.Command, withToken bool, run func(cmd *cobra.Command, cf *clientFlags, args []string) error) *cobra.Command {
	var cf clientFlags
	c.RunE = func(cmd *cobra.Command, args []string) error {
		if withToken {
			if err := cf.needToken(); err != nil {
				return err
			}
		}
		return cf.words(run(cmd, &cf, args))
	}
	cf.add(c, withToken)
	return c
}

func init() {
	teamCmd := &cobra.Command{Use: "team", Short: "Join a platform event as a team"}
	teamCmd.AddCommand(joinCommand())
	rootCmd.AddCommand(teamCmd, submitCommand(), submissionsCommand(), activateCommand(), leaderboardCommand())
}

func joinCommand() *cobra.Command {
	var invite, name string
	var members []string
	joinCmd := teamCommand(&cobra.Command{
		Use:   "join --server URL --invite CODE --name TEAM [--member NAME ...]",
		Short: "Join an event with its invitation and print the team's token (shown once)",
		Long: `Join the event an invitation opens, as a new team, and print the team's
token. The server keeps only a hash of it: note it now (set ARENA_TOKEN).`,
		Args: cobra.NoArgs,
	}, false, func(cmd *cobra.Command, c *clientFlags, _ []string) error {
		r, raw, err := c.client().Join(cmd.Context(), invite, name, members)
		if err != nil {
			return err
		}
		return c.answer(cmd, raw, fmt.Sprintf("team %q joined %s (%s) as team %d\ntoken (shown once, only its hash is kept): %s\n",
			name, r.Event.Name, r.Event.Game, r.Team.ID, r.Token))
	})
	joinCmd.Flags().StringVar(&invite, "invite", "", "the event's invitation (from its organiser)")
	joinCmd.Flags().StringVar(&name, "name", "", "your team's name")
	joinCmd.Flags().StringArrayVar(&members, "member", nil, "a member's display name (repeat for each member)")
	joinCmd.MarkFlagRequired("invite")
	joinCmd.MarkFlagRequired("name")
	return joinCmd
}

func submitCommand() *cobra.Command {
	var wait bool
	submitCmd := teamCommand(&cobra.Command{
		Use:   "submit FILE_OR_DIR --server URL --token T",
		Short: "Upload a bot (a kit's zip, a kit directory, or one source file) to be built",
		Long: `Upload a bot to the platform: a zip of a starter kit (arena kit writes one
out; keep its kit.json), a kit directory (zipped on the way, without .git and
node_modules), or a single source file that takes the place of the kit's bot
file. The build starts on the server; --wait waits for it and prints its log
when it fails (the exit status is then 1).`,
		Args: cobra.ExactArgs(1),
	}, true, func(cmd *cobra.Command, c *clientFlags, args []string) error {
		name, data, err := uploadOf(args[0])
		if err != nil {
			return err
		}
		s, raw, err := c.client().Submit(cmd.Context(), name, data)
		if err != nil {
			return err
		}
		if wait {
			return waitBuild(cmd, c, s.ID)
		}
		return c.answer(cmd, raw, fmt.Sprintf("submission %d queued for its build (see: arena submissions)\n", s.ID))
	})
	submitCmd.Flags().BoolVar(&wait, "wait", false, "wait for the build to end; print its log and exit 1 when it fails")
	return submitCmd
}

func submissionsCommand() *cobra.Command {
	return teamCommand(&cobra.Command{
		Use:   "submissions --server URL --token T",
		Short: "List your team's submissions with their build status (arena log build ID prints a log)",
		Args:  cobra.NoArgs,
	}, true, func(cmd *cobra.Command, c *clientFlags, _ []string) error {
		subs, raw, err := c.client().Submissions(cmd.Context())
		if err != nil {
			return err
		}
		if c.asJSON {
			return c.answer(cmd, raw, "")
		}
		return printSubmissions(cmd.OutOrStdout(), subs)
	})
}

// printSubmissions is the table of arena submissions. A build's log is
// printed by arena log build: its API address needs the team's token,
// which a browser does not send, so no link to it is printed.
func printSubmissions(out io.Writer, subs []client.Submission) error {
	if len(subs) == 0 {
		fmt.Fprintln(out, "no submissions yet (arena submit FILE_OR_DIR)")
		return nil
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSTATUS\tACTIVE\tLANGUAGE\tFILE\tSUBMITTED\tERROR")
	for _, s := range subs {
		active := ""
		if s.Active {
			active = "yes"
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", s.ID, s.Status, active, s.Language, s.Filename, s.Created, s.Error)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(out, "a build's log: arena log build ID")
	return nil
}

func activateCommand() *cobra.Command {
	return teamCommand(&cobra.Command{
		Use:   "activate ID --server URL --token T",
		Short: "Make one of your ready submissions your team's active bot again",
		Long: `Each successful build becomes the team's active bot; activate goes back to an
older one whose build is ready (arena submissions lists them).`,
		Args: cobra.ExactArgs(1),
	}, true, func(cmd *cobra.Command, c *clientFlags, args []string) error {
		id, err := strconv.ParseInt(args[0], 10, 64)
		if err != nil || id <= 0 {
			return fmt.Errorf("%q is not a submission id (arena submissions lists them)", args[0])
		}
		_, raw, err := c.client().Activate(cmd.Context(), id)
		if err != nil {
			return err
		}
		return c.answer(cmd, raw, fmt.Sprintf("submission %d is your team's active bot\n", id))
	})
}

func leaderboardCommand() *cobra.Command {
	var league int
	var all bool
	boardCmd := teamCommand(&cobra.Command{
		Use:   "leaderboard --server URL --token T [--league N | --all]",
		Short: "Show your event's leaderboard (OpenSkill: mu - 3 sigma)",
		Long: `Show your event's leaderboard (OpenSkill: mu - 3 sigma). In an event with
leagues it is your team's league's; --league N shows league N's, with each
team's promotion test there, and --all every league's. RANK is the team's
place in the whole event (the league first, then the rating), the same
everywhere (pages, results); a team with no rated game yet is unranked
("-") and listed below. WIN RATE is wins over games: draws have their own
column. A league where bots play only the boss (tracks' leagues 1 and 2)
ranks its teams by their tests: most games won first.`,
		Args: cobra.NoArgs,
	}, true, func(cmd *cobra.Command, c *clientFlags, _ []string) error {
		var board []client.Standing
		var raw []byte
		var err error
		switch {
		case all && cmd.Flags().Changed("league"):
			return fmt.Errorf("give --league N or --all, not both")
		case all:
			board, raw, err = c.client().EventLeaderboard(cmd.Context())
		case cmd.Flags().Changed("league"):
			board, raw, err = c.client().LeagueLeaderboard(cmd.Context(), league)
		default:
			board, raw, err = c.client().Leaderboard(cmd.Context())
		}
		if err != nil {
			return err
		}
		if c.asJSON {
			return c.answer(cmd, raw, "")
		}
		return printBoard(cmd.OutOrStdout(), board, all)
	})
	boardCmd.Flags().IntVar(&league, "league", 0, "show league N's leaderboard (an event with leagues)")
	boardCmd.Flags().BoolVar(&all, "all", false, "show every league's teams, in the event's one ranking")
	return boardCmd
}

// printBoard is the table of arena leaderboard; leagues adds each team's
// league.
func printBoard(out io.Writer, board []client.Standing, leagues bool) error {
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	tests := slices.ContainsFunc(board, func(s client.Standing) bool { return s.Promotion != nil })
	bossOnly := len(board) > 0 && !slices.ContainsFunc(board, func(s client.Standing) bool { return !s.BossOnly })
	if bossOnly {
		fmt.Fprintln(tw, "this league plays only the promotion tests against its boss: no rated game")
	}
	head := []string{"RANK", "TEAM"}
	if leagues {
		head = append(head, "LEAGUE")
	}
	if !bossOnly {
		head = append(head, "RATING", "MU", "SIGMA", "GAMES", "WINS", "DRAWS", "LOSSES", "WIN RATE")
	}
	if tests {
		head = append(head, "PROMOTION TEST")
	}
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for _, s := range board {
		row := []string{rankText(s.Rank), s.Team}
		if leagues {
			row = append(row, strconv.Itoa(s.League))
		}
		switch {
		case bossOnly:
		case s.BossOnly:
			row = append(row, "-", "-", "-", "-", "-", "-", "-", "-")
		default:
			row = append(row, fmt.Sprintf("%.2f", s.Rating), fmt.Sprintf("%.2f", s.Mu), fmt.Sprintf("%.2f", s.Sigma), strconv.Itoa(s.Games),
				strconv.Itoa(s.Wins), strconv.Itoa(s.Draws), strconv.Itoa(s.Losses), winRateText(s))
		}
		if tests {
			row = append(row, testText(s.Promotion))
		}
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	return tw.Flush()
}

// rankText is a rank as the tables show it: "-" for an unranked team.
func rankText(rank int) string {
	if rank == 0 {
		return "-"
	}
	return strconv.Itoa(rank)
}

// winRateText is a team's share of games won, "-" without games.
func winRateText(s client.Standing) string {
	if s.Games == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*s.WinRate)
}

// waitBuild polls a submission until its build ends.
func waitBuild(cmd *cobra.Command, c *clientFlags, id int64) error {
	api := c.client()
	for {
		s, raw, err := api.Submission(cmd.Context(), id)
		if err != nil {
			return err
		}
		if s.Status == "ready" || s.Status == "failed" {
			if c.asJSON {
				cmd.OutOrStdout().Write(raw)
			} else {
				fmt.Fprintf(cmd.OutOrStdout(), "submission %d: %s (%s)\n", id, s.Status, s.Language)
			}
			if s.Status == "ready" {
				return nil
			}
			if log, err := api.SubmissionLog(cmd.Context(), id); err == nil {
				cmd.ErrOrStderr().Write(log)
			}
			return exitError{code: 1, err: fmt.Errorf("the build failed: %s", s.Error)}
		}
		time.Sleep(time.Second)
	}
}

// uploadOf reads what arena submit sends: a file as it is, or a directory
// zipped.
func uploadOf(path string) (string, []byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return "", nil, err
	}
	if !st.IsDir() {
		data, err := os.ReadFile(path)
		return filepath.Base(path), data, err
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.Type()&fs.ModeSymlink != 0 {
			return fmt.Errorf("%s is a symbolic link: the platform refuses links (copy the file in)", p)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(path, p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		h, err := zip.FileInfoHeader(info)
		if err != nil {
			return err
		}
		h.Name, h.Method = filepath.ToSlash(rel), zip.Deflate
		w, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = io.Copy(w, f)
		return err
	})
	if err != nil {
		return "", nil, err
	}
	if err := zw.Close(); err != nil {
		return "", nil, err
	}
	return filepath.Base(filepath.Clean(path)) + ".zip", buf.Bytes(), nil
}
