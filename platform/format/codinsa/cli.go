package codinsa

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/games/catmouse"
	"github.com/seed27749672/arena/platform/format"
	"github.com/seed27749672/arena/platform/format/codinsa/spawnvote"
	"github.com/seed27749672/arena/sandbox"
)

// Commands are the Cod'INSA 2025 final's organiser commands (catmouse
// events), on the data directory or through the server: the spawn vote
// and the final's round robin.
func (Format) Commands(cli format.CLI) []*cobra.Command {
	spawns := &cobra.Command{
		Use:   "spawns",
		Short: "The Cod'INSA spawn vote of a catmouse event: publish, show, close",
		Long: `A catmouse event's spawn sets (rules: set 0 the organiser's, published with
the map; 1 to 8 proposed by the teams, the first 8 valid ones in order; 9
the organiser's secret set). Each team proposes one set and votes for
another team's set (arena API: POST spawns, POST spawns/vote); the set with
most votes plays game 2 of every match of the final (ties: the lowest id;
no valid vote: the lowest team set; no team set: set 0). Teams are never
told which set was chosen. Each command works on the data directory
(--data DIR, or --db URL) or through the running server with the
organiser's token (--server URL --token T).`,
	}
	spawns.AddCommand(spawnsPublishCommand(cli), spawnsShowCommand(cli), spawnsCloseCommand(cli))
	return []*cobra.Command{spawns, roundRobinCommand(cli)}
}

// onCodinsaEvent is a Cod'INSA command on the event of its first
// argument.
func onCodinsaEvent(cli format.CLI, c *cobra.Command, run func(cmd *cobra.Command, w format.Where, t *format.Target, cc Client) error) *cobra.Command {
	w := cli.Where(c)
	return cli.OnEvent(c, w.Open, func(cmd *cobra.Command, t *format.Target, _ []string) error { return run(cmd, w, t, ClientOf(t)) })
}

func spawnsPublishCommand(cli format.CLI) *cobra.Command {
	var mapFile, set0File, secretFile string
	publish := onCodinsaEvent(cli, &cobra.Command{
		Use:   "publish EVENT (--data DIR | --server URL --token T) --set0 FILE --secret FILE [--map FILE]",
		Short: "Publish the map and spawn set 0, and store the secret set 9",
		Long: `Publish the event's map (a catmouse map file; without --map, the game's
default map) and set 0 to the teams, and store the secret set 9. Both sets
are spawn files (CATMOUSE-SPAWN 1 ... END, with ID 0 and ID 9) checked on
the map: plain distinct cells, cats at least 5 steps from the mouse. It may
be done again until the vote closes; the teams' sets must stay valid.`,
		Args: cobra.ExactArgs(1),
	}, func(cmd *cobra.Command, w format.Where, t *format.Target, cc Client) error {
		var texts [3]string
		for i, f := range []string{mapFile, set0File, secretFile} {
			if f == "" {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			texts[i] = string(b)
		}
		if err := cc.PublishSpawns(cmd.Context(), t.ID, texts[0], texts[1], texts[2]); err != nil {
			return err
		}
		fmt.Fprintf(cmd.OutOrStdout(), "event %d: map and set 0 published, set 9 stored\n", t.ID)
		return nil
	})
	publish.Flags().StringVar(&mapFile, "map", "", "the map file (default: the game's default map)")
	publish.Flags().StringVar(&set0File, "set0", "", "spawn set 0, published with the map")
	publish.Flags().StringVar(&secretFile, "secret", "", "the secret spawn set 9")
	publish.MarkFlagRequired("set0")
	publish.MarkFlagRequired("secret")
	return publish
}

func spawnsShowCommand(cli format.CLI) *cobra.Command {
	return onCodinsaEvent(cli, &cobra.Command{
		Use:   "show EVENT (--data DIR | --server URL --token T) [--json]",
		Short: "Show the proposals, the votes and the chosen set (the organiser's view)",
		Args:  cobra.ExactArgs(1),
	}, func(cmd *cobra.Command, w format.Where, t *format.Target, cc Client) error {
		s, err := cc.Spawns(cmd.Context(), t.ID)
		if err != nil {
			return err
		}
		ch, err := s.Choice()
		if err != nil {
			return err
		}
		if w.JSON() {
			return format.WriteJSONTo(cmd.OutOrStdout(), map[string]any{"state": s, "chosen": ch.ID, "tally": ch.Tally, "void": ch.Void, "reason": ch.Reason})
		}
		names, err := t.Names(cmd.Context())
		if err != nil {
			return err
		}
		printSpawns(cmd.OutOrStdout(), s, ch, names)
		return nil
	})
}

// printSpawns prints the vote: the proposals with their votes and the
// chosen set.
func printSpawns(out io.Writer, s *spawnvote.State, ch catmouse.Choice, names map[int64]string) {
	state := "open"
	if s.Closed {
		state = "closed"
	}
	fmt.Fprintf(out, "published: %v, vote %s\n", s.Published, state)
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "SET\tTEAM\tVOTES")
	for _, pr := range s.Proposals {
		fmt.Fprintf(w, "%d\t%s\t%d\n", pr.ID, names[pr.Team], ch.Tally[pr.ID])
	}
	w.Flush()
	fmt.Fprintf(out, "chosen: set %d (%s)\n", ch.ID, ch.Reason)
}

