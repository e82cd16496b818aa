package ants

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"slices"
	"testing"
)

// decodeFrame decodes a frame strictly: every field must be documented in
// the frame struct.
func decodeFrame(t *testing.T, raw []byte) frame {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var f frame
	if err := dec.Decode(&f); err != nil {
		t.Fatalf("frame %s: %v", raw, err)
	}
	return f
}

func TestFrames(t *testing.T) {
	rep := runMatch(t, []string{"builtin:boss4", "builtin:random"}, 17, 4, generous...)
	init := decodeFrame(t, rep.Initial)
	if init.Turn != 0 || init.Setup == nil {
		t.Fatalf("initial frame without setup")
	}
	st := init.Setup
	n := len(st.Cells)
	if n == 0 || len(init.Resources) != n || len(init.Ants[0]) != n || len(init.Beacons[1]) != n {
		t.Fatalf("initial frame sizes: %d cells", n)
	}
	if st.Players[0].Color != "#22a1e4" || st.Players[1].Color != "#ff1d5c" || st.Players[0].Name != "boss4" {
		t.Errorf("players %+v", st.Players)
	}
	for i, c := range st.Cells {
		if c.Index != i {
			t.Errorf("cell %d has index %d", i, c.Index)
		}
		for _, nb := range c.Neighbors {
			if nb >= n {
				t.Errorf("cell %d neighbour %d", i, nb)
			}
		}
		if c.Resources != init.Resources[i] {
			t.Errorf("cell %d: initial resources %d vs %d", i, c.Resources, init.Resources[i])
		}
	}
	for p := range 2 {
		for _, b := range st.Bases[p] {
			if st.Cells[b].Owner != p || init.Ants[p][b] != st.StartAnts {
				t.Errorf("base %d of player %d: owner %d, ants %d", b, p, st.Cells[b].Owner, init.Ants[p][b])
			}
		}
	}
	total := 0
	for i, tr := range rep.Turns {
		f := decodeFrame(t, tr.Frame)
		if f.Turn != i+1 || f.Setup != nil {
			t.Errorf("turn %d frame: turn %d, setup %v", i+1, f.Turn, f.Setup != nil)
		}
		for p := range 2 {
			sum := 0
			for _, a := range f.Ants[p] {
				sum += a
			}
			if sum != f.AntTotals[p] {
				t.Errorf("turn %d: ant total %d, cells hold %d", f.Turn, f.AntTotals[p], sum)
			}
			for _, c := range f.HarvestedFrom[p] {
				if !slices.ContainsFunc(f.Harvests, func(h harvestFrame) bool { return h.Player == p && h.Cell == c }) {
					t.Errorf("turn %d: harvestedFrom %d without a harvest", f.Turn, c)
				}
			}
		}
		for _, m := range f.Moves {
			if !slices.Contains(st.Cells[m.From].Neighbors[:], m.To) || m.Count <= 0 {
				t.Errorf("turn %d: move %+v is not one step", f.Turn, m)
			}
		}
		for _, h := range f.Harvests {
			total += h.Amount
			if h.Path[0] != h.Cell || !slices.Contains(st.Bases[h.Player], h.Path[len(h.Path)-1]) {
				t.Errorf("turn %d: harvest path %v from %d", f.Turn, h.Path, h.Cell)
			}
			for k := 1; k < len(h.Path); k++ {
				if !slices.Contains(st.Cells[h.Path[k-1]].Neighbors[:], h.Path[k]) {
					t.Errorf("turn %d: path %v is not connected", f.Turn, h.Path)
				}
			}
			if (h.Kind == "egg") != (st.Cells[h.Cell].Type == 1) {
				t.Errorf("turn %d: harvest kind %s on a cell of type %d", f.Turn, h.Kind, st.Cells[h.Cell].Type)
			}
		}
		if f.Over != (i == len(rep.Turns)-1) || (f.End != nil) != f.Over {
			t.Errorf("turn %d: over %v, end %v", f.Turn, f.Over, f.End)
		}
	}
	if total == 0 {
		t.Errorf("no harvest in the whole game")
	}
	last := decodeFrame(t, rep.Turns[len(rep.Turns)-1].Frame)
	if last.End.Winner != 0 || last.End.Scores[0] != last.Scores[0] {
		t.Errorf("end %+v, scores %v, result %s", last.End, last.Scores, rep.Result.Summary)
	}
}

// Frame must not change the state: calling it twice gives the same bytes.
func TestFrameIsPure(t *testing.T) {
	r := setup{board: line6(), ants: [2]string{"0:4 1:4 2:4", "5:8"}, crystals: "2:20", eggs: "4:10"}.referee(t)
	r.playLines("BEACON 3 1", "LINE 5 4 1;MESSAGE hi")
	a, b := r.Frame(), r.Frame()
	if !bytes.Equal(a, b) {
		t.Fatal("two calls to Frame differ")
	}
	f := decodeFrame(t, a)
	if f.Messages[1] != "hi" || f.Beacons[0][3] != 1 || f.Beacons[1][4] != 1 || len(f.Moves) == 0 {
		t.Errorf("frame %s", a)
	}
}

// The frame examples of docs/games/ants.md are frames this code produces
// (the third one in part), so the documentation cannot drift from it.
func TestDocumentedFrameExamples(t *testing.T) {
	doc, err := os.ReadFile("../../docs/games/ants.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```json\n(.*?)```").FindAllSubmatch(doc, -1)
	if len(blocks) != 3 {
		t.Fatalf("docs/games/ants.md has %d JSON examples, want 3", len(blocks))
	}
	r := setup{board: hex7(), bases: [2][]int{{1}, {4}}, ants: [2]string{"1:10", "4:10"}, crystals: "0:40", eggs: "3:12 6:12"}.referee(t)
	r.names = [2]string{"alice", "bob"}
	r.m.StartAnts, r.m.Rings, r.m.Food, r.m.Layouts = 10, 4, "normal", "noblob"
	var frames [][]byte
	frames = append(frames, r.Frame())
	r.playLines("LINE 1 0 1;BEACON 6 2;MESSAGE hello", "BEACON 0 1;BEACON 99 1")
	r.playLines("LINE 1 0 1;BEACON 6 2", "BEACON 0 1;BEACON 5 1")
	frames = append(frames, r.Frame())
	r.playLines("LINE 1 0 1;BEACON 6 2", "BEACON 4 1;MESSAGE hello;FOO")
	frames = append(frames, r.Frame())
	for i, b := range blocks {
		decodeFrame(t, b[1])
		var doc, got map[string]any
		if err := json.Unmarshal(b[1], &doc); err != nil {
			t.Fatal(err)
		}
		json.Unmarshal(frames[i], &got)
		if i < 2 && len(doc) != len(got) {
			t.Errorf("example %d has %d fields, the frame %d", i+1, len(doc), len(got))
		}
		for k, v := range doc {
			if !reflect.DeepEqual(v, got[k]) {
				g, _ := json.Marshal(got[k])
				t.Errorf("example %d, field %s: documented %v, produced %s", i+1, k, v, g)
			}
		}
	}
}
