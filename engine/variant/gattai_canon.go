package variant

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// A gattai's group: the moves of its sheet that map its houses onto its
// houses, each with every relabelling of the digits. A move is a
// Transform of its canonical sheet's side (canonSheet; the sheets are
// square): an optional transposition, then the rows reordered and the
// columns reordered. A row move keeps the bands of three rows (a box's
// rows stay a box's rows): it reorders the bands and the rows within
// each band. The rows within a band can always be reordered, every grid
// holding all or none of them; the bands only as the grids allow
// (samurai: a corner grid's two outer bands can swap, the top grids'
// with the bottom grids', and the sheet can be turned upside down). The
// same goes for the columns and the stacks.
// gattaiGroup holds the orders of the bands and stacks that the houses
// allow together, found when the group is derived (GroupOf: about 10 ms
// for a samurai; keep the Group for many grids).
type gattaiGroup struct {
	side      int // the sheet's
	transpose bool
	// pairs are the allowed orders of the bands and of the stacks, as
	// pairs: pairs[i][0][b] is the band of the source that becomes band
	// b, pairs[i][1][s] the stack.
	pairs [][2][]uint8
}

// gattaiGroupOf derives v's group: the transposition when it maps the
// houses onto houses, and the orders of bands and stacks that do. An
// order of the bands must take each grid's three bands to some grid's,
// and so must the stacks'; of those pairs, the ones that take each grid
// onto one grid, bands and stacks together, are kept.
func gattaiGroupOf(v *Variant) *gattaiGroup {
	sh := v.Sheet.canon
	G := &gattaiGroup{side: sh.Rows}
	if sh.Rows != sh.Cols {
		panic(fmt.Sprintf("variant: a %s sheet of %dx%d: gattai sheets are square", v.Name, sh.Rows, sh.Cols))
	}
	nb := sh.Rows / gattaiBox
	keys := houseKeys(v)
	keeps := func(t Transform) bool {
		img, ok := v.sheetImage(t)
		return ok && v.keepsHouses(keys, img)
	}
	id := make([]uint8, sh.Rows)
	for i := range id {
		id[i] = uint8(i)
	}
	G.transpose = keeps(Transform{Transpose: true, Rows: id, Cols: id})
	// The grids' band triples (and stack triples), as sets.
	var rowTriples, colTriples []uint32
	for _, b := range sh.blocks {
		for k, triples := range [2]*[]uint32{&rowTriples, &colTriples} {
			var t uint32
			for _, x := range b[k] {
				t |= 1 << x
			}
			*triples = append(*triples, t)
		}
	}
	orders := func(triples []uint32) [][]uint8 {
		var out [][]uint8
		perm := make([]uint8, nb)
		// A triple whose bands are all placed must go onto a triple:
		// checked as soon as its last band is, so that a samurai's
		// canonical sheet (11 bands) is not walked through 11! orders.
		var walk func(k int, used uint32)
		walk = func(k int, used uint32) {
			for _, t := range triples {
				if bits.Len32(t) != k {
					continue // its last band not just placed
				}
				var img uint32
				for b := range k {
					if t&(1<<b) != 0 {
						img |= 1 << perm[b]
					}
				}
				if !slices.Contains(triples, img) {
					return
				}
			}
			if k == nb {
				out = append(out, slices.Clone(perm))
				return
			}
			for b := range nb {
				if used&(1<<b) == 0 {
					perm[k] = uint8(b)
					walk(k+1, used|1<<b)
				}
			}
		}
		walk(0, 0)
		return out
	}
	image := func(t uint32, perm []uint8) uint32 {
		var img uint32
		for b := range nb {
			if t&(1<<b) != 0 {
				img |= 1 << perm[b]
			}
		}
		return img
	}
	colOrders := orders(colTriples)
	for _, bands := range orders(rowTriples) {
	stacks:
		for _, stacks := range colOrders {
			// Each grid must go onto a grid, its bands and its stacks
			// both: then its rows, columns and boxes go onto that grid's
			// (a band keeps its rows in order, and so the cells of a
			// row), and the cells onto cells, as no two grids have the
			// same bands and stacks. (Contains checks a move's houses one
			// by one; TestGattaiCanonical draws from these.)
			for g := range rowTriples {
				r, c := image(rowTriples[g], bands), image(colTriples[g], stacks)
				onto := false
				for h := range rowTriples {
					onto = onto || rowTriples[h] == r && colTriples[h] == c
				}
				if !onto {
					continue stacks
				}
			}
			// The perms above send band b to perm[b]; as a move's
			// order, band b of the result comes from the inverse.
			G.pairs = append(G.pairs, [2][]uint8{invert(bands), invert(stacks)})
		}
	}
	return G
}

