package variant

import (
	"math/bits"
	"math/rand/v2"
	"slices"
)

// killerMoves are the moves of a killer's group: the moves of its band
// and stack product (with the transposition when its boxes are square)
// that leave every cage joined edge to edge. A move that splits a cage
// makes no killer, so it is no move of that puzzle; the digits are never
// relabelled, since the sums fix them.
//
// They are found without walking the product (3,359,232 moves for a
// 9x9): a joined cage's rows land on consecutive rows, so the row orders
// are built row by row, a row taken only when it belongs to every cage
// whose rows have begun and not ended; the same for the columns. That
// is exact for a cage in one row or one column; the bent cages are then
// checked on each pair of a row and a column order that is left, unless
// both orders keep its lines in their order or reversed. Of the 63
// testdata killers 42 keep just the eight moves of the square, the rest
// 16 to 1,152 moves; deriving them takes some tens of microseconds. The
// worst case, a killer of 81 single cells, keeps the whole product:
// about 0.1 s and 13 MB.
type killerMoves struct {
	orients []killerOrient
	count   int // pairs over all orientations
}

// killerOrient is one orientation's moves: s is the grid (transposed
// when transpose), rows and cols the orders whose cages stay on
// consecutive lines, pairs the (row order, column order) pairs that
// keep every bent cage joined.
type killerOrient struct {
	transpose  bool
	rows, cols [][]uint8
	pairs      [][2]uint16
	cage       []uint8 // the cage of each cell of s
}

// deriveKillerMoves lists v's moves (see killerMoves); transpose says
// whether the transposition is a move of v's boxes.
func deriveKillerMoves(v *Variant, transpose bool) *killerMoves {
	n := v.Size
	km := &killerMoves{}
	ts := []bool{false}
	if transpose {
		ts = append(ts, true)
	}
	for _, t := range ts {
		o := killerOrient{transpose: t, cage: make([]uint8, n*n)}
		var rowSets, colSets []uint16
		var bent [][]uint8 // each bent cage's cells of s as row, column pairs
		var bentRows, bentCols []uint16
		for ci, cage := range v.Cages {
			var rs, cs uint16
			cells := make([]uint8, 0, 2*len(cage.Cells))
			for _, c := range cage.Cells {
				r, col := c/n, c%n
				if t {
					r, col = col, r
				}
				o.cage[r*n+col] = uint8(ci)
				rs |= 1 << r
				cs |= 1 << col
				cells = append(cells, uint8(r), uint8(col))
			}
			multiRow, multiCol := bits.OnesCount16(rs) > 1, bits.OnesCount16(cs) > 1
			if multiRow && !slices.Contains(rowSets, rs) {
				rowSets = append(rowSets, rs)
			}
			if multiCol && !slices.Contains(colSets, cs) {
				colSets = append(colSets, cs)
			}
			if multiRow && multiCol {
				bent = append(bent, cells)
				bentRows, bentCols = append(bentRows, rs), append(bentCols, cs)
			}
		}
		o.rows = consecutiveOrders(n, v.BoxRows, rowSets)
		o.cols = consecutiveOrders(n, v.BoxCols, colSets)
		// A bent cage whose rows keep their order (or reverse it) and
		// whose columns do too keeps its cells' neighbours, so it stays
		// joined: only the others are checked cell by cell.
		kept := func(orders [][]uint8, sets []uint16) []uint64 {
			out := make([]uint64, len(orders))
			for i, order := range orders {
				for b, set := range sets {
					if monotone(order, set) {
						out[i] |= 1 << b
					}
				}
			}
			return out
		}
		keptRows, keptCols := kept(o.rows, bentRows), kept(o.cols, bentCols)
		all := uint64(1)<<len(bent) - 1
		posR, posC := make([]uint8, n), make([]uint8, n)
		for ri, rows := range o.rows {
			for i, r := range rows {
				posR[r] = uint8(i)
			}
			for ci, cols := range o.cols {
				ok := true
				if check := all &^ (keptRows[ri] & keptCols[ci]); check != 0 {
					for i, c := range cols {
						posC[c] = uint8(i)
					}
					for ; check != 0 && ok; check &= check - 1 {
						ok = joinedUnder(bent[bits.TrailingZeros64(check)], posR, posC)
					}
				}
				if ok {
					o.pairs = append(o.pairs, [2]uint16{uint16(ri), uint16(ci)})
				}
			}
		}
		km.count += len(o.pairs)
		km.orients = append(km.orients, o)
	}
	return km
}

