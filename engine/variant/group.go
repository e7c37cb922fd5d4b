package variant

import (
	"math/bits"
	"math/rand/v2"
	"slices"
)

// Group is a variant's symmetry group: the moves of its grids (see
// Transform) that map its houses onto its houses, each with every
// relabelling of the symbols. Two puzzles of a variant are the same
// puzzle, an isomorph, when a move of the group makes one of the other.
//
// It is derived from the variant's data, not written out per variant:
//   - a variant with boxes and no extra houses (4x4 to 16x16, classic):
//     the rows reordered within bands and the bands reordered, the same
//     for columns and stacks, and the transposition when the boxes are
//     square (4x4, 9x9, 16x16; a 6x6's 2x3 boxes would become 3x2). The
//     group is kept as that product, never listed: a 16x16 has about
//     1.3·10^14 moves.
//   - a variant with extra houses (Sudoku X, windoku): the moves of the
//     product above that also map the extra houses onto extra houses,
//     found by a search over the row orders and, column by column, the
//     column orders, and listed (X 96 moves, windoku 128). The
//     search walks every row order of the product, so it is for sides of
//     up to 9 or 12 (a 16x16 with extra houses would take seconds).
//   - a jigsaw: the eight moves of the square, which move the layout with
//     the givens (Canonical takes the pair).
//   - a killer: the moves of the product above that leave every cage
//     joined edge to edge, which move the cages with the givens, the
//     digits never relabelled (the sums fix them); see killerMoves. These
//     are the moves of that one puzzle, not of every killer, and need not
//     compose: a move that keeps the cages joined, done twice, may split
//     one. Every puzzle they reach has the same moves' reach, so the
//     least of them is still a canonical form.
//   - a gattai: its sheet's moves that keep the grids' cells and houses:
//     the transposition when the layout has it, the rows within each
//     band and the bands as the grids allow, the same for the columns
//     (gattai_canon.go); a samurai has about 10^13 moves of the cells.
//
// A Group holds no state that changes: one can serve many goroutines.
type Group struct {
	v         *Variant
	n         int
	h, w      int    // rows in a band, columns in a stack
	transpose bool   // the product has the transposition
	moves     []move // the listed moves; nil for the product
	killer    *killerMoves
	gattai    *gattaiGroup // a gattai's (gattai_canon.go)
}

// move is one listed move: a Transform without its relabelling, with
// the source cell of each cell.
type move struct {
	transpose  bool
	rows, cols []uint8
	src        []uint16
}

// GroupOf derives v's group (see Group). For Sudoku X and windoku this
// takes about a millisecond; keep the Group to canonicalise many grids.
// For a killer it takes some microseconds (each killer its own group).
func GroupOf(v *Variant) *Group {
	n := v.Size
	G := &Group{v: v, n: n, h: v.BoxRows, w: v.BoxCols}
	switch {
	case v.IsGattai():
		G.gattai = gattaiGroupOf(v)
	case v.IsKiller():
		G.transpose = G.h == G.w
		G.killer = deriveKillerMoves(v, G.transpose)
	case v.IsJigsaw():
		G.h, G.w = n, n
		rev := make([]uint8, n)
		id := make([]uint8, n)
		for i := range n {
			id[i], rev[i] = uint8(i), uint8(n-1-i)
		}
		for _, t := range []bool{false, true} {
			for _, rows := range [][]uint8{id, rev} {
				for _, cols := range [][]uint8{id, rev} {
					G.moves = append(G.moves, newMove(t, rows, cols))
				}
			}
		}
	case len(v.Extra) == 0:
		G.transpose = G.h == G.w
	default:
		G.moves = deriveMoves(v)
	}
	return G
}

func newMove(t bool, rows, cols []uint8) move {
	m := move{transpose: t, rows: slices.Clone(rows), cols: slices.Clone(cols)}
	tr := m.transform(nil)
	m.src = make([]uint16, len(rows)*len(rows))
	for i := range m.src {
		m.src[i] = uint16(tr.source(i))
	}
	return m
}

// transform is the move with the relabelling symbols (nil: none).
func (m move) transform(symbols []uint8) Transform {
	return Transform{Transpose: m.transpose, Rows: m.rows, Cols: m.cols, Symbols: symbols}
}

