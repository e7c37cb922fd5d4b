package engine

import (
	"math/bits"
	"slices"
)

// Canonical returns the canonical form of g under the Sudoku group and a
// transform that makes it: t.Apply(g) == form. Two grids have the same form
// exactly when one is a transform of the other, so the form is the key that
// finds isomorphic duplicates.
//
// The form is the pattern-first minimal one, the form dobrichev's patminlex
// computes, so it can be compared with other tools. Of all the grids the
// group makes of g it is:
//
//  1. one whose pattern of givens is smallest, comparing cell by cell in
//     row-major order with an empty cell smaller than a given (the givens
//     pushed as late as possible);
//  2. of those, the one whose digit string is smallest, empty cells counting
//     as 0; its digits are therefore 1, 2, 3, ... in the order they first
//     appear.
//
// (Lists such as the 17-clue collection are often published in plain minlex
// form instead, where digits and empty cells are compared together, cell by
// cell; that form is a different representative.)
//
// It works on any grid of 0-9, from empty to full. It takes a few
// microseconds and allocates nothing for the puzzles people publish; a grid
// whose pattern has many automorphisms, such as a full grid, keeps up to
// 2,592 candidates on the heap and takes a few milliseconds.
func Canonical(g Grid) (Grid, Transform) {
	if g == (Grid{}) {
		return g, Identity()
	}
	var in [2]orientation
	for i, v := range g {
		r, c := i/9, i%9
		in[0].cells[i] = v
		in[1].cells[c*9+r] = v
		if v != 0 {
			in[0].rows[r] |= 1 << (8 - c)
			in[1].rows[c] |= 1 << (8 - r)
		}
	}

	// The pattern: place the rows of the form one at a time, keeping every
	// partial transform that gives the smallest pattern so far.
	var bufA, bufB [candidateBuffer]candidate
	start := candidate{ties: 3}
	for s := range start.stacks {
		start.stacks[s] = formStack{src: uint8(s), orders: 63}
	}
	cur := append(bufA[:0], start)
	start.flip = 1
	cur = append(cur, start)
	next := bufB[:0]
	var pattern [9]uint16
	for k := 0; k < 9; k++ {
		next, pattern[k] = placeRow(&in, k, cur, next[:0])
		cur, next = next, cur
	}

	// The digits: the smallest over the candidates and the column maps
	// they leave open.
	d := digitSearch{in: &in, leaves: cur}
	d.init(&pattern)
	best, cols := d.search()

	// Write the form, numbering the digits as they first appear; digits
	// missing from g take the labels left, in order.
	src := &in[best.flip].cells
	var form Grid
	var digits [10]uint8
	label := uint8(1)
	for r, sr := range best.rows {
		for c, sc := range cols {
			v := src[int(sr)*9+int(sc)]
			if v != 0 && digits[v] == 0 {
				digits[v] = label
				label++
			}
			form[r*9+c] = digits[v]
		}
	}
	for v := 1; v <= 9; v++ {
		if digits[v] == 0 {
			digits[v] = label
			label++
		}
	}
	return form, newTransform(best.flip == 1, best.rows, cols, digits)
}

// candidateBuffer is how many candidates Canonical keeps on the stack; the
// lists grow on the heap past it, which only very symmetric patterns need
// (the worst case, a full or empty grid, reaches 2,592).
const candidateBuffer = 64

// orientation is g or its transpose: the cells, and each row's pattern with
// bit 8-c set when column c holds a given (the first column the most
// significant bit, so that a smaller number is a smaller pattern).
type orientation struct {
	cells Grid
	rows  [9]uint16
}

// candidate is a partial transform that gives the smallest pattern so far:
// the orientation, the source of the rows placed so far, and for the columns
// an ordered partition of the stacks with the column orders still open in
// each.
type candidate struct {
	rows   [9]uint8     // source row of each row of the form placed so far
	used   uint16       // source rows placed so far
	flip   uint8        // 1 when the rows and columns are those of g transposed
	ties   uint8        // bit s: stacks s and s+1 of the form can still swap
	stacks [3]formStack // the stacks of the form, in the order found so far
}