// consecutiveOrders lists the orders of n lines that keep blocks of size
// consecutive lines together (bands, stacks) and put the lines of each
// set (a cage's rows or columns) on consecutive lines: placed one at a
// time, a line is taken only if it is in every set begun and not ended.
func consecutiveOrders(n, size int, sets []uint16) [][]uint8 {
	var out [][]uint8
	order := make([]uint8, n)
	block := uint16(1)<<size - 1
	var place func(p int, placed uint16)
	place = func(p int, placed uint16) {
		if p == n {
			out = append(out, slices.Clone(order))
			return
		}
		var choice uint16
		if p%size == 0 {
			for b := 0; b < n/size; b++ {
				if placed&(block<<(b*size)) == 0 {
					choice |= block << (b * size)
				}
			}
		} else {
			choice = block << (int(order[p-1]) / size * size) &^ placed
		}
		for _, s := range sets {
			if placed&s != 0 && placed&s != s {
				choice &= s
			}
		}
		for ; choice != 0; choice &= choice - 1 {
			r := bits.TrailingZeros16(choice)
			order[p] = uint8(r)
			place(p+1, placed|1<<r)
		}
	}
	place(0, 0)
	return out
}

// monotone reports whether order puts the lines of set in their own
// order or its reverse (a set of two lines always is).
func monotone(order []uint8, set uint16) bool {
	if bits.OnesCount16(set) < 3 {
		return true
	}
	up, down := true, true
	last := -1
	for _, l := range order {
		if set>>l&1 == 0 {
			continue
		}
		if last >= 0 {
			up = up && int(l) > last
			down = down && int(l) < last
		}
		last = int(l)
	}
	return up || down
}

// joinedUnder reports whether a cage, its cells given as row, column
// pairs, is joined edge to edge once its rows go to posR and its columns
// to posC: two cells touch when they share a row and their columns land
// side by side, or share a column and their rows do.
func joinedUnder(cells []uint8, posR, posC []uint8) bool {
	k := len(cells) / 2
	reached, frontier := uint16(1), uint16(1)
	for frontier != 0 {
		i := bits.TrailingZeros16(frontier)
		frontier &^= 1 << i
		ri, ci := cells[2*i], cells[2*i+1]
		for j := range k {
			if reached>>j&1 != 0 {
				continue
			}
			rj, cj := cells[2*j], cells[2*j+1]
			if ri == rj && absDiff(posC[ci], posC[cj]) == 1 || ci == cj && absDiff(posR[ri], posR[rj]) == 1 {
				reached |= 1 << j
				frontier |= 1 << j
			}
		}
	}
	return reached == 1<<k-1
}

func absDiff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}

// transform is the pair p of orientation o as a Transform, the digits
// kept.
func (km *killerMoves) transform(o *killerOrient, p [2]uint16, n int) Transform {
	return Transform{Transpose: o.transpose, Rows: slices.Clone(o.rows[p[0]]), Cols: slices.Clone(o.cols[p[1]]), Symbols: Identity(n).Symbols}
}

// random is a move drawn uniformly by rng from the listed ones.
func (km *killerMoves) random(rng *rand.Rand, n int) Transform {
	i := rng.IntN(km.count)
	for oi := range km.orients {
		o := &km.orients[oi]
		if i < len(o.pairs) {
			return km.transform(o, o.pairs[i], n)
		}
		i -= len(o.pairs)
	}
	panic("variant: a killer move drawn past the list")
}