// invert is the inverse of the permutation p.
func invert(p []uint8) []uint8 {
	q := make([]uint8, len(p))
	for i, x := range p {
		q[x] = uint8(i)
	}
	return q
}

// sheetBlocks is the order of the rows (or columns) that takes the blocks
// of three in the order blocks, each block's rows in place.
func sheetBlocks(blocks []uint8) []uint8 {
	out := make([]uint8, 0, len(blocks)*gattaiBox)
	for _, b := range blocks {
		for i := range gattaiBox {
			out = append(out, b*gattaiBox+uint8(i))
		}
	}
	return out
}

// sheetImage is t as a map of v's cells, each to the cell t moves it to;
// ok is false when t moves a cell off the grids.
func (v *Variant) sheetImage(t Transform) (img []int, ok bool) {
	sh := v.Sheet.canon
	n := sh.Rows
	img = make([]int, len(sh.At))
	for i := range n * n {
		src := t.source(i)
		from, okFrom := sh.Cell(src/n, src%n)
		to, okTo := sh.Cell(i/n, i%n)
		if okFrom != okTo {
			return nil, false
		}
		if okFrom {
			img[from] = to
		}
	}
	return img, true
}

// applySheet is the grid the move t (of the canonical sheet) makes of g.
func (v *Variant) applySheet(t Transform, g Grid) Grid {
	sh := v.Sheet.canon
	n := sh.Rows
	h := make(Grid, len(g))
	for cell, p := range sh.At {
		src := t.source(p)
		from, ok := sh.Cell(src/n, src%n)
		if !ok {
			panic("variant: a move of a gattai's group takes a cell off its grids")
		}
		h[cell] = t.Symbols[g[from]]
	}
	return h
}

// contains reports whether t, a move of the sheet's side, maps v's
// cells onto its cells and its houses onto its houses.
func (G *gattaiGroup) contains(v *Variant, t Transform) bool {
	if !t.validOn(G.side, gattaiSide) {
		return false
	}
	img, ok := v.sheetImage(t)
	return ok && v.keepsHouses(houseKeys(v), img)
}

// moves is the number of moves of the cells in G (each goes with every
// relabelling): the band and stack pairs, times 6 for the rows of each
// band and the columns of each stack, times 2 with the transposition;
// math.MaxUint64 where that is more (a samurai's, about 2.7·10^20).
func (G *gattaiGroup) moves() uint64 {
	k := uint64(len(G.pairs))
	mul := func(x uint64) {
		if hi, lo := bits.Mul64(k, x); hi != 0 {
			k = math.MaxUint64
		} else {
			k = lo
		}
	}
	for range 2 * G.side / gattaiBox {
		mul(6)
	}
	if G.transpose {
		mul(2)
	}
	return k
}

// random is a move of G drawn by rng, with a relabelling.
func (G *gattaiGroup) random(rng *rand.Rand) Transform {
	pair := G.pairs[rng.IntN(len(G.pairs))]
	t := Transform{Transpose: G.transpose && rng.IntN(2) == 1}
	for k, blocks := range pair {
		var order []uint8
		for _, b := range blocks {
			in := []uint8{0, 1, 2}
			rng.Shuffle(3, func(i, j int) { in[i], in[j] = in[j], in[i] })
			for _, i := range in {
				order = append(order, b*gattaiBox+i)
			}
		}
		if k == 0 {
			t.Rows = order
		} else {
			t.Cols = order
		}
	}
	t.Symbols = []uint8{0}
	for _, s := range rng.Perm(gattaiSide) {
		t.Symbols = append(t.Symbols, uint8(s+1))
	}
	return t
}

