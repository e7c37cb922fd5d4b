package variant

import (
	"fmt"
	"slices"
)

// Canonical is the canonical form of the puzzle (v, g) under v's group
// (see Group): the variant (v itself, or for a jigsaw the jigsaw of the
// canonical layout) and the grid. Two puzzles get the same form exactly
// when a move of the group makes one of the other, so the form is the
// key that finds isomorphs. It derives the group each call; to
// canonicalise many grids of one variant keep GroupOf(v) and call its
// Canonical.
func Canonical(v *Variant, g Grid) (*Variant, Grid) {
	cv, form, _ := GroupOf(v).Canonical(g)
	return cv, form
}

// Canonical is the canonical form of g under G, and a transform of G
// that makes it: t.Apply(g) == form (and for a jigsaw, t moves the
// layout to the canonical variant's, up to the numbering of regions).
//
// The form is the pattern-first minimal one, as package engine's
// Canonical for classic: of all the grids the group makes of g, one
// whose pattern of givens is smallest, cell by cell in row-major order
// with an empty cell smaller than a given, and of those the one whose
// symbols are smallest, empty cells counting as 0 (so its symbols are
// 1, 2, 3, ... in the order they first appear). For classic it is the
// very form engine.Canonical gives. For a jigsaw the layout comes first:
// the smallest layout, regions numbered 0, 1, ... as they first appear,
// then the pattern, then the symbols. For a killer the cages come first,
// each cell's cage numbered 1, 2, ... as the cages first appear with the
// sum at its first cell, then the givens, never relabelled; the variant
// is the killer of the moved cages (v itself when they do not move), so
// its Key is canonical too.
//
// Cost: the listed groups (X, windoku, jigsaw) are walked whole, some
// tens of microseconds; a jigsaw's canonical layout is then built as a
// Variant (Jigsaw), about half a millisecond more, unless it is v's own.
// A killer's moves are walked whole too, and its moved cages built as a
// Killer. The product groups take a branch-and-bound
// search: a puzzle's pattern is placed row by row keeping only the
// partial moves that give the smallest pattern so far, with the columns
// left as an ordered partition that each row refines, and the symbols
// then decide among what is left; a full grid whose rows (and columns,
// when transposition is a move) each hold every symbol goes by a search
// of its own, since its pattern decides nothing. Both take milliseconds
// on a 16x16. A grid with many automorphisms costs more, and a grid
// almost full but not quite (no published puzzle is) can take far
// longer, its pattern leaving most row orders tied. It panics when g is
// not a grid of G's variant (wrong length or a value above the side).
func (G *Group) Canonical(g Grid) (*Variant, Grid, Transform) {
	if G.gattai != nil {
		if len(g) != G.v.Cells() {
			panic(fmt.Sprintf("variant: Canonical of a grid of %d cells for a %s", len(g), G.v.Name))
		}
		form, t := G.gattai.canonical(G.v, g)
		return G.v, form, t
	}
	n := G.n
	if len(g) != n*n {
		panic(fmt.Sprintf("variant: Canonical of a grid of %d cells for a %dx%d variant", len(g), n, n))
	}
	for _, x := range g {
		if int(x) > n {
			panic(fmt.Sprintf("variant: Canonical of a grid holding %d in a %dx%d variant", x, n, n))
		}
	}
	var t Transform
	switch {
	case G.killer != nil:
		t = G.canonicalKiller(g)
		cv, err := killerVariant(G.v, t, true)
		if err != nil {
			panic(err) // the killer's moves keep every cage joined
		}
		return cv, t.Apply(g), t
	case G.moves != nil:
		t = G.canonicalListed(g)
	case latin(g, n, G.transpose):
		t = newFullSearch(G, g).run()
	default:
		t = newPatternSearch(G, g).run()
	}
	form := t.Apply(g)
	if !G.v.IsJigsaw() {
		return G.v, form, t
	}
	moved := make([]int, n*n)
	for i := range moved {
		moved[i] = G.v.Regions[t.source(i)]
	}
	layout := renumber(moved)
	if slices.Equal(layout, G.v.Regions) {
		return G.v, form, t // already the canonical layout: no new variant to build
	}
	cv, err := Jigsaw(n, layout)
	if err != nil {
		panic(err) // a move of the square keeps every region whole
	}
	return cv, form, t
}

