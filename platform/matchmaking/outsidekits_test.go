package matchmaking_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/seed27749672/arena/game"
	"github.com/seed27749672/arena/games/jungle/jungletest"
	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
)

// Arena's jungle kits, run unchanged on the team's machine with the
// team's token in TOKEN and the platform's play socket in ARENA_WS_URL,
// as the Play card says, play a casual game each (one team per kit, all
// at once) and exit when it ends; each game is the team's, and its kit
// answered the ticks.
func TestJungleKitsPlayFromTheirMachine(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	ts := platformtest.Server(t, p, &platformtest.Clock{T: time.Unix(1e9, 0)})
	ev, invite := platformtest.Event(t, p, "jungle", "Blitz", "nb_ticks=20")
	url := "ws" + strings.TrimPrefix(ts.URL, "http") + api.Prefix + "play"
	kits := map[string][]string{
		"python": jungletest.PythonKit(t),
		"rust":   {jungletest.RustKit(t)},
		"cpp":    {jungletest.CppKit(t)},
		"go":     {jungletest.GoKit(t)},
	}
	teams := map[int64]string{}
	var wg sync.WaitGroup
	for lang, argv := range kits {
		team, token := platformtest.Join(t, ts, invite, "Team "+lang)
		teams[team.ID] = lang
		wg.Add(1)
		go func() {
			defer wg.Done()
			runCtx, cancel := context.WithTimeout(ctx, 5*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(runCtx, argv[0], argv[1:]...)
			cmd.Env = append(os.Environ(), "TOKEN="+token, "ARENA_WS_URL="+url)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Run(); err != nil {
				t.Errorf("the %s kit: %v\n%s", lang, err, out.String())
			}
		}()
	}
	wg.Wait()
	var ms []store.Match
	for deadline := time.Now().Add(time.Minute); len(ms) < len(kits) && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		ms, _ = p.Store.Matches(ctx, ev.ID, 10)
	}
	played := map[string]bool{}
	for _, m := range ms {
		lang := teams[m.Teams[0]]
		if m.Kind != store.KindCasual || lang == "" || m.Error != "" {
			t.Errorf("match %+v", m)
			continue
		}
		rep, err := p.Replays.Get(m.Key)
		if err != nil {
			t.Fatal(err)
		}
		answered := 0
		for _, tr := range rep.Turns {
			if tr.Replies[0].Status == game.Answered {
				answered++
			}
		}
		if len(rep.Turns) != 20 || answered == 0 {
			t.Errorf("the %s kit answered %d of %d ticks", lang, answered, len(rep.Turns))
		}
		played[lang] = true
	}
	for lang := range kits {
		if !played[lang] {
			t.Errorf("the %s kit played no game", lang)
		}
	}
}