func spawnsCloseCommand(cli format.CLI) *cobra.Command {
	return onCodinsaEvent(cli, &cobra.Command{
		Use:   "close EVENT (--data DIR | --server URL --token T)",
		Short: "Close the proposals and the votes (the final needs it)",
		Args:  cobra.ExactArgs(1),
	}, func(cmd *cobra.Command, w format.Where, t *format.Target, cc Client) error {
		if err := cc.CloseSpawnVote(cmd.Context(), t.ID); err != nil {
			return err
		}
		fmt.Fprintf(cmd.OutOrStdout(), "event %d: the spawn vote is closed\n", t.ID)
		return nil
	})
}

func roundRobinCommand(cli format.CLI) *cobra.Command {
	var cores int
	var seed int64
	var unsafe, wait bool
	rr := &cobra.Command{
		Use:   "roundrobin EVENT (--data DIR [--cores N] [--unsafe-no-sandbox] | --server URL --token T [--wait]) [--seed N] [--json]",
		Short: "Play the Cod'INSA final: a round robin of three-game matches, then its table",
		Long: `Play a catmouse event's final (the spawn vote must be closed): every pair of
teams with a ready bot plays one match of three games (set 0, the voted
set, set 9; both legs each), the team registered first playing the cats
first in games 1 and 3. The table ranks by match points (win 3, draw 1),
then game wins, then the turn difference, then, between exactly two teams,
their match; teams still tied share the place. The bots are the teams'
active submissions when the final starts, each sandboxed. Interrupted, the
command resumes where it stopped (the matches played are kept); once the
final is over it prints its table again.

Through the running server (--server URL --token T), the command asks the
server to play the final (its workers, its sandbox; the same as POST
organiser/events/{id}/codinsa/final) and returns; --wait follows the
matches as they are played and prints the table at the end. Once the final
is over, it prints its table again.`,
		Args: cobra.ExactArgs(1),
	}
	w := cli.Where(rr)
	cli.OnEvent(rr, func(cmd *cobra.Command, arg string) (*format.Target, error) { return openFinal(cmd, w, arg, unsafe) },
		func(cmd *cobra.Command, t *format.Target, _ []string) error {
			f, asked, err := ClientOf(t).PlayFinal(cmd.Context(), t.ID, seed, format.PlayOf(cmd, unsafe, cores, wait))
			if err != nil {
				return err
			}
			if asked {
				matches := len(f.Teams) * (len(f.Teams) - 1) / 2
				return format.SayAsked(cmd, map[string]any{"event": t.ID, "asked": "final", "teams": len(f.Teams), "matches": matches, "played": len(f.Matches)},
					fmt.Sprintf("event %d: the final asked (%d teams, %d matches, %d played); the server plays it within a minute (arena event roundrobin --wait follows it)",
						t.ID, len(f.Teams), matches, len(f.Matches)))
			}
			if w.JSON() {
				return format.WriteJSONTo(cmd.OutOrStdout(), f)
			}
			printCodinsaFinal(cmd.OutOrStdout(), f)
			return nil
		})
	rr.Flags().IntVar(&cores, "cores", 0, "cores the matches may use at once (default: all; --data or --db)")
	rr.Flags().Int64Var(&seed, "seed", 0, "the first match's seed (default: drawn when the final starts)")
	rr.Flags().BoolVar(&unsafe, "unsafe-no-sandbox", false, "run the teams' bots UNCONTAINED (only for code you trust; --data or --db)")
	rr.Flags().BoolVar(&wait, "wait", false, "through the server: follow the final's matches, then print its table (an error on a game the server cannot play)")
	return rr
}

// openFinal opens the event of the final, checking the flags of where it
// is played: the command's own cores and sandbox on the data directory,
// the server's through it.
func openFinal(cmd *cobra.Command, w format.Where, arg string, unsafe bool) (*format.Target, error) {
	if !w.Local() {
		if err := format.NoUnsafe(cmd); err != nil {
			return nil, err
		}
		if cmd.Flags().Changed("cores") {
			return nil, errors.New("--cores goes with --data or --db: through the server, its workers play the matches")
		}
		return w.Open(cmd, arg)
	}
	t, err := w.Open(cmd, arg)
	if err == nil && !unsafe {
		if err = sandbox.Ready(); err != nil {
			t.Close()
			return nil, fmt.Errorf("the teams' bots run only in the sandbox, and %v (see: arena sandbox check; --unsafe-no-sandbox runs them uncontained)", err)
		}
	}
	return t, err
}

// printCodinsaFinal prints the final's table and its matches.
func printCodinsaFinal(out io.Writer, f *Final) {
	names := map[int64]string{}
	for i, t := range f.Teams {
		names[t] = f.Names[i]
	}
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "PLACE\tTEAM\tPOINTS\tW-D-L\tGAME WINS\tTURN DIFF")
	for _, s := range f.Standings {
		fmt.Fprintf(w, "%d\t%s\t%d\t%d-%d-%d\t%d\t%+d\n", s.Place, s.Name, s.MatchPoints, s.Wins, s.Draws, s.Losses, s.GameWins, s.TurnDiff)
	}
	w.Flush()
	fmt.Fprintln(out)
	var idx []int
	for i := range f.Matches {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	w = tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "MATCH\tCATS FIRST\tOTHER\tRESULT")
	for _, i := range idx {
		m := f.Matches[i]
		res := ""
		if m.Result != nil {
			res = strings.TrimSpace(m.Result.Summary)
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\n", i+1, names[m.Teams[0]], names[m.Teams[1]], res)
	}
	w.Flush()
	if !f.Done {
		fmt.Fprintln(out, "the final is not over: run the command again to go on")
	}
}
