package variant

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest"
	"github.com/pressrun/pressrun/engine/enginetest/skips"
)

// killerPuzzle is a published killer of testdata and its solution.
type killerPuzzle struct {
	v        *Variant
	solution Grid
}

// readKillers reads testdata/killer-tarek.txt: each line a cage code
// (CageCode's form) and the solution (sources in testdata/README.md).
func readKillers(tb testing.TB) []killerPuzzle {
	tb.Helper()
	data, err := os.ReadFile("testdata/killer-tarek.txt")
	if err != nil {
		tb.Fatal(err)
	}
	var out []killerPuzzle
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		code, sol, _ := strings.Cut(line, " ")
		v, err := ParseCageCode(9, code)
		if err != nil {
			tb.Fatalf("%s: %v", code, err)
		}
		g, err := v.Parse(sol)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, killerPuzzle{v, g})
	}
	return out
}

// plainKiller counts g's solutions with the plain checker of enginetest.
func plainKiller(v *Variant, g Grid, limit int) int {
	cages := make([][]int, len(v.Cages))
	sums := make([]int, len(v.Cages))
	for i, c := range v.Cages {
		cages[i], sums[i] = c.Cells, c.Sum
	}
	return enginetest.KillerCount(v.Size, v.Regions, cages, sums, g, limit)
}

// cagesHold reports whether the full grid g fills v's houses and adds up
// every cage with different digits.
func cagesHold(v *Variant, g Grid) bool {
	if slices.Contains(g, 0) || len(v.Conflicts(g)) > 0 {
		return false
	}
	for _, cage := range v.Cages {
		sum, seen := 0, uint32(0)
		for _, c := range cage.Cells {
			sum += int(g[c])
			if seen&(1<<g[c]) != 0 {
				return false
			}
			seen |= 1 << g[c]
		}
		if sum != cage.Sum {
			return false
		}
	}
	return true
}

func TestKillerRefusals(t *testing.T) {
	// A valid 6x6 layout to break: rows of pairs.
	pairs := func() []Cage {
		var cs []Cage
		sol := []int{1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3, 2, 3, 1, 5, 6, 4, 5, 6, 4, 2, 3, 1, 3, 1, 2, 6, 4, 5, 6, 4, 5, 3, 1, 2}
		for c := 0; c < 36; c += 2 {
			cs = append(cs, Cage{Sum: sol[c] + sol[c+1], Cells: []int{c, c + 1}})
		}
		return cs
	}
	if _, err := Killer(6, pairs()); err != nil {
		t.Fatalf("the valid layout: %v", err)
	}
	cases := []struct {
		name string
		n    int
		edit func([]Cage) []Cage
		want string
	}{
		{"side", 8, func(c []Cage) []Cage { return c }, "side 8"},
		{"gap", 6, func(c []Cage) []Cage { return c[1:] }, "r1c1 is in no cage"},
		{"overlap", 6, func(c []Cage) []Cage { c[1].Cells = []int{1, 2, 3}; return c }, "both hold r1c2"},
		{"empty", 6, func(c []Cage) []Cage { return append(c, Cage{Sum: 3}) }, "has 0 cells"},
		{"too big", 6, func(c []Cage) []Cage {
			return append(c[3:], Cage{Sum: 21, Cells: []int{0, 1, 2, 3, 4, 5, 6}})
		}, "has 7 cells"},
		{"off grid", 6, func(c []Cage) []Cage { c[0].Cells = []int{0, 36}; return c }, "off the 6x6 grid"},
		{"apart", 6, func(c []Cage) []Cage {
			c[0].Cells, c[1].Cells = []int{0, 3}, []int{2, 1}
			return c
		}, "not joined edge to edge"},
		{"sum low", 6, func(c []Cage) []Cage { c[0].Sum = 2; return c }, "make 3 to 11, not 2"},
		{"sum high", 6, func(c []Cage) []Cage { c[0].Sum = 12; return c }, "make 3 to 11, not 12"},
	}
	for _, tc := range cases {
		_, err := Killer(tc.n, tc.edit(pairs()))
		if !errors.Is(err, ErrVariant) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an ErrVariant saying %q", tc.name, err, tc.want)
		}
	}
	for _, code := range []string{"G<<L", strings.Repeat("<", 81), "^" + strings.Repeat("1", 80), "*" + strings.Repeat("1", 80)} {
		if _, err := ParseCageCode(9, code); !errors.Is(err, ErrVariant) {
			t.Errorf("cage code %q: %v, want ErrVariant", code, err)
		}
	}
}

