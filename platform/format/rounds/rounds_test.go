package rounds

import (
	"slices"
	"testing"
)

func TestDraw(t *testing.T) {
	r := Round{Number: 1, Players: 4, Multiplier: 1, Seed: 7, Teams: []int64{11, 12, 13, 14, 15, 16}, Submissions: []int64{1, 2, 3, 4, 5, 6}}
	if err := r.Draw(); err != nil {
		t.Fatal(err)
	}
	count := map[int]int{}
	for _, g := range r.Groups {
		if len(g) != 4 {
			t.Fatalf("game %v", g)
		}
		for _, i := range g {
			count[i]++
		}
	}
	for i := range r.Teams {
		if count[i] != 2 {
			t.Errorf("team %d plays %d games (every team the same number): %v", i, count[i], r.Groups)
		}
	}
	again := Round{Number: 1, Players: 4, Multiplier: 1, Seed: 7, Teams: r.Teams, Submissions: r.Submissions}
	again.Draw()
	if !slices.EqualFunc(r.Groups, again.Groups, slices.Equal) {
		t.Error("the same seed drew other games")
	}
	for _, bad := range []Round{
		{Players: 8, Multiplier: 1, Teams: r.Teams, Submissions: r.Submissions},
		{Players: 4, Multiplier: 0, Teams: r.Teams, Submissions: r.Submissions},
		{Players: 1, Multiplier: 1, Teams: r.Teams, Submissions: r.Submissions},
	} {
		if err := bad.Draw(); err == nil {
			t.Errorf("%+v drawn", bad)
		}
	}
	if got := (Round{Size: "small", Shape: "x", Multiplier: 2}).Options(); !slices.Equal(got, []string{"size=small", "shape=x", "multiplier=2"}) {
		t.Errorf("options %v", got)
	}
}

// TestLadderAddsUp: points 5·(n-p)·multiplier, shared places share the
// points, then first places, then mean territory; equal teams share the
// place; a game of an unknown round counts nothing.
func TestLadderAddsUp(t *testing.T) {
	rs := []Round{{Number: 1, Multiplier: 1}, {Number: 2, Multiplier: 3}}
	games := []Game{
		{Round: 1, Teams: []int64{1, 2, 3, 4}, Ranks: []int{1, 2, 2, 4}, Scores: []float64{50, 20, 20, 0}},
		{Round: 2, Teams: []int64{4, 3, 2, 1}, Ranks: []int{1, 2, 3, 4}, Scores: []float64{40, 30, 10, 0}},
		{Round: 9, Teams: []int64{1, 2, 3, 4}, Ranks: []int{1, 2, 3, 4}},
	}
	got := Ladder([]int64{1, 2, 3, 4, 5}, rs, games)
	want := []Line{
		{Team: 4, Place: 1, Points: 0 + 45, Firsts: 1, Games: 2, Mean: 20},
		{Team: 3, Place: 2, Points: 10 + 30, Firsts: 0, Games: 2, Mean: 25},
		{Team: 2, Place: 3, Points: 10 + 15, Firsts: 0, Games: 2, Mean: 15},
		{Team: 1, Place: 4, Points: 15 + 0, Firsts: 1, Games: 2, Mean: 25},
		{Team: 5, Place: 5},
	}
	if !slices.Equal(got, want) {
		t.Errorf("ladder\n got %+v\nwant %+v", got, want)
	}
	// two teams equal on everything share the place
	tied := Ladder([]int64{1, 2}, rs, []Game{{Round: 1, Teams: []int64{1, 2}, Ranks: []int{1, 1}, Scores: []float64{5, 5}}})
	if tied[0].Place != 1 || tied[1].Place != 1 || tied[0].Points != 5 || tied[1].Firsts != 1 {
		t.Errorf("tied: %+v", tied)
	}
}
