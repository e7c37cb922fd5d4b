package variant

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// LayoutSymmetries are the symmetries RandomLayout can give a jigsaw
// layout of side n: those of the side's boxes, from which its walk
// starts (9x9 every move; 6x6 and 8x8 none, rot180, mirror and flip),
// but for 4x4's diagonals (a 4x4 layout symmetric about a diagonal keeps
// a box in a corner). Nil for a side without boxes. 6x6 cannot have
// rot90: the regions a quarter turn does not move round in fours would
// each be kept by a half turn, and such a region holds the centre's four
// cells, so there is one and 6 is not 4k+1. 6x6's diagonals and 8x8's
// rot90 and diagonals are possible layouts the walk does not reach.
func LayoutSymmetries(n int) []string {
	box, err := Sized(n)
	if err != nil {
		return nil
	}
	var out []string
	for _, sym := range box.Allowed() {
		if n == 4 && (sym == "diagonal" || sym == "antidiagonal") {
			continue
		}
		out = append(out, sym)
	}
	return out
}

// layoutTries bounds the layouts RandomLayout draws before it gives up:
// more than nine in ten drawn 9x9 and 6x6 layouts have a solution grid
// found, so running out of them means something else is wrong.
const layoutTries = 50

// RandomLayout draws a jigsaw of side n (4, 6, 8 or 9) whose layout has
// the symmetry sym ("none" for none; see LayoutSymmetries) and has a
// solution grid. The layout starts as the side's boxes and is walked by
// random symmetric exchanges of cells between neighbouring regions that
// keep every region n cells joined edge to edge, compact (no region
// across more than n - n/3 rows or columns) and the borders short (at
// most 1.5 times the boxes'), until n²/2 exchanges were made and no
// region is a box, a row or a column; regions are numbered in the order
// of their first cells. A layout for which a small search (filler) finds
// no solution grid is dropped for another: 3 to 7 in 100 at 9x9, fewer
// at 6x6. Same rng state, same layout. A 9x9 layout takes about 15 ms
// (most of it in the fills that fail), a 6x6 under 1 ms.
//
// It fails, wrapping ErrVariant, for a side without boxes or a symmetry
// the side's layouts cannot have, and with ErrNoSolution when 50 layouts
// in a row had no solution found.
func RandomLayout(n int, sym string, rng *rand.Rand) (*Variant, error) {
	v, _, err := randomLayout(n, sym, rng)
	return v, err
}

// RandomJigsaw is RandomLayout with the solution grid that proved the
// layout has one: a jigsaw and a filled grid of it, drawn together, for
// generators that dig their own way.
func RandomJigsaw(n int, sym string, rng *rand.Rand) (*Variant, Grid, error) {
	return randomLayout(n, sym, rng)
}

// randomLayout is RandomLayout, with the solution grid that proved the
// layout has one.
func randomLayout(n int, sym string, rng *rand.Rand) (*Variant, Grid, error) {
	box, err := Sized(n)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: no %s layout of side %d (sides: %s)", ErrVariant, jigsawName(n), n, sizeList())
	}
	if _, err := moveOf(n, sym); err != nil {
		return nil, nil, err
	}
	if !slices.Contains(LayoutSymmetries(n), sym) {
		return nil, nil, fmt.Errorf("%w: no %s layout with %s symmetry (a %dx%d layout can have %v)", ErrVariant, jigsawName(n), sym, n, n, LayoutSymmetries(n))
	}
	w := newWalk(box, sym)
	for range layoutTries {
		layout := w.draw(rng)
		if layout == nil {
			return nil, nil, fmt.Errorf("%w: the %dx%d boxes could not be walked to a %s layout with %s symmetry", ErrVariant, n, n, jigsawName(n), sym)
		}
		v, err := Jigsaw(n, layout)
		if err != nil {
			return nil, nil, err // the walk keeps regions whole: a bug
		}
		if sol := newFiller(v).fill(rng); sol != nil {
			return v, sol, nil
		}
	}
	return nil, nil, fmt.Errorf("%w: %d %s layouts with %s symmetry in a row", ErrNoSolution, layoutTries, jigsawName(n), sym)
}