// TestKillerForms: the cage code, the Key and the JSON form read back
// the same killer.
func TestKillerForms(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	vs := []*Variant{randomKiller(t, 6, rng).v, randomKiller(t, 9, rng).v}
	for _, p := range readKillers(t)[:3] {
		vs = append(vs, p.v)
	}
	for _, v := range vs {
		w, err := FromKey(v.Key())
		if err != nil || w.Key() != v.Key() || !slices.EqualFunc(w.Cages, v.Cages, sameCage) {
			t.Fatalf("%s: FromKey gives %v, %v", v.Key(), w, err)
		}
		g := make(Grid, v.Cells())
		g[3], g[7] = 2, 5
		for _, grid := range []Grid{make(Grid, v.Cells()), g} {
			line := v.KillerJSON(grid)
			w, h, err := ParseKillerJSON(line)
			if err != nil || w.Key() != v.Key() || !slices.Equal(h, grid) || w.KillerJSON(h) != line {
				t.Fatalf("%s: read back %v %v, %v", line, w, h, err)
			}
		}
	}
	v := vs[0]
	if !strings.HasPrefix(v.Key(), "killer-6x6:") || vs[1].Name != "killer" {
		t.Errorf("keys %q, %q", v.Key(), vs[1].Key())
	}
	for _, bad := range []string{`{"cages": [{"sum": 3, "cells": [0, 1]}]}`, `{"cages": 3}`, `not json`} {
		if _, _, err := ParseKillerJSON(bad); !errors.Is(err, ErrVariant) {
			t.Errorf("%s: %v, want ErrVariant", bad, err)
		}
	}
	line := `{"cages": [], "givens": "1"}`
	if _, _, err := ParseKillerJSON(line); err == nil {
		t.Errorf("%s: read", line)
	}
}

func sameCage(a, b Cage) bool { return a.Sum == b.Sum && slices.Equal(a.Cells, b.Cells) }

// TestPublishedKillers: each published killer has one solution, the
// published one, by the solver, and with 15 givens of it by the plain
// checker too (which takes seconds on each empty); merging two
// cages or moving a unit of sum from one cage to a neighbour gives counts
// both agree on.
func TestPublishedKillers(t *testing.T) {
	t.Parallel() // seconds on one core: beside the others
	ps := readKillers(t)
	if len(ps) < 10 {
		t.Fatalf("%d published killers", len(ps))
	}
	rng := rand.New(rand.NewPCG(5, 6))
	counts := map[int]int{}
	for i, p := range ps {
		s := NewSolver(p.v)
		empty := make(Grid, 81)
		n, sol := s.Count(empty, 2)
		if n != 1 || !slices.Equal(sol, p.solution) {
			t.Fatalf("%s: %d solutions, first %s, want 1: %s", p.v.Key(), n, p.v.Format(sol), p.v.Format(p.solution))
		}
		if testing.Short() && i >= 3 {
			continue
		}
		// The plain checker takes 2 to 15 s on these empty; with 15
		// givens of the solution it takes milliseconds, and the count
		// must still be 1.
		some := make(Grid, 81)
		for _, c := range rng.Perm(81)[:15] {
			some[c] = p.solution[c]
		}
		if got, want := plainKiller(p.v, some, 2), s.Unique(some); got != 1 || !want {
			t.Fatalf("%s with %s: the plain checker counts %d, the solver unique %v", p.v.Key(), p.v.Format(some), got, want)
		}
		for _, w := range loosened(t, p.v, p.solution, rng) {
			g := make(Grid, 81)
			// Eight givens keep the plain checker quick on the looser
			// puzzles.
			for _, c := range rng.Perm(81)[:8] {
				g[c] = p.solution[c]
			}
			got, _ := NewSolver(w).Count(g, 3)
			if want := plainKiller(w, g, 3); got != want {
				t.Fatalf("%s with %s: solver %d, plain %d", w.Key(), w.Format(g), got, want)
			}
			counts[got]++
		}
	}
	// The loosened killers must test several solutions, and one.
	if counts[1] == 0 || counts[2]+counts[3] == 0 {
		t.Errorf("loosened killers' counts %v: want 1 and more", counts)
	}
	t.Logf("loosened killers' counts: %v", counts)
}

