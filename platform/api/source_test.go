package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/seed27749672/arena/platform/api"
	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/store"
	"github.com/seed27749672/arena/platform/submission"
)

// The editor's routes: a team reads its own submission's source and
// makes a new submission of it with the one file it opened edited; a
// draft is not made active by its build. Refused: another team's
// submission, a path out of the upload, an edit over the limit, a wrong
// token, a page of another site, and a second edit within the minute.
func TestEditorRoutes(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	clock := &platformtest.Clock{T: time.Unix(1e9, 0)}
	ts := platformtest.Server(t, p, clock)
	_, invite, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	owls, owlsToken := platformtest.Join(t, ts, invite, "Owls")
	_, batsToken := platformtest.Join(t, ts, invite, "Bats")
	sub, err := p.Submit(ctx, owls, "kit.zip", platformtest.KitZip(t, "tracks", "python", map[string]string{"bot.py": "print('v1')\n"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Store.FinishBuild(ctx, sub.ID, store.StatusReady, "python", "", nil); err != nil {
		t.Fatal(err)
	}
	src := api.Prefix + "submissions/1/source"
	edit := api.Prefix + "submissions/1/edit"
	body := func(path, text string, draft bool) []byte {
		b, _ := json.Marshal(map[string]any{"path": path, "text": text, "draft": draft})
		return b
	}

	code, b := platformtest.Call(t, ts, "GET", src, owlsToken, "", nil)
	var got struct {
		Path, Text string
		Kit        bool
		Files      []struct{ Path string }
	}
	json.Unmarshal(b, &got)
	if code != 200 || got.Path != "kit/bot.py" || got.Text != "print('v1')\n" || !got.Kit || len(got.Files) < 3 {
		t.Fatalf("source: %d %s", code, b)
	}
	// the active submission's by default; Bats has none
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"source", owlsToken, "", nil); code != 200 || !strings.Contains(string(b), `"path":"kit/bot.py"`) {
		t.Errorf("the active source: %d %s", code, b)
	}
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"source", batsToken, "", nil); code != 404 {
		t.Errorf("Bats' active source: %d %s", code, b)
	}
	for _, c := range []struct {
		what, method, path, token, ct string
		body                          []byte
		want                          int
	}{
		{"another team's source", "GET", src, batsToken, "", nil, 404},
		{"another team's edit", "POST", edit, batsToken, "application/json", body("kit/bot.py", "x", false), 404},
		{"a wrong token", "GET", src, owlsToken[:len(owlsToken)-4] + "abcd", "", nil, 401},
		{"no token", "POST", edit, "", "application/json", body("kit/bot.py", "x", false), 401},
		{"a path out of the kit", "GET", src + "?path=../../etc/passwd", owlsToken, "", nil, 400},
		{"an edit out of the kit", "POST", edit, owlsToken, "application/json", body("../bot.py", "x", false), 400},
		{"an edit of a file the kit lacks", "POST", edit, owlsToken, "application/json", body("kit/new.py", "x", false), 400},
		{"an edit over the limit", "POST", edit, owlsToken, "application/json", body("kit/bot.py", strings.Repeat("#", submission.MaxSource+1), false), 400},
		{"a body over the limit", "POST", edit, owlsToken, "application/json", bytes.Repeat([]byte(" "), 7*submission.MaxSource), 413},
		{"a form", "POST", edit, owlsToken, "application/x-www-form-urlencoded", []byte("path=kit/bot.py"), 400},
	} {
		if code, b := platformtest.Call(t, ts, c.method, c.path, c.token, c.ct, c.body); code != c.want {
			t.Errorf("%s: %d %s, want %d", c.what, code, b, c.want)
		}
	}
	// a page of another site, even with the team's token
	req, _ := http.NewRequest("POST", ts.URL+edit, bytes.NewReader(body("kit/bot.py", "x", false)))
	req.Header.Set("Authorization", "Bearer "+owlsToken)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	req.Header.Set("Origin", "https://evil.example")
	if resp, err := ts.Client().Do(req); err != nil || resp.StatusCode != 403 {
		t.Errorf("a cross-site edit: %v %v, want 403", resp.StatusCode, err)
	}
	if subs, _ := p.Store.Submissions(ctx, owls.ID); len(subs) != 1 {
		t.Fatalf("refused edits stored submissions: %+v", subs)
	}

	// a draft, then the team's next bot at once (drafts count apart)
	code, b = platformtest.Call(t, ts, "POST", edit, owlsToken, "application/json", body("kit/bot.py", "print('v2')\n", true))
	if code != 202 || !strings.Contains(string(b), `"draft":true`) {
		t.Fatalf("a draft: %d %s", code, b)
	}
	var draft struct{ ID int64 }
	json.Unmarshal(b, &draft)
	if code, b := platformtest.Call(t, ts, "POST", edit, owlsToken, "application/json", body("kit/bot.py", "print('v3')\n", true)); code != 429 {
		t.Errorf("a second draft within the minute: %d %s", code, b)
	}
	if err := p.Store.FinishBuild(ctx, draft.ID, store.StatusReady, "python", "", nil); err != nil {
		t.Fatal(err)
	}
	if team, _ := p.Store.Team(ctx, owls.ID); team.Active != sub.ID {
		t.Errorf("the draft's build made it active: %d", team.Active)
	}
	code, b = platformtest.Call(t, ts, "POST", edit, owlsToken, "application/json", body("kit/bot.py", "print('v2')\n", false))
	if code != 202 || !strings.Contains(string(b), `"draft":false`) {
		t.Fatalf("the submission: %d %s", code, b)
	}
	var next struct{ ID int64 }
	json.Unmarshal(b, &next)
	if code, b := platformtest.Call(t, ts, "GET", api.Prefix+"submissions/"+strconv.FormatInt(next.ID, 10)+"/source", owlsToken, "", nil); code != 200 || !strings.Contains(string(b), `print('v2')`) {
		t.Errorf("the new submission's source: %d %s", code, b)
	}
	if code, b := platformtest.Call(t, ts, "POST", edit, owlsToken, "application/json", body("kit/bot.py", "print('v4')\n", false)); code != 429 {
		t.Errorf("a second submission within the minute: %d %s", code, b)
	}
}
