package logic

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine"
)

// Every rung's step is a technique the rung yields, and every step of a
// solve one its scale's Techniques lists: a teaching book's chapter
// relies on both to say which scale and kind have its technique.
func TestRungYields(t *testing.T) {
	for _, p := range techniquePositions(t) {
		r, _ := rungNamed(p.rung)
		_, s := p.find(t)
		if !slices.Contains(r.Yields(), s.Technique) {
			t.Errorf("rung %s found %s, which it does not yield %v", r.Name, s.Technique, r.Yields())
		}
	}
	for _, r := range Rungs {
		r.Yields() // panics for a rung without its techniques
	}
	data, err := os.ReadFile("../testdata/top1465-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	puzzles := 0
	for _, line := range strings.Split(string(data), "\n") {
		if puzzles == 40 {
			break
		}
		g, err := engine.Parse(line)
		if err != nil {
			continue
		}
		puzzles++
		for _, scale := range Scales {
			res, err := SolveWith(g, Options{Scale: scale, StopAbove: 9.0})
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range res.Steps {
				if s.Technique != Guess && !slices.Contains(scale.Techniques(), s.Technique) {
					t.Errorf("%s: %s step %s, which its Techniques do not list", line, scale, s.Technique)
				}
			}
		}
	}
	if got := Classic.Techniques(); slices.Contains(got, Skyscraper) || !slices.Contains(got, XChain) || !slices.Contains(got, NestedForcing) {
		t.Errorf("classic scale's techniques %v", got)
	}
	if got := Sukaku.Techniques(); !slices.Contains(got, Skyscraper) || slices.Contains(got, CageClash) {
		t.Errorf("sukaku scale's techniques %v", got)
	}
}
