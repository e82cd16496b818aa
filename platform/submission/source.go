package submission

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/seed27749672/arena/lang"
	"github.com/seed27749672/arena/platform/build"
	"github.com/seed27749672/arena/platform/fault"
	"github.com/seed27749672/arena/platform/store"
)

// The team page's editor: the source of one of a team's submissions, and
// a new submission made of that source with one file edited.

// MaxSource is the largest file the editor opens or takes back.
const MaxSource = 512 << 10

// File is one file of a submission's upload, as the editor lists it.
type File struct {
	Path     string `json:"path"` // its name in the zip (the upload's name for a single file)
	Size     int64  `json:"size"`
	Editable bool   `json:"editable"` // UTF-8 text of MaxSource bytes at most
}

// Source is one file of a submission, opened in the editor.
type Source struct {
	Path  string `json:"path"`
	Text  string `json:"text"`
	Kit   bool   `json:"kit"`   // the upload is a kit's zip (else a single source file)
	Files []File `json:"files"` // every file of the upload, in the zip's order
}

// Source opens a file of submission sub: p, or "" for its main file. A
// single-file upload has one file, itself. A kit's main file is its bot
// file: the file named bot.EXT (any case: Bot.java) at the kit's root (the
// zip's top, or its one top folder), EXT a language's of the registry, as
// in every starter kit; a zip without one opens its first source file at
// the root, then a Rust project's src/main.rs, then its first editable
// file.
func (in *Intake) Source(ctx context.Context, sub store.Submission, p string) (Source, error) {
	if sub.Language == store.LanguageURL {
		return Source{}, fault.UserError{Err: errors.New("an HTTP bot's URL has no source to edit")}
	}
	upload, err := in.Builds.ReadUpload(ctx, sub.ID)
	if err != nil {
		return Source{}, fault.UserError{Err: fmt.Errorf("the upload of submission %d is no longer kept (older submissions are removed past the team's storage)", sub.ID)}
	}
	if !build.IsZip(upload) {
		f := File{Path: sub.Filename, Size: int64(len(upload)), Editable: editable(upload)}
		if p != "" && p != f.Path {
			return Source{}, fault.UserError{Err: fmt.Errorf("submission %d has one file, %s", sub.ID, f.Path)}
		}
		if !f.Editable {
			return Source{}, fault.UserError{Err: fmt.Errorf("%s is not UTF-8 text of %d bytes at most", f.Path, MaxSource)}
		}
		return Source{Path: f.Path, Text: string(upload), Files: []File{f}}, nil
	}
	zr, err := zip.NewReader(bytes.NewReader(upload), int64(len(upload)))
	if err != nil {
		return Source{}, fault.UserError{Err: fmt.Errorf("the upload is not a readable zip: %w", err)}
	}
	list, texts := zipFiles(zr)
	if p == "" {
		p = mainFile(list)
	}
	i := slices.IndexFunc(list, func(f File) bool { return f.Path == p })
	if i < 0 {
		return Source{}, fault.UserError{Err: fmt.Errorf("submission %d has no file %q to edit", sub.ID, p)}
	}
	if !list[i].Editable {
		return Source{}, fault.UserError{Err: fmt.Errorf("%s is not UTF-8 text of %d bytes at most", p, MaxSource)}
	}
	return Source{Path: p, Text: texts[p], Kit: true, Files: list}, nil
}

// zipFiles lists a zip's regular files, with the text of those the
// editor can open. A file is read through a limit: a zip's sizes are its
// own word.
func zipFiles(zr *zip.Reader) ([]File, map[string]string) {
	list := []File{}
	texts := map[string]string{}
	for _, f := range zr.File {
		if !f.Mode().IsRegular() || strings.HasSuffix(f.Name, "/") {
			continue
		}
		item := File{Path: f.Name, Size: int64(f.UncompressedSize64)}
		if f.UncompressedSize64 <= MaxSource {
			if b, err := readEntry(f); err == nil && editable(b) {
				item.Editable, item.Size = true, int64(len(b))
				texts[f.Name] = string(b)
			}
		}
		list = append(list, item)
	}
	return list, texts
}

func readEntry(f *zip.File) ([]byte, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, MaxSource+1))
	if err == nil && len(b) > MaxSource {
		err = errors.New("too large")
	}
	return b, err
}

