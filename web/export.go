package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
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
// server and no network. A Content-Security-Policy in the page lets only
// its own script (by hash) and that Blob URL run.
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
	// The replay travels as data, not script: in lines (lines.go), in two
	// blocks that the page's one script reads and cuts, keeping each turn
	// as text until it is shown. The first block (the header, the first
	// turns) comes before the script, which runs at once (async) and
	// paints; the second (the other turns, the result) after it, read
	// once the page is parsed: the HTML parser takes seconds over the
	// 65 MB of the 3000-tick jungle match, and parsing its JSON whole kept
	// the page blank for 7 s. json.Marshal escapes <, > and &, and the
	// lines keep its bytes, so no "</script>" can appear in them. The
	// page's seed is a string (see pageReplay).
	embed, err := json.Marshal(map[string]any{"renderer": string(renderer)})
	if err != nil {
		return err
	}
	page, err := json.Marshal(pageReplay{rep})
	if err != nil {
		return err
	}
	first, rest, err := exportLines(page)
	if err != nil {
		return err
	}
	script := scriptSafe(string(player)) + `
const embed = JSON.parse(document.getElementById('arena-embed').textContent);
window.ARENA_EMBED = embed;
/** @type {any} */
let replay = null;
const turns = [];
const reader = replayLines((head) => { replay = head; }, (text) => turns.push(lazyTurn(text)), (tail) => Object.assign(replay, tail));
reader.push(document.getElementById('arena-replay').textContent);
reader.end();
replay.turns = turns;
const rest = () => new Promise((done) => {
  const read = () => done(document.getElementById('arena-replay-rest').textContent);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', read);
  else read();
});
new Player(document.getElementById('player'), { replay, rest }).start();
`
	style := string(css)
	// The page allows its own script and style (by hash), the renderer's
	// Blob URL, and the images the renderers draw; nothing else, and no
	// network at all.
	policy := fmt.Sprintf("default-src 'none'; script-src '%s' blob:; style-src '%s'; img-src data: blob:; base-uri 'none'; form-action 'none'",
		cspHash(script), cspHash(style))
	title := fmt.Sprintf("%s, seed %d", rep.Game, rep.Seed)
	_, err = fmt.Fprintf(w, `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="%s">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Arena replay: %s</title>
<style>%s</style>
</head>
<body class="match-page">
<div id="player"><p class="loading">Loading the match…</p></div>
<script type="application/json" id="arena-embed">%s</script>
<script type="text/plain" id="arena-replay">%s</script>
<script type="module" async>%s</script>
<script type="text/plain" id="arena-replay-rest">%s</script>
</body>
</html>
`, htmlEscape(policy), htmlEscape(title), style, embed, first, script, rest)
	return err
}

// exportHead is how many turns the offline page's first block holds, as
// the match page's first request (player.js, HEAD_TURNS).
const exportHead = 50

// exportLines cuts a replay in the page format into the offline page's
// two blocks of lines: the header, the first exportHead turns and, when
// more follow, {"more":true} in place of the fields after the turns; then
// an empty header, the other turns and the fields after them (nothing
// when no turn is left).
func exportLines(page []byte) (first, rest []byte, err error) {
	var b bytes.Buffer
	if err := writeLines(&b, page); err != nil {
		return nil, nil, err
	}
	lines := bytes.SplitAfter(b.Bytes(), []byte("\n"))
	lines = lines[:len(lines)-1] // after the last newline: nothing
	turns := len(lines) - 2
	if turns <= exportHead {
		return b.Bytes(), nil, nil
	}
	first = bytes.Join(lines[:1+exportHead], nil)
	first = append(first, `{"more":true}`+"\n"...)
	rest = append([]byte("{}\n"), bytes.Join(lines[1+exportHead:], nil)...)
	return first, rest, nil
}

// cspHash is the Content-Security-Policy source of an inline element's text.
func cspHash(text string) string {
	sum := sha256.Sum256([]byte(text))
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}

// scriptSafe keeps inline script text from closing its <script> element.
func scriptSafe(s string) string {
	return strings.ReplaceAll(s, "</script", `<\/script`)
}
