package variant

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest/skips"
)

// plainOrders lists the orders of n lines (each the source line of lines
// 0..n-1) that keep blocks of size consecutive lines together, the slow
// way: every permutation, kept when each block's lines land in one block.
// It is the tests' own account of the band and stack moves.
func plainOrders(n, size int) [][]uint8 {
	var out [][]uint8
	p := make([]uint8, n)
	used := make([]bool, n)
	var place func(i int)
	place = func(i int) {
		if i == n {
			for b := 0; b < n; b += size {
				for j := b; j < b+size; j++ {
					if int(p[j])/size != int(p[b])/size {
						return
					}
				}
			}
			out = append(out, slices.Clone(p))
			return
		}
		for x := range n {
			if !used[x] {
				used[x], p[i] = true, uint8(x)
				place(i + 1)
				used[x] = false
			}
		}
	}
	place(0)
	return out
}

// plainMoves lists v's group by its definition, the slow way: every
// orientation, row order and column order of the band and stack product
// (for a jigsaw, the eight moves of the square) kept when each house's
// cells come from one house.
func plainMoves(v *Variant) []Transform {
	n := v.Size
	var rowOrders, colOrders [][]uint8
	ts := []bool{false, true}
	if v.IsJigsaw() {
		id, rev := make([]uint8, n), make([]uint8, n)
		for i := range n {
			id[i], rev[i] = uint8(i), uint8(n-1-i)
		}
		rowOrders, colOrders = [][]uint8{id, rev}, [][]uint8{id, rev}
	} else {
		rowOrders, colOrders = plainOrders(n, v.BoxRows), plainOrders(n, v.BoxCols)
	}
	// in[c]: bit i when cell c is in house i, the extra houses first so
	// that most moves fail at once.
	houses := append(slices.Clone(v.Houses()[3*n:]), v.Houses()[:3*n]...)
	in := make([]uint64, n*n)
	for i, h := range houses {
		for _, c := range h {
			in[c] |= 1 << i
		}
	}
	var out []Transform
	for _, tr := range ts {
		for _, rows := range rowOrders {
			for _, cols := range colOrders {
				t := Transform{Transpose: tr, Rows: rows, Cols: cols}
				ok := true
				for _, h := range houses {
					common := ^uint64(0)
					for _, c := range h {
						common &= in[t.source(c)]
					}
					if !v.IsJigsaw() && common == 0 {
						ok = false
						break
					}
				}
				if ok {
					out = append(out, t)
				}
			}
		}
	}
	return out
}

// bruteCanonical is the definition of the canonical form computed the
// slow way over the moves given: each move's layout (a jigsaw's, regions
// numbered as they first appear), pattern and first-appearance labels,
// the smallest kept.
func bruteCanonical(v *Variant, moves []Transform, g Grid) (string, Grid) {
	n := v.Size
	var bestKey string
	var bestForm Grid
	for _, m := range moves {
		var layout, pattern []byte
		form := make(Grid, n*n)
		label := make([]uint8, n+1)
		next := uint8(1)
		for i := range form {
			src := m.source(i)
			if v.IsJigsaw() {
				layout = append(layout, byte(v.Regions[src]))
			}
			x := g[src]
			pattern = append(pattern, min(x, 1))
			if x != 0 && label[x] == 0 {
				label[x] = next
				next++
			}
			form[i] = label[x]
		}
		var lay []byte
		for _, r := range renumber(toInts(layout)) {
			lay = append(lay, byte(r))
		}
		k := string(lay) + string(pattern) + string(form)
		if bestForm == nil || k < bestKey {
			bestKey, bestForm = k, form
		}
	}
	return bestKey[:len(bestKey)-2*n*n], bestForm
}

func toInts(b []byte) []int {
	out := make([]int, len(b))
	for i, x := range b {
		out[i] = int(x)
	}
	return out
}

