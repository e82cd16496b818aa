package psi

import (
	"context"
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	p, err := Parse("some avg10=27.17 avg60=20.17 avg300=31.13 total=5545623289\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n")
	if err != nil {
		t.Fatal(err)
	}
	want := Line{Avg10: 27.17, Avg60: 20.17, Avg300: 31.13, Total: 5545623289 * time.Microsecond}
	if p.Some != want || p.Full != (Line{}) {
		t.Errorf("got %+v", p)
	}
	for _, bad := range []string{
		"", "full avg10=0.00 avg60=0.00 avg300=0.00 total=0", "some avg10=1 avg60=2 avg300=3",
		"some avg10=x avg60=2 avg300=3 total=4", "some avg10=1 avg60=2 avg300=3 total=-4",
		"some avg10=1 avg60=2 avg300=3 total=4 what=5", "other avg10=1", "some avg10=101 avg60=2 avg300=3 total=4",
	} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add("some avg10=27.17 avg60=20.17 avg300=31.13 total=5545623289\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n")
	f.Add("some avg10=0.00 avg60=0.00 avg300=0.00 total=0")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			return
		}
		for _, l := range []Line{p.Some, p.Full} {
			if l.Total < 0 || l.Avg10 < 0 || l.Avg10 > 100 || l.Avg60 < 0 || l.Avg60 > 100 || l.Avg300 < 0 || l.Avg300 > 100 {
				t.Errorf("Parse(%q) = %+v: out of range", s, p)
			}
		}
	})
}

// The machine's file, where the kernel has one, parses, and its total
// never goes back; WaitCalm returns at once under a threshold of 100 %.
func TestMachine(t *testing.T) {
	a, err := Read(CPUFile)
	if err != nil {
		t.Skipf("this kernel reports no CPU pressure: %v", err)
	}
	time.Sleep(10 * time.Millisecond)
	b, err := Read(CPUFile)
	if err != nil {
		t.Fatal(err)
	}
	if b.Some.Total < a.Some.Total {
		t.Errorf("the total went back: %v then %v", a.Some.Total, b.Some.Total)
	}
	if s := Share(a, b, 10*time.Millisecond); s < 0 {
		t.Errorf("share %v", s)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := WaitCalm(ctx, 100, time.Millisecond); err != nil {
		t.Errorf("WaitCalm under 100 %%: %v", err)
	}
}

// WaitCalm gives up with its context while the machine is above the
// threshold (0 %: any pressure at all, with a hog on every core).
func TestWaitCalmEndsWithItsContext(t *testing.T) {
	if _, _, ok := Busy(0); !ok {
		t.Skip("this kernel reports no CPU pressure")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if busy, _, _ := Busy(0); busy {
		if err := WaitCalm(ctx, 0, time.Millisecond); err == nil {
			t.Error("WaitCalm returned nil on a busy machine with a cancelled context")
		}
	} else {
		t.Skip("no CPU pressure at all right now: nothing to wait for")
	}
}
