package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/seed27749672/arena/kits"
)

func init() {
	rootCmd.AddCommand(&cobra.Command{
		Use:   "kit [GAME [LANG DIR]]",
		Short: "Write a starter kit into a new directory, or list the kits",
		Long: `Write a starter kit (shipped inside this binary) into a new directory:

  arena kit                      list the games and their kits
  arena kit ants                 list the ants kits, with their build and run commands
  arena kit ants python mybot    write the ants Python kit into mybot/

DIR must not exist or be empty. Each kit has a README.md with its build and
run commands, and a kit.json that says the same for machines.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 2 {
				return fmt.Errorf("give the directory to write the kit into: arena kit %s %s DIR", args[0], args[1])
			}
			return cobra.MaximumNArgs(3)(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			switch len(args) {
			case 0:
				tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
				fmt.Fprintln(tw, "GAME\tKITS")
				for _, g := range kits.Games() {
					langs, _ := kits.Languages(g)
					fmt.Fprintf(tw, "%s\t%s\n", g, strings.Join(langs, " "))
				}
				return tw.Flush()
			case 1:
				return listKits(out, args[0])
			}
			game, lang, dir := args[0], args[1], args[2]
			if err := kits.Write(game, lang, dir); err != nil {
				return err
			}
			m, _ := kits.Read(game, lang)
			fmt.Fprintf(out, "wrote the %s %s kit into %s (see its README.md)\n", game, lang, dir)
			cd := "cd " + shellWord(dir) + " && "
			if m.Build != "" {
				fmt.Fprintf(out, "build:  %s%s\n", cd, m.Build)
			}
			fmt.Fprintf(out, "play:   arena play %s --bot %s --bot builtin:random\n", game,
				shellWord(lang+"="+kits.Transport(m.Protocol)+cd+m.Run))
			return nil
		},
	})
}

func listKits(out interface{ Write([]byte) (int, error) }, game string) error {
	langs, err := kits.Languages(game)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "KIT\tPROTOCOL\tBUILD\tRUN")
	for _, l := range langs {
		m, err := kits.Read(game, l)
		if err != nil {
			return err
		}
		build := m.Build
		if build == "" {
			build = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", l, m.Protocol, build, m.Run)
	}
	return tw.Flush()
}

// shellWord quotes s for a POSIX shell when it needs it.
func shellWord(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"$`\\|&;<>()*?[]#~!{}") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