// Variant is the variant whose group G is.
func (G *Group) Variant() *Variant { return G.v }

// Moves is the number of moves of the cells in G, each of which goes with
// every relabelling (n! of them) to make the whole group: 128 for 4x4,
// 3,456 for 6x6, 3,359,232 for classic, about 2.6·10^9 for 12x12 and
// 1.3·10^14 for 16x16; 96 for X, 128 for windoku, 8 for a jigsaw; for a
// killer, the moves that keep its cages joined (no relabelling goes with
// them), 8 to a few dozen for published ones; for a gattai its sheet's
// (twin 3,869,835,264, flower 483,729,408), and math.MaxUint64 for the
// samurai's, which are more (about 2.7·10^20: each corner grid's outer
// bands and stacks move on their own).
func (G *Group) Moves() uint64 {
	if G.gattai != nil {
		return G.gattai.moves()
	}
	if G.killer != nil {
		return uint64(G.killer.count)
	}
	if G.moves != nil {
		return uint64(len(G.moves))
	}
	k := blockOrders(G.n, G.h) * blockOrders(G.n, G.w)
	if G.transpose {
		k *= 2
	}
	return k
}

// blockOrders is the number of orders of n lines that keep blocks of
// size consecutive lines together: (n/size)! · size!^(n/size).
func blockOrders(n, size int) uint64 {
	k := factorial(n / size)
	for range n / size {
		k *= factorial(size)
	}
	return k
}

func factorial(n int) uint64 {
	k := uint64(1)
	for i := 2; i <= n; i++ {
		k *= uint64(i)
	}
	return k
}

// Random is a move of G and a relabelling, drawn uniformly by rng from
// the whole group; for a killer, one of its moves with the digits kept.
func (G *Group) Random(rng *rand.Rand) Transform {
	if G.gattai != nil {
		return G.gattai.random(rng)
	}
	if G.killer != nil {
		return G.killer.random(rng, G.n)
	}
	if G.moves != nil {
		return G.moves[rng.IntN(len(G.moves))].transform(randomSymbols(G.n, rng))
	}
	t := Transform{Transpose: G.transpose && rng.IntN(2) == 1}
	t.Rows = blockOrder(G.n, G.h, rng)
	t.Cols = blockOrder(G.n, G.w, rng)
	t.Symbols = randomSymbols(G.n, rng)
	return t
}

// RandomTransform is a transform drawn uniformly from v's group (it
// derives the group each call; Group.Random draws from a kept one).
func RandomTransform(v *Variant, rng *rand.Rand) Transform { return GroupOf(v).Random(rng) }

// Contains reports whether t is in G, from the definition rather than
// from G's own list: for a jigsaw, whether it is one of the eight moves
// of the square; otherwise whether it maps every house of the variant
// onto a house, and for a killer also keeps every cage joined and every
// digit as it is.
func (G *Group) Contains(t Transform) bool {
	if G.gattai != nil {
		return G.gattai.contains(G.v, t)
	}
	n := G.n
	if !t.valid(n) {
		return false
	}
	if G.v.IsJigsaw() {
		straight := func(p []uint8) bool {
			up, down := true, true
			for i, x := range p {
				up = up && int(x) == i
				down = down && int(x) == n-1-i
			}
			return up || down
		}
		return straight(t.Rows) && straight(t.Cols)
	}
	houses := G.v.Houses()
	in := make([]uint64, n*n) // bit i: the cell is in house i
	for i, h := range houses {
		for _, c := range h {
			in[c] |= 1 << i
		}
	}
	for _, h := range houses {
		common := ^uint64(0)
		for _, c := range h {
			common &= in[t.source(c)]
		}
		if common == 0 { // n cells in no one house
			return false
		}
	}
	return !G.v.IsKiller() || keepsCages(G.v, t)
}

// blockOrderList lists every order of n lines that keeps blocks of size
// consecutive lines together.
func blockOrderList(n, size int) [][]uint8 {
	var all [][]uint8
	lines := perms(size)
	for _, blocks := range perms(n / size) {
		part := [][]uint8{{}}
		for _, b := range blocks {
			var next [][]uint8
			for _, p := range part {
				for _, l := range lines {
					q := slices.Clone(p)
					for _, x := range l {
						q = append(q, uint8(b*size+x))
					}
					next = append(next, q)
				}
			}
			part = next
		}
		all = append(all, part...)
	}
	return all
}

