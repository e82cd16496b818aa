package submission_test

import (
	"archive/zip"
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/seed27749672/arena/platform/platformtest"
	"github.com/seed27749672/arena/platform/submission"
)

// zipOf zips files in the order given (name, text, name, text...).
func zipOf(t testing.TB, files ...string) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for i := 0; i < len(files); i += 2 {
		w, err := zw.Create(files[i])
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(files[i+1]))
	}
	zw.Close()
	return buf.Bytes()
}

// entries reads a zip's names and texts.
func entries(t testing.TB, z []byte) ([]string, map[string]string) {
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	texts := map[string]string{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		names = append(names, f.Name)
		texts[f.Name] = string(b)
	}
	return names, texts
}

// The editor opens a kit's bot file (bot.EXT at the kit's root, any
// case), else its first source file at the root, else a Rust project's
// src/main.rs; a single file is
// itself; another file of the zip by its name, and no name the zip lacks.
func TestSourceOpensTheMainFile(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	_, invite, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	team, _, _ := p.Join(ctx, invite, "Owls")
	for _, c := range []struct {
		name   string
		upload []byte
		main   string
	}{
		{"the starter kit, in a folder", platformtest.KitZip(t, "tracks", "java", nil), "kit/Bot.java"},
		{"a kit at the zip's top", zipOf(t, "kit.json", "{}", "lib.py", "x = 1\n", "bot.py", "print(1)\n"), "bot.py"},
		{"no bot file: the first source at the root", zipOf(t, "README.md", "hi", "src/deep.py", "", "main.py", "print(1)\n"), "main.py"},
		{"a Rust project: its src/main.rs", zipOf(t, "crab/Cargo.toml", "[package]", "crab/src/lib.rs", "", "crab/src/main.rs", "fn main() {}\n"), "crab/src/main.rs"},
		{"a bot file in a subfolder is not the root's", zipOf(t, "a/bot.py", "1", "b/x.go", "package main"), "a/bot.py"},
		{"a single file", []byte("print(1)\n"), "bot.py"},
	} {
		sub, err := p.Submit(ctx, team, "bot.py", c.upload)
		if err != nil {
			t.Fatal(c.name, err)
		}
		src, err := p.Source(ctx, sub, "")
		if err != nil || src.Path != c.main {
			t.Errorf("%s: opened %q %v, want %q", c.name, src.Path, err, c.main)
		}
	}
	sub, _ := p.Submit(ctx, team, "kit.zip", platformtest.KitZip(t, "tracks", "python", map[string]string{"bot.py": "print('mine')\n"}))
	src, err := p.Source(ctx, sub, "")
	if err != nil || src.Text != "print('mine')\n" || !src.Kit || len(src.Files) < 3 {
		t.Fatalf("the kit's bot.py: %+v %v", src, err)
	}
	if other, err := p.Source(ctx, sub, "kit/tracks.py"); err != nil || !strings.Contains(other.Text, "def ") {
		t.Errorf("another file of the kit: %v", err)
	}
	for _, bad := range []string{"../kit/bot.py", "kit/../kit/bot.py", "/etc/passwd", "kit/", "kit/nosuch.py"} {
		if _, err := p.Source(ctx, sub, bad); err == nil {
			t.Errorf("opened %q", bad)
		}
	}
}

// An edited kit is the same zip with one file changed; its new
// submission is a draft when asked, and never another team's.
func TestSubmitEdited(t *testing.T) {
	p := platformtest.Open(t)
	ctx := context.Background()
	_, invite, _ := p.CreateEvent(ctx, "tracks", "Summer", nil)
	owls, _, _ := p.Join(ctx, invite, "Owls")
	bats, _, _ := p.Join(ctx, invite, "Bats")
	orig := platformtest.KitZip(t, "tracks", "python", nil)
	sub, err := p.Submit(ctx, owls, "kit.zip", orig)
	if err != nil {
		t.Fatal(err)
	}
	draft, err := p.SubmitEdited(ctx, owls, sub, "kit/bot.py", []byte("print('edited')\n"), true)
	if err != nil || !draft.Draft || draft.Filename != "kit.zip" {
		t.Fatalf("%+v %v", draft, err)
	}
	if got, _ := p.Store.Submission(ctx, draft.ID); !got.Draft {
		t.Error("the draft is stored as an upload")
	}
	up, err := p.Builds.ReadUpload(ctx, draft.ID)
	if err != nil {
		t.Fatal(err)
	}
	names, texts := entries(t, up)
	wantNames, wantTexts := entries(t, orig)
	if strings.Join(names, ",") != strings.Join(wantNames, ",") {
		t.Errorf("entries %v, want %v", names, wantNames)
	}
	for n, tx := range wantTexts {
		if n == "kit/bot.py" {
			tx = "print('edited')\n"
		}
		if texts[n] != tx {
			t.Errorf("%s: %q, want %q", n, texts[n], tx)
		}
	}
	if _, err := p.SubmitEdited(ctx, bats, sub, "kit/bot.py", []byte("x"), false); err == nil {
		t.Error("another team edited Owls' submission")
	}
	for _, bad := range []string{"", "../bot.py", "kit/new.py", "kit"} {
		if _, err := p.SubmitEdited(ctx, owls, sub, bad, []byte("x"), false); err == nil {
			t.Errorf("edited %q", bad)
		}
	}
	if _, err := p.SubmitEdited(ctx, owls, sub, "kit/bot.py", bytes.Repeat([]byte("#"), submission.MaxSource+1), false); err == nil {
		t.Error("an edit over the limit was taken")
	}
	single, _ := p.Submit(ctx, owls, "bot.py", []byte("print(1)\n"))
	next, err := p.SubmitEdited(ctx, owls, single, "bot.py", []byte("print(2)\n"), false)
	if err != nil || next.Draft {
		t.Fatal(next, err)
	}
	if up, _ := p.Builds.ReadUpload(ctx, next.ID); string(up) != "print(2)\n" {
		t.Errorf("the edited single file: %q", up)
	}
	if subs, _ := p.Store.Submissions(ctx, owls.ID); len(subs) != 4 {
		t.Errorf("%d submissions, want 4 (refused edits store none)", len(subs))
	}
}

// FuzzReplace: an edit of any name with any text either is refused or
// gives the same zip's entries with that one's text replaced.
func FuzzReplace(f *testing.F) {
	orig := zipOf(f, "kit/bot.py", "print(1)\n", "kit/lib.py", "x = 1\n", "kit/", "")
	f.Add("kit/bot.py", []byte("print(2)\n"))
	f.Add("../kit/bot.py", []byte("x"))
	f.Add("kit/", []byte("x"))
	f.Fuzz(func(t *testing.T, p string, text []byte) {
		out, err := submission.Replace(orig, p, text)
		if err != nil {
			return
		}
		if p != "kit/bot.py" && p != "kit/lib.py" {
			t.Fatalf("replaced %q, which the zip lacks", p)
		}
		names, texts := entries(t, out)
		if strings.Join(names, ",") != "kit/bot.py,kit/lib.py,kit/" || texts[p] != string(text) {
			t.Fatalf("%v %q", names, texts[p])
		}
	})
}
