package variant

import (
	"slices"
	"testing"
)

// TestPublished16: the solver finds each published 16x16 puzzle of
// testdata unique, as the plain exact cover does, and its solution fills
// the givens and breaks no house.
func TestPublished16(t *testing.T) {
	v := must(Sized(16))
	s := NewSolver(v)
	for _, p := range readPuzzles(t, v, "testdata/janko16.txt") {
		n, sol := s.Count(p, 2)
		if want := coverCount(v, p, 2); n != want || n != 1 {
			t.Fatalf("%s: solver counts %d, exact cover %d, want 1", v.Format(p), n, want)
		}
		for c, x := range p {
			if x != 0 && sol[c] != x {
				t.Fatalf("%s: the solution changes given %s", v.Format(p), v.CellName(c))
			}
		}
		if c := v.Conflicts(sol); len(c) > 0 || slices.Contains(sol, 0) {
			t.Fatalf("%s: solution %s breaks a house", v.Format(p), v.Format(sol))
		}
	}
}

// TestMinimalSets: the fixed minimal puzzles the benchmarks time are
// unique, and no given can go, by the solver; the 6x6 and 9x9 ones also by
// the plain exact cover.
func TestMinimalSets(t *testing.T) {
	for _, key := range []string{"6x6", "classic", "x", "windoku", "12x12", "16x16"} {
		v := must(Named(key))
		s := NewSolver(v)
		ps := readPuzzles(t, v, "testdata/minimal-"+key+".txt")
		if testing.Short() || v.Size > 9 {
			ps = ps[:2]
		}
		for _, p := range ps {
			if !s.Unique(p) || (v.Size <= 9 && coverCount(v, p, 2) != 1) {
				t.Fatalf("%s %s: not unique", key, v.Format(p))
			}
			for c, x := range p {
				if x == 0 {
					continue
				}
				p[c] = 0
				if s.Unique(p) {
					t.Fatalf("%s %s: given %s can go", key, v.Format(p), v.CellName(c))
				}
				p[c] = x
			}
		}
	}
}