// canonical is the canonical form of g under G, pattern first as the
// other variants' (Group.Canonical): of all the grids G makes of g, one
// whose pattern of givens is smallest, cell by cell over the sheet row by
// row (a cell where none exists counts as empty, the same in every
// grid), an empty cell smaller than a given; of those, the one whose
// digits are smallest, so its digits are 1, 2, 3, ... in the order they
// first appear. It returns the form and a move that makes it.
//
// The search takes each orientation and each pair of band and stack
// orders, and places the rows of the form one at a time: each source row
// its band allows, with the columns within each stack kept as an ordered
// partition (columns that have looked alike so far), each row cutting
// its cells into the empty columns then the given ones; only the partial
// moves whose pattern is the smallest so far stay. The digits then decide
// among them, each tie of columns left tried in every order.
func (G *gattaiGroup) canonical(v *Variant, g Grid) (Grid, Transform) {
	n := G.side
	var cands []gcand
	for o := range 2 {
		if o == 1 && !G.transpose {
			break
		}
		src := make([]uint8, n*n) // the sheet of g, transposed for o == 1
		for cell, p := range v.Sheet.canon.At {
			r, c := p/n, p%n
			if o == 1 {
				r, c = c, r
			}
			src[r*n+c] = g[cell]
		}
		// One candidate per order of the stacks, holding every order of
		// the bands that goes with it: candidates part as their bands
		// do (place), so that the orders sharing their first bands are
		// searched once.
		byStacks := map[string]int{}
		for _, pair := range G.pairs {
			if i, ok := byStacks[string(pair[1])]; ok {
				cands[i].bands = append(cands[i].bands, pair[0])
				continue
			}
			byStacks[string(pair[1])] = len(cands)
			c := gcand{o: uint8(o), src: src, bands: [][]uint8{pair[0]}}
			for _, s := range pair[1] {
				c.cols = append(c.cols, s*gattaiBox, s*gattaiBox+1, s*gattaiBox+2)
			}
			c.cuts = make([]bool, n) // a cell of the partition ends after each stack
			for s := range n / gattaiBox {
				c.cuts[s*gattaiBox+gattaiBox-1] = true
			}
			cands = append(cands, c)
		}
	}
	for k := range n {
		cands = G.place(k, cands)
	}
	// The digits decide: every order of the tied columns, then the
	// relabelling in the order of first appearance.
	var best Grid
	var bestT Transform
	for _, c := range cands {
		for _, cols := range c.tieOrders() {
			t := Transform{Transpose: c.o == 1, Rows: c.rows, Cols: cols}
			t.Symbols = make([]uint8, gattaiSide+1)
			seen := uint8(0)
			moved := make(Grid, len(g))
			for cell, p := range v.Sheet.canon.At {
				r, col := p/n, p%n
				x := c.src[int(c.rows[r])*n+int(cols[col])]
				if x != 0 && t.Symbols[x] == 0 {
					seen++
					t.Symbols[x] = seen
				}
				moved[cell] = t.Symbols[x]
			}
			if best == nil || slices.Compare(moved, best) < 0 {
				best, bestT = moved, t
			}
		}
	}
	fillSymbols(bestT.Symbols)
	return best, bestT
}

// fillSymbols makes a relabelling a permutation: the digits it leaves at
// 0 (digits the grid lacks) take the values no other digit took, in
// order.
func fillSymbols(s []uint8) {
	taken := make([]bool, len(s))
	for _, x := range s[1:] {
		taken[x] = true
	}
	next := 1
	for i := 1; i < len(s); i++ {
		if s[i] == 0 {
			for taken[next] {
				next++
			}
			s[i], taken[next] = uint8(next), true
		}
	}
}

// gcand is a partial move of the canonical search: its orientation and
// source sheet, the orders of the bands it may still take (the source
// band of each band of the form; all alike in the bands placed), the
// source rows placed so far, and the columns as an ordered partition
// (cols in order, cuts[i] set where a cell ends after place i).
type gcand struct {
	o     uint8
	src   []uint8
	bands [][]uint8
	rows  []uint8
	cols  []uint8
	cuts  []bool
}

