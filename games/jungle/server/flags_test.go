package server

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestParseFlags(t *testing.T) {
	env := map[string]string{"NB_OF_TEAMS": "3", "TIME_PER_TICK_MS": "1000", "KEEP_ALIVE": "false", "GAME_CONFIG": "swamp"}
	c, rest, err := Parse([]string{"--nbOfTeams=2", "--delayBetweenTicksMs", "0", "--serveUi", "false",
		"--no-keepAlive", "--legacyErrors", "list-maps", "--seed=-4", "--teamNamesByToken", `{"t":"Team"}`,
		"--s3Bucket=b", "--first_ticks_count=3", "--mapName=canopy"}, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	want := Config{NbTeams: 2, TickTimeoutMs: 1000, DelayMs: 0, Ticks: 300, StartTimeoutMs: 500000, FirstTicks: 3,
		FirstExtraMs: 1000, KeepAlive: false, Port: 8765, ServeUI: false, LegacyErrors: true, Seed: -4, SeedSet: true,
		Map: "canopy", MapSet: true}
	if c.NbTeams != want.NbTeams || c.TickTimeoutMs != want.TickTimeoutMs || c.DelayMs != 0 || c.KeepAlive ||
		c.ServeUI || !c.LegacyErrors || c.Seed != -4 || c.FirstTicks != 3 || c.Map != "canopy" || c.TokenNames["t"] != "Team" {
		t.Errorf("parsed %+v", c)
	}
	if len(rest) != 1 || rest[0] != "list-maps" {
		t.Errorf("rest %v", rest)
	}
	c, _, _ = Parse(nil, func(k string) string { return env[k] })
	if c.NbTeams != 3 || c.Map != "swamp" || c.KeepAlive {
		t.Errorf("from the environment: %+v", c)
	}
	if c, _, err := Parse([]string{"--gameStartTimeoutMs=0"}, func(string) string { return "" }); err != nil || c.StartTimeoutMs != 0 {
		t.Errorf("--gameStartTimeoutMs=0 (no auto-start): %+v %v", c, err)
	}
	for args, msg := range map[string]string{
		// Named by their flag (the 2022 server gave the game option they set).
		"--nbOfTeams=0":           "The argument 'nbOfTeams' is invalid: the value 0 needs to be a non-zero positive integer.",
		"--gameStartTimeoutMs=-5": "The argument 'gameStartTimeoutMs' is invalid: the value -5 needs to be a non-zero positive integer.",
		"--nbOfUnitsPerTeam=0":    "The argument 'nbOfUnitsPerTeam' is invalid: the value 0 needs to be a non-zero positive integer.",
		"--nbOfTicks=x":           "The argument 'nbOfTicks' is invalid: the value x needs to be a non-zero positive integer.",
		"--timePerTickMs=-1":      "The argument 'timePerTickMs' is invalid: the value -1 needs to be a positive integer.",
		"--delayBetweenTicksMs=":  "The argument 'delayBetweenTicksMs' is invalid: the value  needs to be a positive integer.",
		"--teamNamesByToken=[1]":  "teamNamesByToken",
		"--colour=red":            "unknown option --colour=red",
	} {
		if _, _, err := Parse([]string{args}, func(string) string { return "" }); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%s: %v, want %q", args, err, msg)
		}
	}
}

func TestMainSubcommands(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Main(context.Background(), []string{"list-maps"}, &out, &errb); code != 0 ||
		!strings.HasPrefix(out.String(), "Here's the maps you can use, add the --gameConfig=[MAP] option to change the default.\n\t - ") {
		t.Errorf("list-maps: %d %q", code, out.String())
	}
	out.Reset()
	if code := Main(context.Background(), []string{"gen-map", "--seed", "3", "--width", "15", "--height", "11", "--diamonds", "5"}, &out, &errb); code != 0 ||
		!strings.HasPrefix(out.String(), "jungle-map 1\n") {
		t.Errorf("gen-map: %d %q %s", code, out.String(), errb.String())
	}
	out.Reset()
	if code := Main(context.Background(), []string{"validate-maps"}, &out, &errb); code != 0 || strings.Contains(out.String(), "Invalid") {
		t.Errorf("validate-maps: %d %s", code, out.String())
	}
	out.Reset()
	errb.Reset()
	if code := Main(context.Background(), []string{"--mapName=nowhere"}, &out, &errb); code != 1 ||
		!strings.HasPrefix(errb.String(), "The argument 'mapName' is invalid: the map nowhere is invalid.") {
		t.Errorf("bad map: %d %q", code, errb.String())
	}
	out.Reset()
	if code := Main(context.Background(), []string{"--version"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "jungle") {
		t.Errorf("--version: %q", out.String())
	}
}