// walk draws symmetric layouts by exchanges from the boxes of a side.
type walk struct {
	n     int
	boxes []int   // each cell's box
	group [][]int // the symmetry's moves as cell maps, the identity first
	nbrs  [][]int // each cell's neighbours across an edge

	layout, next []int
	perm         [][]int  // each move's map of regions onto regions
	mark         []int    // scratch: the region a cell is to get, -1 none
	stack, count []int    // scratch for the checks
	lo, hi       [][2]int // scratch: each region's first and last row and column
	border       int      // the longest border between regions allowed
}

func newWalk(box *Variant, sym string) *walk {
	n := box.Size
	w := &walk{n: n, boxes: box.Regions}
	img, _ := moveOf(n, sym)
	id := make([]int, n*n)
	for c := range id {
		id[c] = c
	}
	// The group the move generates: the identity, the move, its square...
	w.group = [][]int{id}
	for g := img; !isIdentity(g); {
		w.group = append(w.group, g)
		h := make([]int, len(g))
		for c := range h {
			h[c] = img[g[c]]
		}
		g = h
	}
	w.nbrs = make([][]int, n*n)
	for c := range w.nbrs {
		r, col := c/n, c%n
		if r > 0 {
			w.nbrs[c] = append(w.nbrs[c], c-n)
		}
		if r < n-1 {
			w.nbrs[c] = append(w.nbrs[c], c+n)
		}
		if col > 0 {
			w.nbrs[c] = append(w.nbrs[c], c-1)
		}
		if col < n-1 {
			w.nbrs[c] = append(w.nbrs[c], c+1)
		}
	}
	w.layout, w.next, w.mark = make([]int, n*n), make([]int, n*n), make([]int, n*n)
	w.perm = make([][]int, len(w.group))
	for i := range w.perm {
		w.perm[i] = make([]int, n)
	}
	w.count = make([]int, n)
	w.lo, w.hi = make([][2]int, n), make([][2]int, n)
	w.border = boundary(n, box.Regions) * 3 / 2
	return w
}

func isIdentity(g []int) bool {
	for c, x := range g {
		if x != c {
			return false
		}
	}
	return true
}

// draw walks from the boxes until at least n²/2 exchanges were made and
// no region is a box, a row or a column, and returns the layout with its
// regions numbered in the order of their first cells. It gives up (nil)
// when 100 n² tries in a row found no exchange that kept the layout
// whole and symmetric: the boxes of the side have no such neighbours.
func (w *walk) draw(rng *rand.Rand) []int {
	copy(w.layout, w.boxes)
	for made, failed := 0, 0; made < w.n*w.n/2 || w.plain(); {
		if w.exchange(rng) {
			made, failed = made+1, 0
		} else if failed++; failed > 100*w.n*w.n {
			return nil
		}
	}
	out := make([]int, len(w.layout))
	number := make([]int, w.n)
	for i := range number {
		number[i] = -1
	}
	next := 0
	for c, r := range w.layout {
		if number[r] < 0 {
			number[r] = next
			next++
		}
		out[c] = number[r]
	}
	return out
}

// plain reports whether some region is still a box, a row or a column:
// a layout for print has every region irregular.
func (w *walk) plain() bool {
	n := w.n
	first := make([]int, n)
	for i := range first {
		first[i] = -1
	}
	box, row, col := make([]bool, n), make([]bool, n), make([]bool, n)
	for c, r := range w.layout {
		if first[r] < 0 {
			first[r], box[r], row[r], col[r] = c, true, true, true
			continue
		}
		f := first[r]
		box[r] = box[r] && w.boxes[c] == w.boxes[f]
		row[r] = row[r] && c/n == f/n
		col[r] = col[r] && c%n == f%n
	}
	for r := range n {
		if box[r] || row[r] || col[r] {
			return true
		}
	}
	return false
}