// orientations are g and, when the transposition is a move, g
// transposed: the grids whose rows a product group's search orders.
func (G *Group) orientations(g Grid) []Grid {
	if !G.transpose {
		return []Grid{g}
	}
	n := G.n
	t := make(Grid, n*n)
	for i := range t {
		t[i] = g[i%n*n+i/n]
	}
	return []Grid{g, t}
}

// renumber numbers a layout's regions 0, 1, ... in the order they first
// appear.
func renumber(layout []int) []int {
	out := make([]int, len(layout))
	label := make([]int, len(layout))
	next := 1
	for i, r := range layout {
		if label[r] == 0 {
			label[r] = next
			next++
		}
		out[i] = label[r] - 1
	}
	return out
}

// completeSymbols gives the symbols of 1..n that label leaves at 0 (they
// are not in the grid) the labels left, in order, so that label is a
// relabelling.
func completeSymbols(label []uint8, next uint8) []uint8 {
	for x := 1; x < len(label); x++ {
		if label[x] == 0 {
			label[x] = next
			next++
		}
	}
	return label
}

// latin reports whether g is full and each row (and each column, when
// cols) holds every symbol 1..n once: the grids the full search takes.
func latin(g Grid, n int, cols bool) bool {
	for r := range n {
		var row, col uint32
		for c := range n {
			if g[r*n+c] == 0 {
				return false
			}
			row |= 1 << g[r*n+c]
			col |= 1 << g[c*n+r]
		}
		if row != (1<<n-1)<<1 || (cols && col != (1<<n-1)<<1) {
			return false
		}
	}
	return true
}

// canonicalListed walks G's listed moves: for each, the layout (a
// jigsaw's), the pattern and the symbols it makes, compared in that
// order with the best so far and dropped at the first larger cell.
func (G *Group) canonicalListed(g Grid) Transform {
	n, cells := G.n, G.n*G.n
	jig := G.v.IsJigsaw()
	best := make([]uint8, 3*cells) // layout, pattern, symbols
	cur := make([]uint8, 3*cells)
	var bestLabel []uint8
	bestMove, bestNext := -1, uint8(0)
	for mi, m := range G.moves {
		// Fill cur lazily, comparing as it goes: smaller decides.
		cmp := 0
		if bestMove < 0 {
			cmp = -1
		}
		if jig {
			region := make([]uint8, n+1) // region+1's label, 0 until seen
			next := uint8(1)
			for i := 0; i < cells && cmp <= 0; i++ {
				r := G.v.Regions[m.src[i]]
				if region[r] == 0 {
					region[r] = next
					next++
				}
				cur[i] = region[r]
				if cmp == 0 && cur[i] != best[i] {
					cmp = int(cur[i]) - int(best[i])
				}
			}
			if cmp > 0 {
				continue
			}
		}
		for i := 0; i < cells && cmp <= 0; i++ {
			cur[cells+i] = min(g[m.src[i]], 1)
			if cmp == 0 && cur[cells+i] != best[cells+i] {
				cmp = int(cur[cells+i]) - int(best[cells+i])
			}
		}
		if cmp > 0 {
			continue
		}
		label := make([]uint8, n+1)
		next := uint8(1)
		for i := 0; i < cells && cmp <= 0; i++ {
			x := g[m.src[i]]
			if x != 0 && label[x] == 0 {
				label[x] = next
				next++
			}
			cur[2*cells+i] = label[x]
			if cmp == 0 && cur[2*cells+i] != best[2*cells+i] {
				cmp = int(cur[2*cells+i]) - int(best[2*cells+i])
			}
		}
		if cmp >= 0 && bestMove >= 0 {
			continue // larger, or the same form again
		}
		best, cur = cur, best
		bestMove, bestLabel, bestNext = mi, label, next
	}
	return G.moves[bestMove].transform(completeSymbols(bestLabel, bestNext))
}