// loosened are killers made from v: a cage's sum less one and a
// neighbouring cage's more, and two neighbouring cages whose solution
// digits differ merged (loosenedOnce), then merged again.
func loosened(t *testing.T, v *Variant, solution Grid, rng *rand.Rand) []*Variant {
	t.Helper()
	var out []*Variant
	for _, i := range rng.Perm(len(v.Cages))[:2] {
		j := -1
		for _, c := range v.Cages[i].Cells {
			for _, nb := range neighbours(9, c) {
				if o := v.CageOf(nb); o != i {
					j = o
				}
			}
		}
		cages := slices.Clone(v.Cages)
		cages[i] = Cage{Sum: cages[i].Sum - 1, Cells: cages[i].Cells}
		cages[j] = Cage{Sum: cages[j].Sum + 1, Cells: cages[j].Cells}
		if w, err := Killer(9, cages); err == nil {
			out = append(out, w)
		}
	}
	for range 2 {
		w := loosenedOnce(v, solution, rng)
		if w == nil {
			continue
		}
		out = append(out, w)
		if w = loosenedOnce(w, solution, rng); w != nil {
			out = append(out, w)
		}
	}
	return out
}

// loosenedOnce merges two more neighbouring cages of v whose solution
// digits differ, or is nil when it finds none to merge.
func loosenedOnce(v *Variant, solution Grid, rng *rand.Rand) *Variant {
	for _, i := range rng.Perm(len(v.Cages)) {
		a := v.Cages[i]
		for _, c := range a.Cells {
			for _, nb := range neighbours(9, c) {
				j := v.CageOf(nb)
				if j == i {
					continue
				}
				b := v.Cages[j]
				var digits uint32
				for _, x := range append(slices.Clone(a.Cells), b.Cells...) {
					digits |= 1 << solution[x]
				}
				if k := len(a.Cells) + len(b.Cells); k > 9 || bitsSet(digits) != k {
					continue
				}
				cages := slices.Clone(v.Cages)
				cages[i] = Cage{Sum: a.Sum + b.Sum, Cells: append(slices.Clone(a.Cells), b.Cells...)}
				return must(Killer(9, slices.Delete(cages, j, j+1)))
			}
		}
	}
	return nil
}

func bitsSet(x uint32) int {
	k := 0
	for ; x != 0; x &= x - 1 {
		k++
	}
	return k
}