// patternGrid is the full grid whose row r is the first row shifted by
// (r mod h)·w + r/h: the most regular solution of each size, with many
// automorphisms.
func patternGrid(v *Variant) Grid {
	n, h, w := v.Size, v.BoxRows, v.BoxCols
	g := make(Grid, n*n)
	for r := range n {
		for c := range n {
			g[r*n+c] = uint8((r%h*w+r/h+c)%n + 1)
		}
	}
	return g
}

// keepCells is g with only the cells in says yes to.
func keepCells(g Grid, n int, in func(r, c int) bool) Grid {
	h := make(Grid, len(g))
	for i := range g {
		if in(i/n, i%n) {
			h[i] = g[i]
		}
	}
	return h
}

// testGrids are grids of v to canonicalise: generated puzzles (with and
// without a symmetric pattern) and their solutions, the pattern grid and
// parts of it, and the empty grid.
func testGrids(t testing.TB, v *Variant, k int, seed uint64) []Grid {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, uint64(v.Size)))
	var out []Grid
	for i := range k {
		sym := []string{"none", "rot180"}[i%2]
		if !v.Allows(sym) { // a jigsaw test layout without a half turn
			sym = "none"
		}
		p, sol, err := Generate(v, sym, rng)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p, sol)
	}
	n := v.Size
	out = append(out, make(Grid, n*n))
	if !v.IsJigsaw() && len(v.Extra) == 0 {
		pg := patternGrid(v)
		if len(v.Conflicts(pg)) != 0 {
			t.Fatalf("%s: pattern grid %s is not a solution", v.Name, v.Format(pg))
		}
		out = append(out, pg,
			keepCells(pg, n, func(r, c int) bool { return r == c || r+c == n-1 }),
			keepCells(pg, n, func(r, c int) bool { return r == 0 && c == 0 }))
		if n <= 9 {
			// Grids whose pattern leaves most moves tied: fast up to 9x9,
			// seconds or more on 12x12 and 16x16 (see Group.Canonical).
			out = append(out,
				keepCells(pg, n, func(r, c int) bool { return r < v.BoxRows }),
				keepCells(pg, n, func(r, c int) bool { return r != 1 || c != 1 }))
		}
	}
	return out
}

// TestGroupMoves: each variant's group has the number of moves the
// product formula gives (4x4 128, 6x6 3,456, ...), X and windoku the
// moves their definition keeps (checked against the slow listing of the
// whole product), a jigsaw 8; random draws are in the group by the
// definition (Contains), keep solutions solutions, and cover the group.
func TestGroupMoves(t *testing.T) {
	want := map[string]uint64{
		"4x4": 128, "6x6": 3456, "8x8": 442368, "classic": 3359232,
		"12x12": 2579890176, "16x16": 126806761930752,
		"x": 96, "windoku": 128, "jigsaw": 8, "jigsaw-6x6": 8,
	}
	rng := rand.New(rand.NewPCG(1, 1))
	for _, v := range every(t) {
		G := GroupOf(v)
		if got := G.Moves(); got != want[v.Name] {
			t.Errorf("%s: %d moves, want %d", v.Name, got, want[v.Name])
		}
		_, sol, err := Generate(v, "none", rng)
		if err != nil {
			t.Fatal(err)
		}
		for range 30 {
			u := G.Random(rng)
			if !G.Contains(u) {
				t.Fatalf("%s: drew %v, not in the group", v.Name, u)
			}
			w, err := u.ApplyVariant(v)
			if err != nil {
				t.Fatal(err)
			}
			if c := w.Conflicts(u.Apply(sol)); len(c) > 0 {
				t.Fatalf("%s: a drawn move breaks the solution at %v", v.Name, c)
			}
			if back := u.Inverse().Apply(u.Apply(sol)); !slices.Equal(back, sol) {
				t.Fatalf("%s: Inverse does not undo %v", v.Name, u)
			}
		}
	}
	for _, v := range []*Variant{X(), Windoku(), jigsaw9(t)} {
		if testing.Short() && !v.IsJigsaw() {
			continue
		}
		G := GroupOf(v)
		plain := plainMoves(v)
		if len(plain) != len(G.moves) {
			t.Fatalf("%s: %d moves listed, %d by the definition", v.Name, len(G.moves), len(plain))
		}
		seen := map[string]bool{}
		for _, m := range G.moves {
			seen[fmt.Sprint(m.transpose, m.rows, m.cols)] = true
		}
		for _, m := range plain {
			if !seen[fmt.Sprint(m.Transpose, m.Rows, m.Cols)] {
				t.Fatalf("%s: move %v of the definition is not listed", v.Name, m)
			}
		}
	}
	// Uniform: the 128 moves of a 4x4 all come up.
	G := GroupOf(must(Sized(4)))
	seen := map[string]int{}
	for range 128 * 40 {
		u := G.Random(rng)
		seen[fmt.Sprint(u.Transpose, u.Rows, u.Cols)]++
	}
	if len(seen) != 128 {
		t.Errorf("4x4: %d of 128 moves drawn", len(seen))
	}
	for m, k := range seen {
		if k < 10 || k > 80 {
			t.Errorf("4x4: move %s drawn %d times of about 40", m, k)
		}
	}
}