// exchange tries one symmetric exchange: a cell a of region A goes to a
// neighbouring region B and a cell b of B touching A goes to A, and each
// move of the group does the same to the images of a and b and their
// regions. It reports whether the result kept every region n cells,
// joined and the layout symmetric, and if so keeps it.
func (w *walk) exchange(rng *rand.Rand) bool {
	n, l := w.n, w.layout
	a := rng.IntN(n * n)
	var across [4]int
	k := 0
	for _, x := range w.nbrs[a] {
		if l[x] != l[a] {
			across[k] = x
			k++
		}
	}
	if k == 0 {
		return false
	}
	A, B := l[a], l[across[rng.IntN(k)]]
	// b comes from B, so that both keep n cells; under a symmetry, half
	// the time from any region beside A, since the images of the
	// exchange may make up the sizes (4x4's rot90 pinwheel is reached
	// only so).
	anyRegion := len(w.group) > 1 && rng.IntN(2) == 0
	var touching []int // the cells beside A that b may be
	for c, r := range l {
		if r == A || (r != B && !anyRegion) {
			continue
		}
		for _, x := range w.nbrs[c] {
			if l[x] == A {
				touching = append(touching, c)
				break
			}
		}
	}
	b := touching[rng.IntN(len(touching))]
	// Each move's map of regions, from the (symmetric) layout.
	for i, g := range w.group {
		for c, r := range l {
			w.perm[i][r] = l[g[c]]
		}
	}
	for c := range w.mark {
		w.mark[c] = -1
	}
	for i, g := range w.group {
		for _, m := range [2][2]int{{g[a], w.perm[i][B]}, {g[b], w.perm[i][A]}} {
			if w.mark[m[0]] >= 0 && w.mark[m[0]] != m[1] {
				return false // two images of the exchange disagree
			}
			w.mark[m[0]] = m[1]
		}
	}
	for c, r := range l {
		w.next[c] = r
		if w.mark[c] >= 0 {
			w.next[c] = w.mark[c]
		}
	}
	if !w.whole(w.next) || !w.symmetric(w.next) {
		return false
	}
	w.layout, w.next = w.next, w.layout
	return true
}

// whole reports whether each region of l has n cells in one piece and
// is compact.
func (w *walk) whole(l []int) bool {
	clear(w.count)
	for _, r := range l {
		w.count[r]++
	}
	for _, k := range w.count {
		if k != w.n {
			return false
		}
	}
	// Compact: no region spans more than n - n/3 rows or columns (6 of
	// 9, 4 of 6), as regions in jigsaw books are blobs, not snakes.
	span := w.n - w.n/3
	for r := range w.count {
		w.lo[r], w.hi[r] = [2]int{w.n, w.n}, [2]int{-1, -1}
	}
	for c, r := range l {
		row, col := c/w.n, c%w.n
		w.lo[r] = [2]int{min(w.lo[r][0], row), min(w.lo[r][1], col)}
		w.hi[r] = [2]int{max(w.hi[r][0], row), max(w.hi[r][1], col)}
	}
	for r := range w.count {
		if w.hi[r][0]-w.lo[r][0] >= span || w.hi[r][1]-w.lo[r][1] >= span {
			return false
		}
	}
	// Smooth: the borders between regions at most half as long again as
	// between the boxes, so that few regions are jagged.
	if boundary(w.n, l) > w.border {
		return false
	}
	// Count the pieces: n regions of n cells are whole when there are n.
	for c := range w.mark {
		w.mark[c] = -1
	}
	pieces := 0
	for c := range l {
		if w.mark[c] >= 0 {
			continue
		}
		pieces++
		if pieces > w.n {
			return false
		}
		w.mark[c] = pieces
		w.stack = append(w.stack[:0], c)
		for len(w.stack) > 0 {
			x := w.stack[len(w.stack)-1]
			w.stack = w.stack[:len(w.stack)-1]
			for _, y := range w.nbrs[x] {
				if w.mark[y] < 0 && l[y] == l[x] {
					w.mark[y] = pieces
					w.stack = append(w.stack, y)
				}
			}
		}
	}
	return pieces == w.n
}

// symmetric reports whether each move of the group maps l's regions onto
// regions: since regions have n cells each and a move is one to one, a
// region is mapped onto one region exactly when all its cells' images
// lie in one.
func (w *walk) symmetric(l []int) bool {
	for i, g := range w.group[1:] {
		p := w.perm[i+1]
		for r := range p {
			p[r] = -1
		}
		for c, r := range l {
			if p[r] < 0 {
				p[r] = l[g[c]]
			} else if p[r] != l[g[c]] {
				return false
			}
		}
	}
	return true
}

// boundary is the length of the borders between l's regions, in cell
// edges.
func boundary(n int, l []int) int {
	k := 0
	for c := range l {
		if c%n < n-1 && l[c] != l[c+1] {
			k++
		}
		if c/n < n-1 && l[c] != l[c+n] {
			k++
		}
	}
	return k
}
