package platform

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/seed27749672/arena/web"
)

// slowBody sends n lines of a Python file, one every pause, as a slow
// link would.
func slowBody(n int, pause time.Duration) io.Reader {
	r, w := io.Pipe()
	go func() {
		w.Write([]byte("print(1)\n"))
		for range n {
			time.Sleep(pause)
			if _, err := w.Write([]byte("# a comment, to make the file longer\n")); err != nil {
				return
			}
		}
		w.Close()
	}()
	return r
}

// An upload gets the time of APIOptions.UploadTime to arrive, though the
// server's read timeout (arena serve's minute; here 300 ms) is shorter,
// which cut a 20 MiB zip over a slow link; other routes keep the server's.
func TestSlowUploadHasItsOwnDeadline(t *testing.T) {
	p := openTest(t)
	ws := &web.Server{Replays: t.TempDir(), Platform: p.Handler(APIOptions{UploadTime: time.Minute})}
	ts := httptest.NewUnstartedServer(ws.Handler())
	ts.Config.ReadTimeout = 300 * time.Millisecond
	ts.Start()
	t.Cleanup(func() { ts.Close(); ws.Close() })
	_, invite, _ := p.CreateEvent(context.Background(), "tracks", "Summer", nil)
	_, owls := join(t, ts, invite, "Owls")

	post := func(path, token, ctype string, body io.Reader) (int, string, error) {
		req, _ := http.NewRequest("POST", ts.URL+path, body)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		req.Header.Set("Content-Type", ctype)
		resp, err := ts.Client().Do(req)
		if err != nil {
			return 0, "", err
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b), nil
	}
	// 1.5 s at least, five times the server's read timeout.
	code, b, err := post(APIPrefix+"submissions?filename=bot.py", owls, "text/x-python", slowBody(10, 150*time.Millisecond))
	if err != nil || code != http.StatusAccepted {
		t.Fatalf("a slow upload: %d %s %v", code, b, err)
	}
	r, w := io.Pipe()
	go func() {
		w.Write([]byte(`{"invite":"` + invite + `",`))
		time.Sleep(1500 * time.Millisecond)
		w.Write([]byte(`"name":"Bats"}`))
		w.Close()
	}()
	if code, b, err := post(APIPrefix+"join", "", "application/json", r); err == nil && code == http.StatusCreated {
		t.Fatalf("a join whose body took 1.5 s was read whole (%d %s): the upload's deadline leaked to other routes", code, b)
	}
}