// TestCanonicalBruteForce: the form is the slow definition's, over the
// whole group, for 4x4 and 6x6 (and their jigsaw), X, windoku and a 9x9
// jigsaw (listed groups), and in CI an 8x8: puzzles, solutions, the
// pattern grid and parts of it, the empty grid.
func TestCanonicalBruteForce(t *testing.T) {
	t.Parallel() // seconds on one core: beside the others
	vs := []*Variant{must(Sized(4)), must(Sized(6)), jigsaw6(t), X(), Windoku(), jigsaw9(t)}
	if !testing.Short() && skips.Acceptance() {
		vs = append(vs, must(Sized(8))) // seconds: CI's alone, not -short's or a developer's
	}
	for _, v := range vs {
		moves := plainMoves(v)
		G := GroupOf(v)
		k := 6
		if v.Size == 8 {
			k = 1
		}
		for _, g := range testGrids(t, v, k, 3) {
			lay, want := bruteCanonical(v, moves, g)
			cv, got, _ := G.Canonical(g)
			if !slices.Equal(got, want) {
				t.Errorf("%s: %s: form %s, by brute force %s", v.Name, v.Format(g), v.Format(got), v.Format(want))
			}
			if v.IsJigsaw() {
				var l []byte
				for _, r := range cv.Regions {
					l = append(l, byte(r))
				}
				if string(l) != lay {
					t.Errorf("%s: %s: layout %s, by brute force another", v.Name, v.Format(g), cv.Layout())
				}
			}
		}
	}
}

// TestCanonicalInvariant: for every variant, on puzzles, solutions and
// the pattern grids, the form is a transform of the grid by a move of
// the group, canonicalising it again changes nothing, and random moves
// of the group (a jigsaw's layout moved with the givens) give the same
// form.
func TestCanonicalInvariant(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for _, v := range every(t) {
		k := 3
		if v.Size > 9 && testing.Short() {
			k = 1
		}
		G := GroupOf(v)
		for _, g := range testGrids(t, v, k, 7) {
			cv, form, tr := G.Canonical(g)
			if !G.Contains(tr) || !slices.Equal(tr.Apply(g), form) {
				t.Fatalf("%s: %s: the form is not the transform's %v", v.Name, v.Format(g), tr)
			}
			if moved, _ := tr.ApplyVariant(v); !slices.Equal(renumber(moved.Regions), cv.Regions) {
				t.Fatalf("%s: the canonical layout is not the transform's", v.Name)
			}
			cv2, again := Canonical(cv, form)
			if cv2.Key() != cv.Key() || !slices.Equal(again, form) {
				t.Fatalf("%s: %s: form %s has the form %s", v.Name, v.Format(g), v.Format(form), v.Format(again))
			}
			for range 5 {
				u := G.Random(rng)
				w, err := u.ApplyVariant(v)
				if err != nil {
					t.Fatal(err)
				}
				cw, other := Canonical(w, u.Apply(g))
				if cw.Key() != cv.Key() || !slices.Equal(other, form) {
					t.Fatalf("%s: %s moved by %v: form %s, want %s", v.Name, v.Format(g), u, w.Format(other), v.Format(form))
				}
			}
		}
	}
}