// formStack is one stack of the form: the source stack it comes from and the set
// of orders of its three columns still open (bit o for perm3[o]).
type formStack struct {
	src, orders uint8
}

// perm3 lists the six orders of three things: order o puts thing perm3[o][j]
// in place j. Order 0 is the identity, 1 swaps the last two, 2 the first two.
var perm3 = [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// stackOrders gives, for a candidate's ties, the orders of its stacks that
// keep the pattern: only tied neighbours may swap.
var stackOrders = [4]uint8{1 << 0, 1<<0 | 1<<2, 1<<0 | 1<<1, 63}

// tripletBest gives, for the three cells of a row in one stack as the bits t
// (bit 2 the first column) and a set m of open column orders, the smallest
// value those orders make of t and the orders of m that make it. It is
// computed once and never written again.
var tripletBest = func() (tb [8][64]struct{ value, orders uint8 }) {
	for t := 0; t < 8; t++ {
		for m := 0; m < 64; m++ {
			best, orders := uint8(8), uint8(0) // 8: above every value
			for o := 0; o < 6; o++ {
				if m>>o&1 == 0 {
					continue
				}
				var v uint8
				for j, from := range perm3[o] {
					v |= uint8(t>>(2-from)&1) << (2 - j)
				}
				switch {
				case v < best:
					best, orders = v, 1<<o
				case v == best:
					orders |= 1 << o
				}
			}
			tb[t][m].value, tb[t][m].orders = best, orders
		}
	}
	return tb
}()

// placeRow chooses row k of the form for every candidate in cur: each source
// row the bands still allow, with its stacks and columns ordered to make the
// row's pattern smallest. It appends to next the extended candidates whose
// row is the smallest of all, and returns them with that row.
func placeRow(in *[2]orientation, k int, cur, next []candidate) ([]candidate, uint16) {
	best := uint16(1 << 9) // above every row
	for i := range cur {
		c := &cur[i]
		free := 0x1ff &^ c.used
		if k%3 != 0 { // the rest of the band started at row k-k%3
			free &= 7 << (c.rows[k-k%3] / 3 * 3)
		}
		pat := &in[c.flip].rows
		for ; free != 0; free &= free - 1 {
			sr := bits.TrailingZeros16(free)
			row := pat[sr]
			var s [3]struct {
				formStack
				value uint8
			}
			for j := range s {
				st := c.stacks[j]
				b := tripletBest[row>>(6-3*st.src)&7][st.orders]
				s[j].formStack = formStack{src: st.src, orders: b.orders}
				s[j].value = b.value
			}
			// Stacks that can still swap go in increasing order of value.
			ties := c.ties
			if ties&1 != 0 && s[0].value > s[1].value {
				s[0], s[1] = s[1], s[0]
			}
			if ties&2 != 0 && s[1].value > s[2].value {
				s[1], s[2] = s[2], s[1]
			}
			if ties&1 != 0 && s[0].value > s[1].value {
				s[0], s[1] = s[1], s[0]
			}
			key := uint16(s[0].value)<<6 | uint16(s[1].value)<<3 | uint16(s[2].value)
			if key > best {
				continue
			}
			if key < best {
				best = key
				next = next[:0]
			}
			if s[0].value != s[1].value {
				ties &^= 1
			}
			if s[1].value != s[2].value {
				ties &^= 2
			}
			n := *c
			n.rows[k] = uint8(sr)
			n.used |= 1 << sr
			n.ties = ties
			for j := range s {
				n.stacks[j] = s[j].formStack
			}
			next = append(next, n)
		}
	}
	return next, best
}

// digitSearch finds, among the candidates that give the smallest pattern and
// the column maps they leave open, one whose relabelled digits are smallest.
//
// The candidates are sorted by the column maps they leave open, then by
// orientation and by their source rows for the rows of the form that hold
// givens, so that those that leave the same maps and share their first few
// such rows are neighbours: a tree for each set of maps. For each map the
// search walks that tree one row of the form at a time, numbering the
// digits as they first appear, and drops a branch at the first label larger
// than the best form's. Rows shared by many candidates are read once, and
// candidates or column maps that differ only where the form is empty are
// not told apart, which keeps a full grid (2,592 candidates with all 1,296
// column maps open) to a few milliseconds.
type digitSearch struct {
	in     *[2]orientation
	leaves []candidate
	rows   [9]givenRow // the rows of the form that hold givens, in order
	n      int         // how many there are
	// Bit s of stacksUsed, and bit j of colsUsed[s], are set when stack s,
	// or column 3s+j, of the form holds a given.
	stacksUsed uint8
	colsUsed   [3]uint8

	src  [3]uint8 // the column map being tried: source stack of each stack of the form
	cols [9]uint8 // and source column of each column

	best    [9][9]uint8 // labels of the best form so far, by given row and column
	known   int         // given rows of best that belong to the current best
	leaf    int         // the best form's candidate
	bestMap [9]uint8    // and column map
}

// givenRow is a row of the form and its given columns.
type givenRow struct {
	row, n uint8
	cols   [9]uint8
}

// init prepares the search over d.leaves, the candidates that give pattern;
// the pattern must hold a given.
func (d *digitSearch) init(pattern *[9]uint16) {
	var used uint16
	for r, row := range pattern {
		if row == 0 {
			continue
		}
		used |= row
		g := &d.rows[d.n]
		d.n++
		g.row = uint8(r)
		for c := uint8(0); c < 9; c++ {
			if row>>(8-c)&1 != 0 {
				g.cols[g.n] = c
				g.n++
			}
		}
	}
	for s := range d.colsUsed {
		for j := 0; j < 3; j++ {
			if used>>(8-3*s-j)&1 != 0 {
				d.colsUsed[s] |= 1 << j
				d.stacksUsed |= 1 << s
			}
		}
	}
	if len(d.leaves) < 2 {
		return
	}
	for i := range d.leaves {
		// Stacks that can swap are kept in the order of their source, so
		// that equal sets of column maps look equal.
		c := &d.leaves[i]
		st := &c.stacks
		if c.ties&1 != 0 && st[0].src > st[1].src {
			st[0], st[1] = st[1], st[0]
		}
		if c.ties&2 != 0 && st[1].src > st[2].src {
			st[1], st[2] = st[2], st[1]
		}
		if c.ties&1 != 0 && st[0].src > st[1].src {
			st[0], st[1] = st[1], st[0]
		}
	}
	slices.SortFunc(d.leaves, func(a, b candidate) int {
		if a.ties != b.ties {
			return int(a.ties) - int(b.ties)
		}
		for j := range a.stacks {
			if a.stacks[j] != b.stacks[j] {
				if a.stacks[j].src != b.stacks[j].src {
					return int(a.stacks[j].src) - int(b.stacks[j].src)
				}
				return int(a.stacks[j].orders) - int(b.stacks[j].orders)
			}
		}
		if a.flip != b.flip {
			return int(a.flip) - int(b.flip)
		}
		for _, g := range d.rows[:d.n] {
			if a.rows[g.row] != b.rows[g.row] {
				return int(a.rows[g.row]) - int(b.rows[g.row])
			}
		}
		return 0
	})
}

// search tries every column map every candidate leaves open and returns the
// candidate and column map (source column of each column of the form) of
// the smallest digits.
func (d *digitSearch) search() (candidate, [9]uint8) {
	top := d.rows[0].row
	for first := 0; first < len(d.leaves); {
		// The candidates [first, end) leave the same column maps open.
		c := &d.leaves[first]
		end := first + 1
		for end < len(d.leaves) && d.leaves[end].ties == c.ties && d.leaves[end].stacks == c.stacks {
			end++
		}
		for lo := first; lo < end; {
			// The candidates [lo, hi) also share the orientation and the
			// first given row.
			hi := lo + 1
			for hi < end && d.leaves[hi].flip == d.leaves[lo].flip && d.leaves[hi].rows[top] == d.leaves[lo].rows[top] {
				hi++
			}
			d.tryMaps(lo, hi)
			lo = hi
		}
		first = end
	}
	return d.leaves[d.leaf], d.bestMap
}

// tryMaps walks the tree of the candidates [lo, hi) for every column map
// they leave open, but one of those that differ only in empty columns.
func (d *digitSearch) tryMaps(lo, hi int) {
	var label [10]uint8 // label[v]: what digit v is written as, 0 until it appears
	c := &d.leaves[lo]
	for so := distinctOrders[d.stacksUsed][stackOrders[c.ties]]; so != 0; so &= so - 1 {
		order := &perm3[bits.TrailingZeros8(so)]
		s0, s1, s2 := c.stacks[order[0]], c.stacks[order[1]], c.stacks[order[2]]
		d.src = [3]uint8{s0.src, s1.src, s2.src}
		for o0 := distinctOrders[d.colsUsed[0]][s0.orders]; o0 != 0; o0 &= o0 - 1 {
			d.setStack(0, bits.TrailingZeros8(o0))
			for o1 := distinctOrders[d.colsUsed[1]][s1.orders]; o1 != 0; o1 &= o1 - 1 {
				d.setStack(1, bits.TrailingZeros8(o1))
				for o2 := distinctOrders[d.colsUsed[2]][s2.orders]; o2 != 0; o2 &= o2 - 1 {
					d.setStack(2, bits.TrailingZeros8(o2))
					d.visit(0, lo, hi, label, 1, false)
				}
			}
		}
	}
}

// setStack makes stack s of the form the columns of source stack d.src[s]
// in column order o.
func (d *digitSearch) setStack(s, o int) {
	for j, from := range perm3[o] {
		d.cols[3*s+j] = 3*d.src[s] + from
	}
}

// visit reads the i-th given row of the form for the leaves [lo, hi), which
// leave the current column map open and share their orientation and the
// source of the given rows up to the i-th; label and next number the digits
// the rows above have shown. It returns as soon as the row is larger than
// the best form's; when it is smaller (improved) it becomes the best, and
// the rows below are searched to complete it.
func (d *digitSearch) visit(i, lo, hi int, label [10]uint8, next uint8, improved bool) {
	g := &d.rows[i]
	c := &d.leaves[lo]
	src := &d.in[c.flip].cells
	base := int(c.rows[g.row]) * 9
	best := &d.best[i]
	smaller := i >= d.known // nothing to compare with: this branch sets the row
	for _, col := range g.cols[:g.n] {
		v := src[base+int(d.cols[col])]
		l := label[v]
		if l == 0 {
			l = next
			label[v] = l
			next++
		}
		if !smaller {
			if l > best[col] {
				return
			}
			smaller = l < best[col]
		}
		if smaller {
			best[col] = l
		}
	}
	if smaller {
		d.known = i + 1
		improved = true
	}
	if i == d.n-1 {
		// The last given row: the leaves here differ only in empty rows.
		if improved {
			d.leaf, d.bestMap = lo, d.cols
		}
		return
	}
	row := d.rows[i+1].row
	for a := lo; a < hi; {
		sr := d.leaves[a].rows[row]
		b := a + 1
		for b < hi && d.leaves[b].rows[row] == sr {
			b++
		}
		d.visit(i+1, a, b, label, next, improved)
		a = b
	}
}

// distinctOrders[used][set] keeps one order of each class of set (orders as
// perm3 bits) that put the same things in the places used (bit j for place
// j): orders that differ only where the form is empty give the same form.
var distinctOrders = func() (t [8][64]uint8) {
	for used := range t {
		for set := range t[used] {
			var kept uint8
			for o := 0; o < 6; o++ {
				if set>>o&1 == 0 {
					continue
				}
				same := false
				for k := 0; k < o && !same; k++ {
					if kept>>k&1 == 0 {
						continue
					}
					same = true
					for j := 0; j < 3; j++ {
						if used>>j&1 != 0 && perm3[o][j] != perm3[k][j] {
							same = false
						}
					}
				}
				if !same {
					kept |= 1 << o
				}
			}
			t[used][set] = kept
		}
	}
	return t
}()
