package match

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/replay"
)

// Config rebuilds the game configuration a replay was recorded with.
func Config(rep *replay.Replay) (game.Game, game.Config, error) {
	g, err := game.Lookup(rep.Game)
	if err != nil {
		return nil, game.Config{}, err
	}
	info := g.Info()
	var pairs []string
	for k, v := range rep.Options {
		pairs = append(pairs, k+"="+v)
	}
	sort.Strings(pairs)
	opts, err := game.ParseOptions(info.Options, pairs)
	if err != nil {
		return nil, game.Config{}, err
	}
	cfg := game.Config{Seed: rep.Seed, Players: len(rep.Players), League: rep.League, Options: opts}
	for _, p := range rep.Players {
		cfg.Names = append(cfg.Names, p.Name)
	}
	return g, cfg, nil
}

// Verify re-simulates a replay: it creates the referee again from the
// recorded settings, plays the recorded replies turn by turn, and checks
// that every frame, every restart and the outcome come out identical.
func Verify(rep *replay.Replay) error {
	g, cfg, err := Config(rep)
	if err != nil {
		return err
	}
	if v := g.Info().Version; v != rep.GameVersion {
		return fmt.Errorf("recorded with %s version %q; this Arena has version %q", rep.Game, rep.GameVersion, v)
	}
	ref, err := g.New(cfg)
	if err != nil {
		return err
	}
	if err := sameJSON("initial frame", ref.Frame(), rep.Initial); err != nil {
		return err
	}
	restarter, _ := ref.(game.Restarter)
	for i, t := range rep.Turns {
		if ref.Over() {
			return fmt.Errorf("turn %d: the game was already over after turn %d", t.Turn, i)
		}
		if len(t.Replies) != cfg.Players {
			return fmt.Errorf("turn %d: %d replies for %d players", t.Turn, len(t.Replies), cfg.Players)
		}
		for p := range t.Replies {
			ref.Prompt(p) // as the runner did; Prompt must not change the state
		}
		replies := make([]game.Reply, len(t.Replies))
		for p, r := range t.Replies {
			replies[p] = r.Reply
		}
		ref.Play(replies)
		if err := sameJSON(fmt.Sprintf("turn %d frame", t.Turn), ref.Frame(), t.Frame); err != nil {
			return err
		}
		restart := restarter != nil && restarter.Restart() && !ref.Over()
		if restart != t.Restart {
			return fmt.Errorf("turn %d: restart is %v, recorded %v", t.Turn, restart, t.Restart)
		}
	}
	if !ref.Over() {
		return fmt.Errorf("the game is not over after the %d recorded turns", len(rep.Turns))
	}
	if rep.Outcome == nil {
		return fmt.Errorf("the replay has no outcome")
	}
	got, _ := json.Marshal(ref.Result())
	want, _ := json.Marshal(rep.Outcome)
	return sameJSON("outcome", got, want)
}

func sameJSON(what string, got, want []byte) error {
	var a, b bytes.Buffer
	if err := json.Compact(&a, got); err != nil {
		return fmt.Errorf("%s: the referee wrote invalid JSON: %v", what, err)
	}
	if err := json.Compact(&b, want); err != nil {
		return fmt.Errorf("%s: the replay holds invalid JSON: %v", what, err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		return fmt.Errorf("%s differs from the recording:\n  recorded:    %s\n  re-simulated: %s", what, clip(b.String()), clip(a.String()))
	}
	return nil
}

func clip(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}
