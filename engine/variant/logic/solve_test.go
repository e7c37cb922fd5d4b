package logic

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
)

// replay holds a solve to the solution the exact solver finds, step by
// step and on its own candidates (not the solver's board): every
// placement is the solution's symbol and a candidate of its cell, every
// elimination removes a candidate that is not the solution's, and the
// placements fill the grid. It is what catches a wrong technique.
func replay(t *testing.T, v *variant.Variant, p variant.Grid, r Result) {
	t.Helper()
	n, sol := variant.NewSolver(v).Count(p, 2)
	if n != 1 || !slices.Equal(sol, r.Solution) {
		t.Fatalf("%s %s: solution %v, the exact solver's %v (%d)", v.Name, v.Format(p), r.Solution, sol, n)
	}
	at := newPosition(v, p)
	grid, cand := at.val, at.cand
	place := func(c, s int) { at.place(v, c, s) }
	er, score := 0.0, 0
	for i, st := range r.Steps {
		for _, x := range st.Remove {
			if int(sol[x.Cell]) == x.Symbol {
				t.Fatalf("%s %s step %d (%s): removes the solution's %s", v.Name, v.Format(p), i, st.Text, v.CellName(x.Cell))
			}
			cand[x.Cell] &^= 1 << (x.Symbol - 1)
		}
		for _, x := range st.Place {
			if int(sol[x.Cell]) != x.Symbol {
				t.Fatalf("%s %s step %d (%s): places a wrong symbol in %s", v.Name, v.Format(p), i, st.Text, v.CellName(x.Cell))
			}
			if grid[x.Cell] == 0 {
				if cand[x.Cell]&(1<<(x.Symbol-1)) == 0 {
					t.Fatalf("%s step %d (%s): places a symbol that is no candidate", v.Name, i, st.Text)
				}
				place(x.Cell, x.Symbol)
			}
		}
		if len(st.Place) == 0 && len(st.Remove) == 0 {
			t.Fatalf("%s step %d (%s): no progress", v.Name, i, st.Text)
		}
		if st.Technique.Cost() <= 0 {
			t.Errorf("%s step %d: %s has no cost", v.Name, i, st.Technique)
		}
		er = max(er, st.Rating)
		score += st.Score
	}
	if !slices.Equal(grid, sol) {
		t.Fatalf("%s %s: the steps leave %s", v.Name, v.Format(p), v.Format(grid))
	}
	if er != r.ER || score != r.Score {
		t.Errorf("%s: er %g score %d, the steps add up to %g, %d", v.Name, r.ER, r.Score, er, score)
	}
	steps := 0
	for _, k := range r.Counts {
		steps += k
	}
	if steps != len(r.Steps) || r.Counts["guess"] != r.Guesses {
		t.Errorf("%s: counts %v for %d steps, %d guesses", v.Name, r.Counts, len(r.Steps), r.Guesses)
	}
}

// TestEveryVariant solves generated puzzles of every variant, minimal
// ones and ones dug to a middle rating (more steps of the middle rungs),
// and replays each solve against the exact solver's solution. It also
// asks that the extra houses take part in steps beyond the singles.
func TestEveryVariant(t *testing.T) {
	extraUsed := map[string]bool{}
	for _, v := range every(t) {
		k := 12
		if v.Size >= 12 {
			k = 2
		}
		s := NewSolver(v)
		ps := generated(t, v, k, 3)
		rng := rand.New(rand.NewPCG(4, uint64(v.Size)))
		orbits, _ := variant.Orbits(v.Size, "none")
		for range k / 2 {
			sol, err := variant.NewSolver(v).Random(rng)
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, s.Dig(sol, orbits, 4.4, rng))
		}
		for _, p := range ps {
			r, err := s.Solve(p)
			if err != nil {
				t.Fatalf("%s %s: %v", v.Name, v.Format(p), err)
			}
			replay(t, v, p, r)
			for _, st := range r.Steps {
				if st.Rating > 1.5 && (strings.Contains(st.Text, "diagonal") || strings.Contains(st.Text, "window")) {
					extraUsed[v.Name] = true
				}
			}
		}
	}
	for _, name := range []string{"x", "windoku"} {
		if !extraUsed[name] {
			t.Errorf("%s: no step beyond the singles names an extra house", name)
		}
	}
}