// place chooses row k of the form for every candidate: each unused row
// of the source band its band takes (a candidate whose orders of bands
// take different bands here parts into one for each), of rows alike in
// content only the first, with the columns ordered within each cell,
// empty first; it keeps the extended candidates whose row's pattern is
// the smallest.
func (G *gattaiGroup) place(k int, cands []gcand) []gcand {
	var next []gcand
	var best []bool
	for _, whole := range cands {
	bands:
		for i, order := range whole.bands {
			// The orders of bands part here, one candidate a band.
			for _, seen := range whole.bands[:i] {
				if seen[k/gattaiBox] == order[k/gattaiBox] {
					continue bands
				}
			}
			c := whole
			c.bands = nil
			for _, o := range whole.bands {
				if o[k/gattaiBox] == order[k/gattaiBox] {
					c.bands = append(c.bands, o)
				}
			}
			next, best = G.placeBand(k, c, int(order[k/gattaiBox]), next, best)
		}
	}
	return next
}

// placeBand is place for candidate c, whose band orders all take source
// band band at row k: the extensions of c whose row's pattern is at most
// best are added to next (which is emptied when a smaller one is found).
func (G *gattaiGroup) placeBand(k int, c gcand, band int, next []gcand, best []bool) ([]gcand, []bool) {
	n := G.side
	var tried []string
	for i := range gattaiBox {
		r := band*gattaiBox + i
		if slices.Contains(c.rows[k-k%gattaiBox:], uint8(r)) {
			continue
		}
		row := string(c.src[r*n : r*n+n])
		if slices.Contains(tried, row) {
			continue
		}
		tried = append(tried, row)
		pat, cols, cuts := c.refine(r, n)
		switch cmp := comparePattern(pat, best); {
		case best == nil || cmp < 0:
			best, next = pat, next[:0]
			fallthrough
		case cmp == 0:
			e := c
			e.rows = append(slices.Clone(c.rows), uint8(r))
			e.cols, e.cuts = cols, cuts
			next = append(next, e)
		}
	}
	return next, best
}

// refine is source row r placed with c's columns: the row's pattern
// (true for a given) over the form's columns, and the partition cut
// into each cell's empty columns, then its given ones.
func (c *gcand) refine(r, n int) (pat []bool, cols []uint8, cuts []bool) {
	pat = make([]bool, n)
	cols = make([]uint8, 0, n)
	cuts = slices.Clone(c.cuts)
	start := 0
	for i := range n {
		if !c.cuts[i] {
			continue
		}
		var empty, given []uint8
		for _, col := range c.cols[start : i+1] {
			if c.src[r*n+int(col)] != 0 {
				given = append(given, col)
			} else {
				empty = append(empty, col)
			}
		}
		cols = append(append(cols, empty...), given...)
		for j := start + len(empty); j <= i; j++ {
			pat[j] = true
		}
		if len(empty) > 0 && len(given) > 0 {
			cuts[start+len(empty)-1] = true
		}
		start = i + 1
	}
	return pat, cols, cuts
}

