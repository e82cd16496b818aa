package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/platform"
)

// The team commands talk to a platform server (arena serve --data) over
// its API; --server and --token default to ARENA_SERVER and ARENA_TOKEN.

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

// do sends a request to the API and decodes a JSON answer into out (or
// returns the raw body when out is nil).
func (c *clientFlags) do(method, path, contentType string, body io.Reader, out any) ([]byte, error) {
	resp, err := c.send(&http.Client{Timeout: 2 * time.Minute}, method, path, contentType, body)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return nil, err
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			return nil, fmt.Errorf("the server's answer is not the platform's JSON: %w", err)
		}
	}
	return b, nil
}

// send sends a request to the API and returns the answer when it is not
// an error (the caller closes its body); an error answer is a
// *serverError.
func (c *clientFlags) send(client *http.Client, method, path, contentType string, body io.Reader) (*http.Response, error) {
	if c.server == "" {
		return nil, errors.New("no server: give --server URL or set ARENA_SERVER")
	}
	req, err := http.NewRequest(method, strings.TrimSuffix(c.server, "/")+"/api/platform/"+path, body)
	if err != nil {
		return nil, fmt.Errorf("--server %q: %w", c.server, err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	resp, err := client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return nil, fmt.Errorf("cannot reach the server %s: %w (is arena serve running there?)", c.server, err)
	}
	if resp.StatusCode >= 400 {
		defer resp.Body.Close()
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		se := &serverError{status: resp.StatusCode}
		var e struct{ Error string }
		if json.Unmarshal(b, &e) == nil {
			se.msg = e.Error
		}
		return nil, se
	}
	return resp, nil
}

// serverError is the API's error answer: its status and message.
type serverError struct {
	status int
	msg    string
}

func (e *serverError) Error() string {
	if e.msg == "" {
		return fmt.Sprintf("the server answered HTTP %d", e.status)
	}
	return fmt.Sprintf("the server says: %s (HTTP %d)", e.msg, e.status)
}

func (c *clientFlags) needToken() error {
	if c.token == "" {
		return errors.New("no token: give --token T or set ARENA_TOKEN (arena team join prints it)")
	}
	return nil
}

type submissionInfo struct {
	ID       int64  `json:"id"`
	Filename string `json:"filename"`
	Language string `json:"language"`
	Status   string `json:"status"`
	Error    string `json:"error"`
	Created  string `json:"created"`
	Log      string `json:"log"`
	Active   bool   `json:"active"`
}

func init() {
	teamCmd := &cobra.Command{Use: "team", Short: "Join a platform event as a team"}
	var jc clientFlags
	var invite, name string
	var members []string
	joinCmd := &cobra.Command{
		Use:   "join --server URL --invite CODE --name TEAM [--member NAME ...]",
		Short: "Join an event with its invitation and print the team's token (shown once)",
		Long: `Join the event an invitation opens, as a new team, and print the team's
token. The server keeps only a hash of it: note it now (set ARENA_TOKEN).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			body, _ := json.Marshal(map[string]any{"invite": invite, "name": name, "members": append([]string{}, members...)})
			var r struct {
				Team  struct{ ID int64 }
				Event struct{ Name, Game string }
				Token string
			}
			raw, err := jc.do("POST", "join", "application/json", bytes.NewReader(body), &r)
			if err != nil {
				return err
			}
			if jc.asJSON {
				_, err := cmd.OutOrStdout().Write(raw)
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "team %q joined %s (%s) as team %d\ntoken (shown once, only its hash is kept): %s\n",
				name, r.Event.Name, r.Event.Game, r.Team.ID, r.Token)
			return nil
		},
	}
	jc.add(joinCmd, false)
	joinCmd.Flags().StringVar(&invite, "invite", "", "the event's invitation (from its organiser)")
	joinCmd.Flags().StringVar(&name, "name", "", "your team's name")
	joinCmd.Flags().StringArrayVar(&members, "member", nil, "a member's display name (repeat for each member)")
	joinCmd.MarkFlagRequired("invite")
	joinCmd.MarkFlagRequired("name")
	teamCmd.AddCommand(joinCmd)

	var sc clientFlags
	var wait bool
	submitCmd := &cobra.Command{
		Use:   "submit FILE_OR_DIR --server URL --token T",
		Short: "Upload a bot (a kit's zip, a kit directory, or one source file) to be built",
		Long: `Upload a bot to the platform: a zip of a starter kit (arena kit writes one
out; keep its kit.json), a kit directory (zipped on the way, without .git and
node_modules), or a single source file that takes the place of the kit's bot
file. The build starts on the server; --wait waits for it and prints its log
when it fails (the exit status is then 1).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := sc.needToken(); err != nil {
				return err
			}
			name, data, err := uploadOf(args[0])
			if err != nil {
				return err
			}
			var body bytes.Buffer
			mw := multipart.NewWriter(&body)
			w, _ := mw.CreateFormFile("file", name)
			w.Write(data)
			mw.Close()
			var s submissionInfo
			raw, err := sc.do("POST", "submissions", mw.FormDataContentType(), &body, &s)
			if err != nil {
				return err
			}
			if wait {
				return waitBuild(cmd, &sc, s.ID)
			}
			if sc.asJSON {
				_, err := cmd.OutOrStdout().Write(raw)
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "submission %d queued for its build (see: arena submissions)\n", s.ID)
			return nil
		},
	}
	sc.add(submitCmd, true)
	submitCmd.Flags().BoolVar(&wait, "wait", false, "wait for the build to end; print its log and exit 1 when it fails")

	var lc clientFlags
	listCmd := &cobra.Command{
		Use:   "submissions --server URL --token T",
		Short: "List your team's submissions with their build status",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := lc.needToken(); err != nil {
				return err
			}
			var subs []submissionInfo
			raw, err := lc.do("GET", "submissions", "", nil, &subs)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if lc.asJSON {
				_, err := out.Write(raw)
				return err
			}
			if len(subs) == 0 {
				fmt.Fprintln(out, "no submissions yet (arena submit FILE_OR_DIR)")
				return nil
			}
			tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tSTATUS\tACTIVE\tLANGUAGE\tFILE\tSUBMITTED\tLOG\tERROR")
			for _, s := range subs {
				active := ""
				if s.Active {
					active = "yes"
				}
				fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", s.ID, s.Status, active, s.Language, s.Filename, s.Created,
					strings.TrimSuffix(lc.server, "/")+s.Log, s.Error)
			}
			return tw.Flush()
		},
	}
	lc.add(listCmd, true)

	var ac clientFlags
	activateCmd := &cobra.Command{
		Use:   "activate ID --server URL --token T",
		Short: "Make one of your ready submissions your team's active bot again",
		Long: `Each successful build becomes the team's active bot; activate goes back to an
older one whose build is ready (arena submissions lists them).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := ac.needToken(); err != nil {
				return err
			}
			id, err := strconv.ParseInt(args[0], 10, 64)
			if err != nil || id <= 0 {
				return fmt.Errorf("%q is not a submission id (arena submissions lists them)", args[0])
			}
			raw, err := ac.do("POST", fmt.Sprintf("submissions/%d/activate", id), "application/json", nil, nil)
			if err != nil {
				return err
			}
			if ac.asJSON {
				_, err := cmd.OutOrStdout().Write(raw)
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "submission %d is your team's active bot\n", id)
			return nil
		},
	}
	ac.add(activateCmd, true)

	var bc clientFlags
	var boardLeague int
	boardCmd := &cobra.Command{
		Use:   "leaderboard --server URL --token T [--league N]",
		Short: "Show your event's leaderboard (OpenSkill: mu - 3 sigma)",
		Long: `Show your event's leaderboard (OpenSkill: mu - 3 sigma). In an event with
leagues it is the top league's; --league N shows league N's, with each
team's promotion test there. A league where bots play only the boss
(tracks' leagues 1 and 2) ranks its teams by their tests: most games won
first.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := bc.needToken(); err != nil {
				return err
			}
			var board []boardLine
			path := "leaderboard"
			if cmd.Flags().Changed("league") {
				path += "?league=" + strconv.Itoa(boardLeague)
			}
			raw, err := bc.do("GET", path, "", nil, &board)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if bc.asJSON {
				_, err := out.Write(raw)
				return err
			}
			tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
			tests := slices.ContainsFunc(board, func(s boardLine) bool { return s.Promotion != nil })
			switch {
			case len(board) > 0 && board[0].BossOnly:
				fmt.Fprintln(tw, "this league plays only the promotion tests against its boss: no rated game")
				fmt.Fprintln(tw, "RANK\tTEAM\tPROMOTION TEST")
			case tests:
				fmt.Fprintln(tw, "RANK\tTEAM\tRATING\tMU\tSIGMA\tGAMES\tWIN RATE\tPROMOTION TEST")
			default:
				fmt.Fprintln(tw, "RANK\tTEAM\tRATING\tMU\tSIGMA\tGAMES\tWIN RATE")
			}
			for _, s := range board {
				switch {
				case s.BossOnly:
					fmt.Fprintf(tw, "%d\t%s\t%s\n", s.Rank, s.Team, testText(s.Promotion))
				case tests:
					fmt.Fprintf(tw, "%d\t%s\t%.2f\t%.2f\t%.2f\t%d\t%.0f%%\t%s\n", s.Rank, s.Team, s.Rating, s.Mu, s.Sigma, s.Games, 100*s.WinRate, testText(s.Promotion))
				default:
					fmt.Fprintf(tw, "%d\t%s\t%.2f\t%.2f\t%.2f\t%d\t%.0f%%\n", s.Rank, s.Team, s.Rating, s.Mu, s.Sigma, s.Games, 100*s.WinRate)
				}
			}
			return tw.Flush()
		},
	}
	bc.add(boardCmd, true)
	boardCmd.Flags().IntVar(&boardLeague, "league", 0, "show league N's leaderboard (an event with leagues)")
	rootCmd.AddCommand(teamCmd, submitCmd, listCmd, activateCmd, boardCmd)
}

// boardLine is a line of GET leaderboard.
type boardLine struct {
	Rank                       int
	Team                       string
	Rating, Mu, Sigma          float64
	Games, Wins, Draws, Losses int
	WinRate                    float64                   `json:"win_rate"`
	Promotion                  *platform.PromotionRecord `json:"promotion"` // below the top league
	BossOnly                   bool                      `json:"boss_only"` // ranked by the tests: no rated game
}

// waitBuild polls a submission until its build ends.
func waitBuild(cmd *cobra.Command, c *clientFlags, id int64) error {
	for {
		var s submissionInfo
		raw, err := c.do("GET", fmt.Sprintf("submissions/%d", id), "", nil, &s)
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
			log, err := c.do("GET", fmt.Sprintf("submissions/%d/log", id), "", nil, nil)
			if err == nil {
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