// canonicalKiller walks the killer's moves for the least puzzle they
// make of (v, g): compared cell by cell in row-major order, first the
// cage layout with its sums (each cell's cage numbered 1, 2, ... as the
// cages first appear, a cage's first cell also carrying its sum), then
// the givens as they are (never relabelled). A move is dropped at its
// first larger cell.
func (G *Group) canonicalKiller(g Grid) Transform {
	km, n, cells := G.killer, G.n, G.n*G.n
	cages := G.v.Cages
	best := make([]uint16, 2*cells)
	cur := make([]uint16, 2*cells)
	label := make([]uint8, len(cages))
	found := false
	var bestO *killerOrient
	var bestP [2]uint16
	for oi := range km.orients {
		o := &km.orients[oi]
		for _, p := range o.pairs {
			rows, cols := o.rows[p[0]], o.cols[p[1]]
			cmp := 0
			if !found {
				cmp = -1
			}
			clear(label)
			next := uint8(1)
			for i := 0; i < cells && cmp <= 0; i++ {
				c := o.cage[int(rows[i/n])*n+int(cols[i%n])]
				x := uint16(label[c]) << 7
				if label[c] == 0 {
					label[c] = next
					x = uint16(next)<<7 | uint16(cages[c].Sum)
					next++
				}
				cur[i] = x
				if cmp == 0 && x != best[i] {
					cmp = int(x) - int(best[i])
				}
			}
			for i := 0; i < cells && cmp <= 0; i++ {
				r, col := int(rows[i/n]), int(cols[i%n])
				if o.transpose {
					r, col = col, r
				}
				x := uint16(g[r*n+col])
				cur[cells+i] = x
				if cmp == 0 && x != best[cells+i] {
					cmp = int(x) - int(best[cells+i])
				}
			}
			if cmp >= 0 && found {
				continue // larger, or the same puzzle again
			}
			best, cur = cur, best
			found, bestO, bestP = true, o, p
		}
	}
	return km.transform(bestO, bestP, n)
}

// movedCages are v's cages moved by t, each cage's cells sorted and the
// cages in order of their first cell (as Killer keeps them).
func movedCages(v *Variant, t Transform) []Cage {
	img := make([]int, v.Cells()) // the cell each cell of v goes to
	for i := range img {
		img[t.source(i)] = i
	}
	out := make([]Cage, len(v.Cages))
	for i, cage := range v.Cages {
		cells := make([]int, len(cage.Cells))
		for j, c := range cage.Cells {
			cells[j] = img[c]
		}
		slices.Sort(cells)
		out[i] = Cage{Sum: cage.Sum, Cells: cells}
	}
	slices.SortFunc(out, func(a, b Cage) int { return a.Cells[0] - b.Cells[0] })
	return out
}

// keepsCages reports whether t leaves every cage of v joined edge to
// edge and relabels no digit: the definition Contains checks a killer's
// moves by.
func keepsCages(v *Variant, t Transform) bool {
	for x, y := range t.Symbols {
		if int(y) != x {
			return false
		}
	}
	for _, cage := range movedCages(v, t) {
		if !joined(v.Size, cage.Cells) {
			return false
		}
	}
	return true
}

// killerVariant is the killer whose cages are v's moved by t: v itself
// when t leaves them where they are (as the canonical form's move often
// does for a form already canonical), else a new one. Killer checks the
// moved cages (its error when t splits one) unless checked is set, for a
// move known to keep them joined: of the killer's own list.
func killerVariant(v *Variant, t Transform, checked bool) (*Variant, error) {
	moved := movedCages(v, t)
	if slices.EqualFunc(moved, v.Cages, func(a, b Cage) bool { return a.Sum == b.Sum && slices.Equal(a.Cells, b.Cells) }) {
		return v, nil
	}
	if !checked {
		return Killer(v.Size, moved)
	}
	w := boxed(v.Size, [2]int{v.BoxRows, v.BoxCols})
	w.Name, w.Cages = v.Name, moved
	return w.build()
}
