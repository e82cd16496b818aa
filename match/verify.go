package match

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
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
	if rep.TimeScale != 0 {
		if err := game.CheckTimeScale(rep.TimeScale); err != nil {
			return nil, game.Config{}, err
		}
	}
	cfg := game.Config{Seed: rep.Seed, Players: len(rep.Players), League: rep.League, Options: opts, TimeScale: rep.TimeScale}
	if rep.Files != nil {
		// Replays made before files were recorded read the disk.
		cfg.Files = game.RecordedFiles(rep.Files)
	}
	for _, p := range rep.Players {
		cfg.Names = append(cfg.Names, p.Name)
	}
	return g, cfg, nil
}

// Verify re-simulates a replay: it creates the referee again from the
// recorded settings, plays the recorded replies turn by turn, and checks
// that every frame, every restart, the outcome and the result as shown
// (names, ranks, scores, statuses, messages, summary, time figures) come
// out identical. A partial replay (an interrupted match, no result) is
// checked as far as it goes; its caller says it is partial.
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
		if t.Turn != i+1 {
			return fmt.Errorf("turn %d is numbered %d", i+1, t.Turn)
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
	if rep.Result == nil {
		if ref.Over() {
			return fmt.Errorf("the game is over after the %d recorded turns, but the replay has no result", len(rep.Turns))
		}
		if rep.Outcome != nil {
			return fmt.Errorf("the replay has an outcome but no result")
		}
		return nil // partial: every recorded turn checked
	}
	if !ref.Over() {
		return fmt.Errorf("the game is not over after the %d recorded turns", len(rep.Turns))
	}
	if rep.Outcome == nil {
		return fmt.Errorf("the replay has no outcome")
	}
	out := ref.Result()
	got, _ := json.Marshal(out)
	want, _ := json.Marshal(rep.Outcome)
	if err := sameJSON("outcome", got, want); err != nil {
		return err
	}
	res := replay.BuildResult(out, rep.Players, rep.Turns)
	replay.NoteStartupTimeouts(res, rep.Clock, rep.TimeScale, rep.Turns)
	replay.NoteBusyTimeouts(res, rep.Clock, rep.TimeScale, rep.Turns)
	return sameResult(res, rep.Result)
}

// sameResult compares the result rebuilt from the re-simulation with the
// recorded one, and says which figure of which player differs.
func sameResult(got, rec *replay.Result) error {
	if got.Turns != rec.Turns {
		return fmt.Errorf("result: %d turns recorded, %d played", rec.Turns, got.Turns)
	}
	if got.Summary != rec.Summary {
		return fmt.Errorf("result: the summary differs from the recording:\n  recorded:    %q\n  re-simulated: %q", rec.Summary, got.Summary)
	}
	if len(got.Players) != len(rec.Players) {
		return fmt.Errorf("result: %d players recorded, %d in the match", len(rec.Players), len(got.Players))
	}
	for i := range got.Players {
		a, b := fields(got.Players[i]), fields(rec.Players[i])
		for _, k := range slices.Sorted(maps.Keys(union(a, b))) {
			if !bytes.Equal(a[k], b[k]) {
				return fmt.Errorf("result of player %d (%s): %s is %s in the recording, %s re-simulated",
					i, got.Players[i].Name, k, shown(b[k]), shown(a[k]))
			}
		}
	}
	return nil
}

// fields returns a player's result as its JSON fields, each compacted.
func fields(p replay.PlayerResult) map[string]json.RawMessage {
	b, _ := json.Marshal(p)
	var m map[string]json.RawMessage
	json.Unmarshal(b, &m)
	for k, v := range m {
		var c bytes.Buffer
		if json.Compact(&c, v) == nil {
			m[k] = c.Bytes()
		}
	}
	return m
}

func union(a, b map[string]json.RawMessage) map[string]bool {
	u := map[string]bool{}
	for k := range a {
		u[k] = true
	}
	for k := range b {
		u[k] = true
	}
	return u
}

func shown(v json.RawMessage) string {
	if v == nil {
		return "absent"
	}
	return clip(string(v))
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