// randomKiller is a killer of side n drawn by rng: a Random solution of
// the plain grid, cages of 1 to 5 cells grown from random cells through
// random free neighbours (a cage never takes a digit twice), the sums
// read from the solution. Every killer it makes has that solution.
func randomKiller(tb testing.TB, n int, rng *rand.Rand) killerPuzzle {
	tb.Helper()
	sol, err := NewSolver(must(Sized(n))).Random(rng)
	if err != nil {
		tb.Fatal(err)
	}
	owner := make([]int, n*n)
	for c := range owner {
		owner[c] = -1
	}
	var cages []Cage
	for _, start := range rng.Perm(n * n) {
		if owner[start] >= 0 {
			continue
		}
		size := 1 + rng.IntN(5)
		cells := []int{start}
		owner[start] = len(cages)
		digits := uint32(1) << sol[start]
		for len(cells) < size {
			var free []int
			for _, c := range cells {
				for _, nb := range neighbours(n, c) {
					if owner[nb] < 0 && digits&(1<<sol[nb]) == 0 {
						free = append(free, nb)
					}
				}
			}
			if len(free) == 0 {
				break
			}
			nb := free[rng.IntN(len(free))]
			owner[nb] = len(cages)
			digits |= 1 << sol[nb]
			cells = append(cells, nb)
		}
		sum := 0
		for _, c := range cells {
			sum += int(sol[c])
		}
		cages = append(cages, Cage{Sum: sum, Cells: cells})
	}
	v, err := Killer(n, cages)
	if err != nil {
		tb.Fatal(err)
	}
	return killerPuzzle{v, sol}
}

// TestRandomKillers: on killers of random layouts the solver and the
// plain checker agree on the count up to 2, and the solver's solution
// holds every cage. CI tries 40; a developer's run (CI unset) the first 20.
func TestRandomKillers(t *testing.T) {
	t.Parallel() // seconds on one core: beside the others
	rng := rand.New(rand.NewPCG(7, 8))
	counts := map[int]int{}
	n := 40
	if !skips.Acceptance() {
		n = 20
		t.Logf("%d random killers (CI: 40)", n)
	}
	for i := range n {
		n := 9
		if i%3 == 0 {
			n = 6
		}
		p := randomKiller(t, n, rng)
		g := make(Grid, p.v.Cells())
		got, sol := NewSolver(p.v).Count(g, 2)
		if want := plainKiller(p.v, g, 2); got != want {
			t.Fatalf("%s: solver %d, plain %d", p.v.Key(), got, want)
		}
		if got == 0 || !cagesHold(p.v, sol) {
			t.Fatalf("%s: %d solutions, %s", p.v.Key(), got, p.v.Format(sol))
		}
		counts[got]++
	}
	if counts[1] == 0 || counts[2] == 0 {
		t.Errorf("counts %v: want both unique and not", counts)
	}
}

// TestKillerRandom: Random on a killer is a grid holding every cage, and
// the same seed gives the same grid.
func TestKillerRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, p := range append(readKillers(t)[:1], randomKiller(t, 6, rng), randomKiller(t, 9, rng)) {
		a, err := NewSolver(p.v).Random(rand.New(rand.NewPCG(2, 3)))
		if err != nil || !cagesHold(p.v, a) {
			t.Fatalf("%s: %s, %v", p.v.Key(), p.v.Format(a), err)
		}
		b, _ := NewSolver(p.v).Random(rand.New(rand.NewPCG(2, 3)))
		if !slices.Equal(a, b) {
			t.Fatalf("%s: same seed, %s and %s", p.v.Key(), p.v.Format(a), p.v.Format(b))
		}
	}
}

// TestKillerPublishedLevels: every published killer with its publisher's
// level (testdata/killer-published.jsonl) reads in the JSON form
// and has exactly one solution by the solver, the one published.
func TestKillerPublishedLevels(t *testing.T) {
	data, err := os.ReadFile("testdata/killer-published.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) < 40 {
		t.Fatalf("%d published killers", len(lines))
	}
	for i, line := range lines {
		if testing.Short() && i >= 5 {
			break
		}
		v, g, err := ParseKillerJSON(line)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		var rec struct{ Solution string }
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		n, sol := NewSolver(v).Count(g, 2)
		if n != 1 || v.Format(sol) != rec.Solution {
			t.Errorf("line %d: %d solutions, %s; published %s", i+1, n, v.Format(sol), rec.Solution)
		}
	}
}