// comparePattern compares two rows' patterns, an empty cell smaller.
func comparePattern(a, b []bool) int {
	if b == nil {
		return -1
	}
	for i := range a {
		if a[i] != b[i] {
			if b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// tieOrders are the orders of c's columns with each cell of its
// partition in every order.
func (c *gcand) tieOrders() [][]uint8 {
	out := [][]uint8{slices.Clone(c.cols)}
	start := 0
	for i := range c.cols {
		if !c.cuts[i] {
			continue
		}
		if i > start {
			var more [][]uint8
			for _, o := range out {
				for _, p := range permutations(o[start : i+1]) {
					x := slices.Clone(o)
					copy(x[start:], p)
					more = append(more, x)
				}
			}
			out = more
		}
		start = i + 1
	}
	return out
}

// permutations are the orders of xs.
func permutations(xs []uint8) [][]uint8 {
	if len(xs) <= 1 {
		return [][]uint8{slices.Clone(xs)}
	}
	var out [][]uint8
	for i := range xs {
		rest := append(slices.Clone(xs[:i]), xs[i+1:]...)
		for _, p := range permutations(rest) {
			out = append(out, append([]uint8{xs[i]}, p...))
		}
	}
	return out
}

// canonSheet is the sheet a gattai's group and canonical form work on:
// sh's rows and columns regrouped so that the ones a move may reorder on
// their own lie in bands of their own. A grid's band (three rows) is
// tied to another grid's band when they share a box, and tied bands make
// one block, whose rows a move reorders together; bands on the same rows
// of sh that share no box are different blocks (a samurai's two top
// grids' top bands), and a move may reorder one and not the other, or
// swap a corner grid's two outer bands alone. Each block is a band of the
// canonical sheet, in the order of its rows on sh and then of its first
// grid; the columns likewise. On a sheet whose blocks are sh's bands
// (flower, twin) it is sh laid out again. A layout whose blocks make no
// square falls back to sh, whose sheet-wide moves are a part of the group.
func canonSheet(sh *Sheet) *Sheet {
	rows, nr := gridBlocks(sh, 0)
	cols, nc := gridBlocks(sh, 1)
	if nr != nc {
		c := *sh
		for _, o := range sh.Grids {
			var b [2][gattaiBox]int
			for i := range gattaiBox {
				b[0][i], b[1][i] = o[0]/gattaiBox+i, o[1]/gattaiBox+i
			}
			c.blocks = append(c.blocks, b)
		}
		return &c
	}
	c := &Sheet{Rows: nr * gattaiBox, Cols: nc * gattaiBox, Grids: sh.Grids}
	c.cellAt = make([]int, c.Rows*c.Cols)
	for p := range c.cellAt {
		c.cellAt[p] = -1
	}
	for g := range sh.Grids {
		c.blocks = append(c.blocks, [2][gattaiBox]int{rows[g], cols[g]})
	}
	c.At = make([]int, len(sh.At))
	for cell, p := range sh.At {
		r, col := p/sh.Cols, p%sh.Cols
		for g, o := range sh.Grids {
			if r >= o[0] && r < o[0]+gattaiSide && col >= o[1] && col < o[1]+gattaiSide {
				q := (rows[g][(r-o[0])/gattaiBox]*gattaiBox+r%gattaiBox)*c.Cols + cols[g][(col-o[1])/gattaiBox]*gattaiBox + col%gattaiBox
				c.At[cell], c.cellAt[q] = q, cell
				break
			}
		}
	}
	return c
}

// gridBlocks ties the grids' bands (axis 0) or stacks (axis 1) that
// share a box into blocks (canonSheet), and gives each grid's three
// blocks and how many there are.
func gridBlocks(sh *Sheet, axis int) ([][gattaiBox]int, int) {
	k := len(sh.Grids)
	parent := make([]int, gattaiBox*k) // grid g's i-th band is g*3+i
	for u := range parent {
		parent[u] = u
	}
	var find func(u int) int
	find = func(u int) int {
		for parent[u] != u {
			u = parent[u]
		}
		return u
	}
	owner := map[[2]int]int{} // a box of the sheet: the first band holding it
	for g, o := range sh.Grids {
		for i := range gattaiBox {
			for j := range gattaiBox {
				box := [2]int{o[0]/gattaiBox + i, o[1]/gattaiBox + j}
				u := g*gattaiBox + [2]int{i, j}[axis]
				if w, ok := owner[box]; ok {
					parent[find(u)] = find(w)
				} else {
					owner[box] = u
				}
			}
		}
	}
	// Number the blocks by their place on the sheet, then their first band.
	type block struct{ at, first int }
	index := map[int]block{}
	for u := range parent {
		g, i := u/gattaiBox, u%gattaiBox
		at := sh.Grids[g][axis]/gattaiBox + i
		r := find(u)
		if b, ok := index[r]; !ok || at < b.at || at == b.at && u < b.first {
			index[r] = block{at, u}
		}
	}
	roots := make([]int, 0, len(index))
	for r := range index {
		roots = append(roots, r)
	}
	slices.SortFunc(roots, func(a, b int) int {
		if x, y := index[a], index[b]; x.at != y.at {
			return x.at - y.at
		} else {
			return x.first - y.first
		}
	})
	number := map[int]int{}
	for n, r := range roots {
		number[r] = n
	}
	out := make([][gattaiBox]int, k)
	for u := range parent {
		out[u/gattaiBox][u%gattaiBox] = number[find(u)]
	}
	return out, len(roots)
}