// TestDig: a puzzle dug to a bound has one solution and rates within
// it, and no orbit of its givens can go without breaking one of the two.
func TestDig(t *testing.T) {
	for _, v := range every(t) {
		if v.Size > 9 {
			continue
		}
		s := NewSolver(v)
		rng := rand.New(rand.NewPCG(9, uint64(v.Size)))
		sol, err := variant.NewSolver(v).Random(rng)
		if err != nil {
			t.Fatal(err)
		}
		orbits, _ := variant.Orbits(v.Size, "rot180")
		for _, maxER := range []float64{1.5, 2.6} {
			p := s.Dig(sol, orbits, maxER, rng)
			if n := plainCount(v, p, 2); n != 1 {
				t.Fatalf("%s: dug %s has %d solutions by the plain count", v.Name, v.Format(p), n)
			}
			r, err := s.Solve(p)
			if err != nil || r.ER > maxER {
				t.Fatalf("%s: dug to %g, rates %g (%v)", v.Name, maxER, r.ER, err)
			}
			for _, orbit := range orbits {
				if p[orbit[0]] == 0 {
					continue
				}
				q := slices.Clone(p)
				for _, c := range orbit {
					q[c] = 0
				}
				if r, err := s.Solve(q); err == nil && r.ER <= maxER {
					t.Errorf("%s: orbit %v of %s could go too (er %g)", v.Name, orbit, v.Format(p), r.ER)
				}
			}
		}
	}
}

// plainCount counts the solutions of g up to limit the plain way, for
// checking only: depth first over the cells in order, each symbol tried
// against the cell's peers.
func plainCount(v *variant.Variant, g variant.Grid, limit int) int {
	g = slices.Clone(g)
	var rec func(c int) int
	rec = func(c int) int {
		for c < len(g) && g[c] != 0 {
			c++
		}
		if c == len(g) {
			return 1
		}
		found := 0
		for s := 1; s <= v.Size && found < limit; s++ {
			ok := true
			for _, q := range v.Peers(c) {
				if int(g[q]) == s {
					ok = false
					break
				}
			}
			if ok {
				g[c] = uint8(s)
				found += rec(c + 1)
				g[c] = 0
			}
		}
		return found
	}
	return rec(0)
}

// TestNotUnique: a puzzle with two solutions, or none, is refused.
func TestNotUnique(t *testing.T) {
	v := must(variant.Sized(6))
	p := generated(t, v, 1, 5)[0]
	fewer := slices.Clone(p)
	for c := range fewer {
		if fewer[c] != 0 && plainCount(v, fewer, 2) == 1 {
			fewer[c] = 0
		}
	}
	if _, err := Solve(v, fewer); !errors.Is(err, ErrNotUnique) {
		t.Errorf("%s: %v, want ErrNotUnique", v.Format(fewer), err)
	}
	if _, err := Solve(v, p[:10]); err == nil {
		t.Error("a short grid is accepted")
	}
}

// TestStopAbove: a solve stopped above a bound reports a rating above
// it, and one not stopped is the full solve.
func TestStopAbove(t *testing.T) {
	v := variant.Classic()
	s := NewSolver(v)
	for _, p := range generated(t, v, 10, 7) {
		full, err := s.Solve(p)
		if err != nil {
			t.Fatal(err)
		}
		cut, err := s.SolveWith(p, Options{StopAbove: 2.5})
		if err != nil {
			t.Fatal(err)
		}
		if cut.Stopped != (full.ER > 2.5) || cut.Stopped && cut.ER <= 2.5 || !cut.Stopped && cut.ER != full.ER {
			t.Errorf("%s: er %g, stopped above 2.5: %v er %g", v.Format(p), full.ER, cut.Stopped, cut.ER)
		}
	}
}

// TestColumn: the level columns read the result.
func TestColumn(t *testing.T) {
	r := Result{ER: 4.2, EP: 2.3, ED: 1.2, Score: 500, Steps: make([]Step, 7), Guesses: 1}
	for _, tt := range []struct {
		name string
		want float64
	}{{"er", 4.2}, {"ep", 2.3}, {"ed", 1.2}, {"score", 500}, {"steps", 7}, {"guesses", 1}} {
		if got, ok := r.Column(tt.name); !ok || math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("Column(%q) = %g, %v", tt.name, got, ok)
		}
	}
	if _, ok := r.Column("wnef"); ok {
		t.Error("Column(wnef) is known")
	}
}