// TestCanonicalOutsideGroup: a move outside the group makes another
// puzzle, with another form: X with its top two bands swapped (the
// diagonals break), a 6x6 transposed (its 2x3 boxes become 3x2), windoku
// with rows 1 and 2 swapped (a window breaks), a jigsaw with two rows
// swapped within its first three (its layout breaks, so only the
// givens move). Different puzzles of each variant get different forms.
func TestCanonicalOutsideGroup(t *testing.T) {
	swapRows := func(n, a, b int) Transform {
		u := Identity(n)
		u.Rows[a], u.Rows[b] = u.Rows[b], u.Rows[a]
		return u
	}
	bands := Identity(9)
	for i := range 3 {
		bands.Rows[i], bands.Rows[3+i] = uint8(3+i), uint8(i)
	}
	transpose := Identity(6)
	transpose.Transpose = true
	rng := rand.New(rand.NewPCG(13, 13))
	for _, tt := range []struct {
		v    *Variant
		move Transform
	}{{X(), bands}, {must(Sized(6)), transpose}, {Windoku(), swapRows(9, 0, 1)}, {jigsaw9(t), swapRows(9, 0, 2)}} {
		G := GroupOf(tt.v)
		if G.Contains(tt.move) {
			t.Fatalf("%s: %v is in the group", tt.v.Name, tt.move)
		}
		seen := map[string]bool{}
		for range 4 {
			p, sol, err := Generate(tt.v, "none", rng)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range []Grid{p, sol} {
				_, form := Canonical(tt.v, g)
				_, other := Canonical(tt.v, tt.move.Apply(g))
				if slices.Equal(form, other) {
					t.Errorf("%s: %s moved out of the group has its form", tt.v.Name, tt.v.Format(g))
				}
				if seen[string(form)] {
					t.Errorf("%s: two generated grids share the form %s", tt.v.Name, tt.v.Format(form))
				}
				seen[string(form)] = true
			}
		}
	}
}

// TestCanonicalClassic: on classic the generic form is exactly
// engine.Canonical's, for the engine's sample puzzles, their random
// transforms and solution grids.
func TestCanonicalClassic(t *testing.T) {
	v := Classic()
	G := GroupOf(v)
	rng := rand.New(rand.NewPCG(21, 21))
	ps := readClassic(t, "../testdata/top1465-sample.txt")
	ps = append(ps, readClassic(t, "../testdata/royle17-sample.txt")...)
	if testing.Short() {
		ps = ps[:100]
	}
	var sols []engine.Grid
	for _, p := range ps[:20] {
		_, sol := engine.CountSolutions(p, 1)
		sols = append(sols, sol)
	}
	forms := map[engine.Grid]bool{}
	for _, p := range append(ps, sols...) {
		want, _ := engine.Canonical(p)
		forms[want] = true
		for _, g := range []engine.Grid{p, engine.RandomTransform(rng).Apply(p)} {
			_, got, _ := G.Canonical(Grid(g[:]))
			if string(got) != string(want[:]) {
				t.Fatalf("%s: generic form %s, engine.Canonical %s", g, v.Format(got), want)
			}
		}
	}
	if len(forms) < len(ps)+len(sols)-2 {
		t.Errorf("%d forms of %d grids: the samples repeat", len(forms), len(ps)+len(sols))
	}
}
