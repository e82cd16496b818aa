package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/seed27749672/arena/tournament/ladder"
)

func TestLadderAddShowRemove(t *testing.T) {
	db := filepath.Join(t.TempDir(), "l.db")
	for _, args := range [][]string{{"add", "b4", "builtin:boss4"}, {"add", "w", "builtin:wait"}, {"run", "--games", "4"}} {
		if _, stderr, code := run(t, append([]string{"ladder", "ants", "--db", db}, args...)...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
	}
	out, _, _ := run(t, "ladder", "ants", "--db", db, "show")
	if !strings.Contains(out, "RATING") || strings.Index(out, "b4") > strings.Index(out, " w ") {
		t.Errorf("leaderboard:\n%s", out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"add", "b4", "builtin:boss1"}, "already"},
		{[]string{"add", "bad name", "builtin:boss1"}, "bot name"},
		{[]string{"remove", "nobody"}, "no bot"},
		{[]string{"dance"}, "unknown action"},
		{[]string{"run", "--sandbox", "--sandbox-memory", "4"}, "--sandbox-memory"},
	} {
		_, stderr, code := run(t, append([]string{"ladder", "ants", "--db", db}, c.args...)...)
		if code == 0 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, %s", c.args, code, stderr)
		}
	}
	if _, stderr, code := run(t, "ladder", "tracks", "--db", db, "show"); code == 0 || !strings.Contains(stderr, "ants ladder") {
		t.Errorf("an ants ladder opened for tracks: %s", stderr)
	}
}

// SIGKILL in the middle of a run: the file is intact, every finished game
// is in it, and run continues from there.
func TestLadderSurvivesSIGKILL(t *testing.T) {
	db := filepath.Join(t.TempDir(), "l.db")
	for _, b := range []string{"boss4", "boss3", "boss2", "boss1"} {
		if _, stderr, code := run(t, "ladder", "ants", "--db", db, "add", b, "builtin:"+b); code != 0 {
			t.Fatal(stderr)
		}
	}
	cmd := exec.Command(arena, "ladder", "ants", "--db", db, "run", "--quiet")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	count := func() int {
		s, err := ladder.Open(db, "ants")
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		n, err := s.Games()
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	deadline := time.Now().Add(60 * time.Second)
	for count() < 20 {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("fewer than 20 games in 60 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	s, err := ladder.Open(db, "ants")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	games, _ := s.Games()
	bots, _ := s.Bots()
	s.Close()
	rated := 0
	for _, b := range bots {
		rated += b.Games
	}
	if rated != 2*games {
		t.Errorf("%d games in the file but %d bot-games rated: a game and its ratings must be written together", games, rated)
	}
	if _, stderr, code := run(t, "ladder", "ants", "--db", db, "run", "--games", "5", "--quiet"); code != 0 {
		t.Fatalf("run after the kill: %s", stderr)
	}
	if n := count(); n != games+5 {
		t.Errorf("%d games after 5 more, want %d", n, games+5)
	}
}
