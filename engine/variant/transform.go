package variant

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// Transform is a move of a variant's grids: an optional transposition,
// an order of the rows, an order of the columns and a relabelling of the
// symbols. Applied to a grid g of side n it gives the grid h with
//
//	h[r][c] = Symbols[s[Rows[r]][Cols[c]]]
//
// where s is g, or g transposed (s[i][j] = g[j][i]) when Transpose is
// set. Every move of every variant's group has this form: the row, band,
// column and stack moves, and the eight moves of the square (a rotation
// is a transposition with the rows or the columns reversed).
//
// Rows and Cols are permutations of 0..n-1 and Symbols one of 0..n with
// Symbols[0] == 0 (an empty cell stays empty); Apply panics on a
// Transform that is not (build one with Group.Random, Group.Canonical or
// by hand with care).
type Transform struct {
	Transpose bool
	Rows      []uint8 // the row of s that becomes row r
	Cols      []uint8 // the column of s that becomes column c
	Symbols   []uint8 // what each symbol 0..n becomes
}

// Identity is the transform of side n that changes nothing.
func Identity(n int) Transform {
	t := Transform{Rows: make([]uint8, n), Cols: make([]uint8, n), Symbols: make([]uint8, n+1)}
	for i := range n {
		t.Rows[i], t.Cols[i] = uint8(i), uint8(i)
	}
	for i := range t.Symbols {
		t.Symbols[i] = uint8(i)
	}
	return t
}

// Size is the side of the grids t moves.
func (t Transform) Size() int { return len(t.Rows) }

// source is the cell of g that becomes cell i of t's result.
func (t Transform) source(i int) int {
	n := len(t.Rows)
	r, c := int(t.Rows[i/n]), int(t.Cols[i%n])
	if t.Transpose {
		return c*n + r
	}
	return r*n + c
}

// Apply is the grid t makes of g (see Transform); g must have the side t
// has.
func (t Transform) Apply(g Grid) Grid {
	n := len(t.Rows)
	if len(g) != n*n || len(t.Cols) != n || len(t.Symbols) != n+1 || t.Symbols[0] != 0 {
		panic(fmt.Sprintf("variant: a transform of side %d applied to a grid of %d cells", n, len(g)))
	}
	h := make(Grid, len(g))
	for i := range h {
		h[i] = t.Symbols[g[t.source(i)]]
	}
	return h
}

// Move is the grid t makes of g, a grid of v: t.Apply(g), or for a
// gattai the move of its sheet (t of the sheet's side).
func (v *Variant) Move(t Transform, g Grid) Grid {
	if v.IsGattai() {
		return v.applySheet(t, g)
	}
	return t.Apply(g)
}

// ApplyVariant is the variant whose houses t moves v's onto: for a
// jigsaw, the jigsaw whose regions are v's moved by t (numbered as
// before); for a killer, the killer of v's cages moved by t; for a
// variant with boxes, v itself, which is right for the moves of v's
// group (they keep its houses). The error is a jigsaw's, when t breaks a
// region apart, or a killer's, when t splits a cage.
func (t Transform) ApplyVariant(v *Variant) (*Variant, error) {
	if v.IsKiller() {
		return killerVariant(v, t, false)
	}
	if !v.IsJigsaw() {
		return v, nil
	}
	layout := make([]int, v.Cells())
	for i := range layout {
		layout[i] = v.Regions[t.source(i)]
	}
	return Jigsaw(v.Size, layout)
}

// Inverse is the transform that undoes t: t.Inverse().Apply(t.Apply(g))
// == g.
func (t Transform) Inverse() Transform {
	n := len(t.Rows)
	u := Transform{Transpose: t.Transpose, Rows: make([]uint8, n), Cols: make([]uint8, n), Symbols: make([]uint8, n+1)}
	for i := range n {
		u.Rows[t.Rows[i]] = uint8(i)
		u.Cols[t.Cols[i]] = uint8(i)
	}
	if t.Transpose {
		// h[r][c] = g[Cols[c]][Rows[r]], so g[i][j] = h[Rows⁻¹[j]][Cols⁻¹[i]].
		u.Rows, u.Cols = u.Cols, u.Rows
	}
	for x, y := range t.Symbols {
		u.Symbols[y] = uint8(x)
	}
	return u
}

// valid reports whether t is a transform of side n: its maps are
// permutations and it keeps empty cells empty.
func (t Transform) valid(n int) bool { return t.validOn(n, n) }

// validOn reports whether t moves grids of side n holding symbols 1 to
// k (a gattai's sheet is wider than its 9 digits).
func (t Transform) validOn(n, k int) bool {
	isPerm := func(p []uint8, k int) bool {
		if len(p) != k {
			return false
		}
		s := slices.Clone(p)
		slices.Sort(s)
		for i, x := range s {
			if int(x) != i {
				return false
			}
		}
		return true
	}
	return isPerm(t.Rows, n) && isPerm(t.Cols, n) && isPerm(t.Symbols, k+1) && t.Symbols[0] == 0
}

// randomSymbols is a relabelling of 1..n drawn uniformly by rng.
func randomSymbols(n int, rng *rand.Rand) []uint8 {
	s := make([]uint8, n+1)
	for i := range s {
		s[i] = uint8(i)
	}
	rng.Shuffle(n, func(i, j int) { s[i+1], s[j+1] = s[j+1], s[i+1] })
	return s
}

// blockOrder is a uniform order of n lines that keeps blocks of size
// consecutive lines together (the rows of a band, the columns of a
// stack): the blocks reordered, then the lines within each.
func blockOrder(n, size int, rng *rand.Rand) []uint8 {
	blocks := rng.Perm(n / size)
	p := make([]uint8, 0, n)
	for _, b := range blocks {
		for _, l := range rng.Perm(size) {
			p = append(p, uint8(b*size+l))
		}
	}
	return p
}
