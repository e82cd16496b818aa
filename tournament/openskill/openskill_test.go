package openskill

import (
	"math"
	"testing"
)

// The expected values below are the reference values of the openskill.js
// test suite (github.com/philihp/openskill.js). The model-level ones, without
// tau, come from src/models/__tests__/plackett-luce.test.ts, describe
// 'plackettLuce'; those with the default tau (mu/300) from
// src/__tests__/rate.test.ts, describe 'rate'. Each case names its test.

func noTau() Model { m := Default(); m.Tau = 0; return m }

func near(t *testing.T, name string, got, want []Rating) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d ratings, want %d", name, len(got), len(want))
	}
	for i := range want {
		if math.Abs(got[i].Mu-want[i].Mu) > 1e-9 || math.Abs(got[i].Sigma-want[i].Sigma) > 1e-9 {
			t.Errorf("%s: player %d = %+v, want %+v", name, i, got[i], want[i])
		}
	}
}

func ranks(n int) []int {
	r := make([]int, n)
	for i := range r {
		r[i] = i + 1
	}
	return r
}

func newcomers(m Model, n int) []Rating {
	out := make([]Rating, n)
	for i := range out {
		out[i] = m.New()
	}
	return out
}

// plackett-luce.test.ts: '2p FFA', '3p FFA', '4p FFA', '5p FFA'.
func TestFreeForAllOfNewcomers(t *testing.T) {
	m := noTau()
	cases := map[int][]Rating{
		2: {{27.63523138347365, 8.065506316323548}, {22.36476861652635, 8.065506316323548}},
		3: {{27.868876552746237, 8.204837030780652}, {25.717219138186557, 8.057829747583874}, {21.413904309067206, 8.057829747583874}},
		4: {{27.795084971874736, 8.263160757613477}, {26.552824984374855, 8.179213704945203}, {24.68943500312503, 8.083731307186588}, {20.96265504062538, 8.083731307186588}},
		5: {{27.666666666666668, 8.290556877154474}, {26.833333333333332, 8.240145629781066}, {25.72222222222222, 8.179996679645559}, {24.055555555555557, 8.111796013701358}, {20.72222222222222, 8.111796013701358}},
	}
	for n, want := range cases {
		got, err := m.RateFFA(newcomers(m, n), ranks(n))
		if err != nil {
			t.Fatal(err)
		}
		near(t, "FFA of newcomers", got, want)
	}
}

// plackett-luce.test.ts: '3 teams different sized players'.
func TestTeamsOfDifferentSizes(t *testing.T) {
	m := noTau()
	r := m.New()
	out, err := m.Rate([][]Rating{{r, r, r}, {r}, {r, r}}, ranks(3))
	if err != nil {
		t.Fatal(err)
	}
	near(t, "team of 3", out[0], []Rating{{25.939870821784513, 8.247641552260456}, {25.939870821784513, 8.247641552260456}, {25.939870821784513, 8.247641552260456}})
	near(t, "team of 1", out[1], []Rating{{27.21366020491262, 8.274321317985242}})
	near(t, "team of 2", out[2], []Rating{{21.84646897330287, 8.213058173195341}, {21.84646897330287, 8.213058173195341}})
}

// rate.test.ts (default tau): 'rate accepts and runs a placket-luce model
// by default', 'accepts a rate ordering', 'allows ties', 'four-way-tie with
// newbies', 'fixes orders of ties', 'accepts a tau term'.
func TestRateWithTau(t *testing.T) {
	m := Default()
	w, x, y, z := Rating{15, 25.0 / 3}, Rating{20, 25.0 / 3}, Rating{25, 25.0 / 3}, Rating{30, 25.0 / 3}
	cases := []struct {
		name    string
		players []Rating
		ranks   []int
		tau     float64
		want    []Rating
	}{
		{"by default", []Rating{{29.182, 4.782}, {27.174, 4.922}, {16.672, 6.217}, m.New()}, []int{1, 2, 3, 4}, m.Tau,
			[]Rating{{30.210227447000438, 4.765617924939384}, {27.644725221915632, 4.883479590134575}, {17.4036218889969, 6.101259408259549}, {19.21460876538932, 7.854669920480409}}},
		{"rate ordering", []Rating{w, x, y, z}, []int{1, 3, 4, 2}, m.Tau,
			[]Rating{{18.131120980297805, 8.283536573151807}, {20.405169039419135, 8.107860440531121}, {20.65583040714804, 8.082574596348321}, {30.80787957313502, 8.155100416275928}}},
		{"ties", []Rating{{10, 8}, {5, 10}, {0, 12}}, []int{1, 2, 2}, m.Tau,
			[]Rating{{11.942996666741225, 7.926888197620324}, {2.9381178546315034, 9.653804487570165}, {-1.4024317012198733, 11.323641575516767}}},
		{"four-way tie", newcomers(m, 4), []int{1, 1, 1, 1}, m.Tau,
			[]Rating{{25, 8.263571791259416}, {25, 8.263571791259416}, {25, 8.263571791259416}, {25, 8.263571791259416}}},
		{"orders of ties", []Rating{w, x, y, z}, []int{2, 4, 2, 1}, m.Tau,
			[]Rating{{15.340043358359136, 8.213141619804967}, {18.007678675484204, 8.189033933813437}, {24.25801928251219, 8.166918055585525}, {32.39425868364447, 8.247687230833794}}},
		{"tau term", []Rating{{25, 3}, {25, 3}}, []int{1, 2}, 0.3,
			[]Rating{{25.624880438870754, 2.9879993738476953}, {24.375119561129246, 2.9879993738476953}}},
	}
	for _, c := range cases {
		mm := m
		mm.Tau = c.tau
		got, err := mm.RateFFA(c.players, c.ranks)
		if err != nil {
			t.Fatal(err)
		}
		near(t, c.name, got, c.want)
	}
}

// rate.test.ts: 'rate accepts and runs a placket-luce model by default for
// teams'.
func TestTeamsWithTau(t *testing.T) {
	m := Default()
	out, err := m.Rate([][]Rating{{{29.182, 4.782}, {27.174, 4.922}}, {{16.672, 6.217}, m.New()}}, []int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	near(t, "winners", out[0], []Rating{{29.607340941337068, 4.755311788972862}, {27.624602782532037, 4.892807828777459}})
	near(t, "losers", out[1], []Rating{{15.953170429143093, 6.125902065139878}, {23.70858117648013, 8.111707446126035}})
}

func TestRateRefusesMismatch(t *testing.T) {
	m := Default()
	if _, err := m.Rate([][]Rating{{m.New()}, {m.New()}}, []int{1}); err == nil {
		t.Error("2 teams and 1 rank accepted")
	}
	if _, err := m.Rate([][]Rating{{m.New()}, {}}, []int{1, 2}); err == nil {
		t.Error("an empty team accepted")
	}
	// A game alone changes nothing but the dynamics factor.
	got, _ := Model{Mu: 25, Sigma: 8, Beta: 4}.RateFFA([]Rating{{25, 8}}, []int{1})
	if got[0] != (Rating{25, 8}) {
		t.Errorf("solo game: %+v", got[0])
	}
	if o := (Rating{30, 2}).Ordinal(); o != 24 {
		t.Errorf("ordinal %v", o)
	}
}
