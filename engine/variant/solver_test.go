package variant

import (
	"math/rand/v2"
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

// TestStillUnique: the digger's question (is there a solution that
// differs on the emptied cells) gives the count's answer, on puzzles of
// every variant with one orbit of givens taken away.
func TestStillUnique(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for _, v := range every(t) {
		s := NewSolver(v)
		p, sol, err := Generate(v, "none", rng)
		if err != nil {
			t.Fatal(err)
		}
		// Some givens of the full solution grid too, where most removals
		// keep the grid unique.
		full := slices.Clone(sol)
		for range len(full) / 3 {
			full[rng.IntN(len(full))] = 0
		}
		for _, g := range []Grid{p, full} {
			if !s.Unique(g) {
				continue
			}
			orbits, _ := Orbits(v.Size, "rot180")
			for _, i := range rng.Perm(len(orbits))[:min(10, len(orbits))] {
				q := slices.Clone(g)
				for _, c := range orbits[i] {
					q[c] = 0
				}
				want := s.Unique(q)
				if v.Size <= 9 {
					want = coverCount(v, q, 2) == 1
				}
				if got := s.stillUnique(q, orbits[i], sol); got != want {
					t.Errorf("%s %s without %v: stillUnique %v, count says %v", v.Name, v.Format(g), orbits[i], got, want)
				}
			}
		}
	}
}