func editable(b []byte) bool {
	return len(b) <= MaxSource && utf8.Valid(b) && !bytes.ContainsRune(b, 0)
}

// mainFile is the kit's bot file among a zip's files (Source says which).
func mainFile(list []File) string {
	root := kitRoot(list)
	var atRoot []File
	for _, f := range list {
		if f.Editable && path.Dir(f.Path) == root {
			atRoot = append(atRoot, f)
		}
	}
	isSource := func(f File) bool { _, ok := lang.ByExtension(f.Path); return ok }
	for _, f := range atRoot {
		base := strings.ToLower(path.Base(f.Path))
		if strings.HasPrefix(base, "bot.") && isSource(f) {
			return f.Path
		}
	}
	if i := slices.IndexFunc(atRoot, isSource); i >= 0 {
		return atRoot[i].Path
	}
	// a Rust project's program (Cargo.toml at the root)
	if i := slices.IndexFunc(list, func(f File) bool { return f.Editable && f.Path == path.Join(root, "src", "main.rs") }); i >= 0 {
		return list[i].Path
	}
	if i := slices.IndexFunc(list, func(f File) bool { return f.Editable }); i >= 0 {
		return list[i].Path
	}
	return ""
}

// kitRoot is the folder the kit is in, as build.KitRoot finds it once
// unpacked: the zip's one top folder when all its files are in it, else
// the top (".").
func kitRoot(list []File) string {
	top := ""
	for _, f := range list {
		first, _, nested := strings.Cut(f.Path, "/")
		if !nested || (top != "" && first != top) {
			return "."
		}
		top = first
	}
	if top == "" {
		return "."
	}
	return top
}

// Edited is a new upload: submission sub's with the file p (one Source
// lists as editable) holding text instead. Every other entry of a zip is
// copied as it was, compressed bytes and all.
func (in *Intake) Edited(ctx context.Context, sub store.Submission, p string, text []byte) (filename string, upload []byte, err error) {
	if len(text) > MaxSource {
		return "", nil, fault.UserError{Err: fmt.Errorf("the edited file is %d bytes, over the editor's limit of %d", len(text), MaxSource)}
	}
	if !utf8.Valid(text) {
		return "", nil, fault.UserError{Err: errors.New("the edited file is not UTF-8 text")}
	}
	src, err := in.Source(ctx, sub, p)
	if err != nil {
		return "", nil, err
	}
	if p != src.Path { // "" is no file of an upload: the one opened is named
		return "", nil, fault.UserError{Err: errors.New("name the file you edited (path)")}
	}
	if !src.Kit {
		return sub.Filename, text, nil
	}
	orig, err := in.Builds.ReadUpload(ctx, sub.ID)
	if err != nil {
		return "", nil, err
	}
	upload, err = Replace(orig, p, text)
	return sub.Filename, upload, err
}

// Replace is the zip upload with its entry p holding text, every other
// entry copied as it was (compressed bytes and all), in its order. An
// entry p that is not a regular file of the zip is an error: nothing is
// added.
func Replace(upload []byte, p string, text []byte) ([]byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(upload), int64(len(upload)))
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(zr.File, func(f *zip.File) bool { return f.Name == p })
	if i < 0 || !zr.File[i].Mode().IsRegular() || strings.HasSuffix(p, "/") {
		return nil, fault.UserError{Err: fmt.Errorf("the upload has no file %q", p)}
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		if f.Name != p {
			if err := zw.Copy(f); err != nil {
				return nil, err
			}
			continue
		}
		h := &zip.FileHeader{Name: f.Name, Method: zip.Deflate, Modified: f.Modified}
		h.SetMode(f.Mode())
		w, err := zw.CreateHeader(h)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(text); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// SubmitEdited makes a new submission of sub's upload with the file p
// edited (Edited), checked and built as an upload is (Submit). A draft's
// build never makes it the team's active bot: it is for test games.
func (in *Intake) SubmitEdited(ctx context.Context, team store.Team, sub store.Submission, p string, text []byte, draft bool) (store.Submission, error) {
	if sub.TeamID != team.ID {
		return store.Submission{}, store.ErrNotFound
	}
	name, upload, err := in.Edited(ctx, sub, p, text)
	if err != nil {
		return store.Submission{}, err
	}
	return in.submit(ctx, team, name, upload, draft)
}
