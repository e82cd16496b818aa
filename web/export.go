package web

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/seed27749672/arena/replay"
)

// ExportHTML writes one self-contained HTML page that replays rep offline:
// the stylesheet, the player, the game's renderer and the replay are all
// inline. The renderer is loaded from a Blob URL, so the page needs no
// server and no network.
func ExportHTML(w io.Writer, rep *replay.Replay) error {
	files := Static()
	css, err := fs.ReadFile(files, "app.css")
	if err != nil {
		return err
	}
	player, err := fs.ReadFile(files, "player.js")
	if err != nil {
		return err
	}
	renderer, err := fs.ReadFile(files, "games/"+rep.Game+".js")
	if err != nil {
		if renderer, err = fs.ReadFile(files, "games/generic.js"); err != nil {
			return err
		}
	}
	// json.Marshal escapes <, > and &, so no "</script>" can appear in it.
	embed, err := json.Marshal(map[string]any{"renderer": string(renderer), "replay": rep})
	if err != nil {
		return err
	}
	title := fmt.Sprintf("%s, seed %d", rep.Game, rep.Seed)
	_, err = fmt.Fprintf(w, `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Arena replay: %s</title>
<style>
%s
</style>
</head>
<body class="match-page">
<div id="player"><p class="loading">Loading the match…</p></div>
<script>window.ARENA_EMBED = %s;</script>
<script type="module">
%s
new Player(document.getElementById('player'), { replay: window.ARENA_EMBED.replay }).start();
</script>
</body>
</html>
`, htmlEscape(title), css, embed, scriptSafe(string(player)))
	return err
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// scriptSafe keeps inline script text from closing its <script> element.
func scriptSafe(s string) string {
	return strings.ReplaceAll(s, "</script", `<\/script`)
}
