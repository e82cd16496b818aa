package territory

import (
	"reflect"
	"slices"
	"testing"
)

// messages collects the prompts and farewells of a few games.
func messages(t testing.TB) [][]byte {
	var tr transcript
	for seed := int64(1); seed <= 3; seed++ {
		n := []int{4, 6, 8}[seed%3]
		playDirect(t, seed, slices.Repeat([]string{"greedy"}, n), &tr, "turns=40")
	}
	return tr.messages
}

// The fast reader of the builtin bots reads exactly what encoding/json reads.
func TestFastViewMatchesJSON(t *testing.T) {
	msgs := messages(t)
	for _, msg := range msgs {
		fast, ok := fastView(msg)
		slow, err := slowView(msg)
		if err != nil && ok {
			t.Fatalf("fast read a message encoding/json refuses: %v", err)
		}
		if err != nil {
			continue // an eliminated player's farewell: no head
		}
		if !ok {
			t.Fatalf("fast could not read Arena's own message %.100s", msg)
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("fast and slow views differ on %.100s", msg)
		}
	}
	// Other spellings of the same JSON go the slow way.
	spaced := []byte(`{"SelfId": "0", "Map": ["W"], "MapWidth": 1, "MaxMovement": 10, "MovementLeft": 9, "OccupiedTiles": {"Head": [{"X": 0, "Y": 0}], "Neck": [], "Body": []}, "Turn": 1, "Final": false}`)
	if _, ok := fastView(spaced); ok {
		t.Errorf("fast must refuse a spaced message")
	}
	if v, err := parseView(spaced); err != nil || v.ML != 9 {
		t.Errorf("parseView: %v %v", v, err)
	}
}

// FuzzFastView: whatever the fast reader accepts, encoding/json reads the
// same way.
func FuzzFastView(f *testing.F) {
	f.Add([]byte(`{"SelfId":"1","Map":["W","W","W","W","W","W","P0","P0-P0*","D","W","W","I","","","W","W","P1*","p1","P1","W","W","W","W","W","W"],"MapWidth":5,"MaxMovement":10,"MovementLeft":8,"OccupiedTiles":{"Head":[{"X":1,"Y":1}],"Neck":[{"X":2,"Y":1}],"Body":[{"X":3,"Y":1}]},"Turn":1,"Final":false}`))
	f.Add([]byte(`{"SelfId":"0","Map":["P0*"],"MapWidth":1,"MaxMovement":1,"MovementLeft":1,"OccupiedTiles":{"Head":[{"X":0,"Y":0}],"Neck":[],"Body":[]},"Turn":3,"Final":true}` + "\n"))
	f.Fuzz(func(t *testing.T, msg []byte) {
		fast, ok := fastView(msg)
		if !ok {
			return
		}
		slow, err := slowView(msg)
		if err != nil {
			t.Fatalf("fast accepted what encoding/json refuses (%v): %q", err, msg)
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("views differ on %q:\n%+v\n%+v", msg, fast, slow)
		}
	})
}