// perms lists the permutations of 0..k-1.
func perms(k int) [][]int {
	if k == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range perms(k - 1) {
		for pos := 0; pos <= len(p); pos++ {
			q := append(slices.Clone(p[:pos]), k-1)
			out = append(out, append(q, p[pos:]...))
		}
	}
	return out
}

// deriveMoves lists the moves of the band and stack product (with the
// transposition when the boxes are square) that map each extra house of
// v onto an extra house: for each row order whose rows can carry the
// extra houses (each extra house's count of cells in each row matches an
// extra house's), the column orders are built column by column, each
// column checked against every extra house at once.
func deriveMoves(v *Variant) []move {
	n := v.Size
	extra := v.Extra
	var out []move
	rowOrders := blockOrderList(n, v.BoxRows)
	ts := []bool{false}
	if v.BoxRows == v.BoxCols {
		ts = append(ts, true)
	}
	for _, t := range ts {
		// The extra houses in the coordinates of s (g, or g transposed).
		in := make([]uint32, n*n) // bit e: the cell of s is in extra house e
		rowCount := make([][]int, len(extra))
		for e, h := range extra {
			rowCount[e] = make([]int, n)
			for _, c := range h {
				r, col := c/n, c%n
				if t {
					r, col = col, r
				}
				in[r*n+col] |= 1 << e
				rowCount[e][r]++
			}
		}
		target := make([][]int, len(extra)) // target[e]: cells of house e, by column
		targetRows := make([][]int, len(extra))
		for e, h := range extra {
			targetRows[e] = make([]int, n)
			for _, c := range h {
				targetRows[e][c/n]++
			}
			target[e] = slices.Clone(h)
			slices.SortFunc(target[e], func(a, b int) int { return a%n - b%n })
		}
		for _, rows := range rowOrders {
			masks := make([]uint32, len(extra))
			ok := true
			for e := range extra {
				for f := range extra {
					same := true
					for r := range n {
						if targetRows[e][r] != rowCount[f][int(rows[r])] {
							same = false
							break
						}
					}
					if same {
						masks[e] |= 1 << f
					}
				}
				ok = ok && masks[e] != 0
			}
			if !ok {
				continue
			}
			d := columnSearch{n: n, w: v.BoxCols, rows: rows, in: in, target: target}
			d.cols = make([]uint8, n)
			d.search(0, 0, masks, func(cols []uint8) { out = append(out, newMove(t, rows, cols)) })
		}
	}
	return out
}

// columnSearch builds the column orders that, with a row order, map the
// extra houses onto extra houses.
type columnSearch struct {
	n, w   int
	rows   []uint8
	in     []uint32 // extra houses of each cell of s
	target [][]int  // each extra house's cells
	cols   []uint8
}

// search places column c of the result, given the columns used so far
// and, for each extra house, the extra houses of s that can still be its
// source.
func (d *columnSearch) search(c int, used uint32, masks []uint32, found func([]uint8)) {
	n, w := d.n, d.w
	if c == n {
		found(slices.Clone(d.cols))
		return
	}
	var choice uint32
	if c%w == 0 {
		for s := 0; s < n/w; s++ {
			if used>>(s*w)&(1<<w-1) == 0 {
				choice |= (1<<w - 1) << (s * w)
			}
		}
	} else {
		s := int(d.cols[c-c%w]) / w
		choice = (1<<w - 1) << (s * w) &^ used
	}
	next := make([]uint32, len(masks))
	for ; choice != 0; choice &= choice - 1 {
		col := bits.TrailingZeros32(choice)
		d.cols[c] = uint8(col)
		ok := true
		for e, h := range d.target {
			m := masks[e]
			for _, cell := range h {
				if cell%n == c {
					m &= d.in[int(d.rows[cell/n])*n+col]
				}
			}
			next[e] = m
			ok = ok && m != 0
		}
		if ok {
			d.search(c+1, used|1<<col, next, found)
		}
	}
}
