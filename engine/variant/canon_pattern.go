package variant

import (
	"math"
	"math/bits"
)

// maxStacks bounds the stacks (and bands) of a variant with boxes, and
// the columns of a stack: every box has at least two rows and columns.
const maxStacks = MaxSize / 2

// patternSearch finds the canonical form of a grid under a product group
// (see Group) the way engine.Canonical does for classic, for any band
// and stack shape: the pattern first, the rows of the form placed one at
// a time, each partial move kept only while its pattern is the smallest
// so far; then the symbols, among the moves left.
type patternSearch struct {
	n, h, w, stacks int
	orients         int // 2 when the transposition is a move
	cells           [2][]uint8
	pat             [2][MaxSize]uint16 // bit c: column c of the row holds a given
	// same[o][r]: the rows before r in its band with r's very content.
	// Two such rows can swap without changing anything, so only the
	// first unused one is tried: this keeps empty rows from multiplying
	// the candidates.
	same       [2][MaxSize]uint16
	emptyBands [2]uint16 // bit b: band b holds no given (such bands can swap too)
	usedCols   [2]uint16 // bit c: column c holds a given
}

// pcand is a partial move that gives the smallest pattern so far: the
// orientation, the source of each row placed, and for the columns an
// ordered partition: the slots (stacks of the form) in order, each with
// its source columns in order, cut into cells of columns that have
// looked alike so far; tied slots can still swap.
type pcand struct {
	rows  [MaxSize]uint8
	used  uint16 // source rows placed
	o     uint8
	ties  uint8 // bit j: slots j and j+1 can still swap
	slots [maxStacks]pslot
}

type pslot struct {
	cols [maxStacks]uint8
	cuts uint8 // bit i: a cell ends after place i
}

func newPatternSearch(G *Group, g Grid) *patternSearch {
	n := G.n
	ps := &patternSearch{n: n, h: G.h, w: G.w, stacks: n / G.w}
	for o, s := range G.orientations(g) {
		ps.orients = o + 1
		ps.cells[o] = s
		for r := range n {
			for c := range n {
				if s[r*n+c] != 0 {
					ps.pat[o][r] |= 1 << c
				}
			}
			ps.usedCols[o] |= ps.pat[o][r]
			for r2 := r - r%ps.h; r2 < r; r2++ {
				if string(s[r*n:r*n+n]) == string(s[r2*n:r2*n+n]) {
					ps.same[o][r] |= 1 << r2
				}
			}
		}
		for b := 0; b < n/ps.h; b++ {
			var band uint16
			for r := b * ps.h; r < (b+1)*ps.h; r++ {
				band |= ps.pat[o][r]
			}
			if band == 0 {
				ps.emptyBands[o] |= 1 << b
			}
		}
	}
	return ps
}

func (ps *patternSearch) run() Transform {
	var cur []pcand
	for o := range ps.orients {
		c := pcand{o: uint8(o), ties: 1<<(ps.stacks-1) - 1}
		for j := range ps.stacks {
			for i := range ps.w {
				c.slots[j].cols[i] = uint8(j*ps.w + i)
			}
		}
		cur = append(cur, c)
	}
	var next []pcand
	for k := range ps.n {
		next = ps.place(k, cur, next[:0])
		cur, next = next, cur
	}
	return ps.symbols(cur)
}

// place chooses row k of the form for every candidate in cur: each
// source row the bands allow, with its columns ordered within the cells
// and the tied slots to make the row's pattern smallest. It appends to
// next the extended candidates whose row is the smallest of all.
func (ps *patternSearch) place(k int, cur, next []pcand) []pcand {
	h := ps.h
	band := uint16(1)<<h - 1
	best := uint32(math.MaxUint32)
	for ci := range cur {
		c := &cur[ci]
		o := c.o
		var free uint16
		if k%h == 0 {
			var unused uint16 // bands with no row placed
			for b := 0; b < ps.n/h; b++ {
				if c.used>>(b*h)&band == 0 {
					unused |= 1 << b
				}
			}
			for b := 0; b < ps.n/h; b++ {
				if unused>>b&1 == 0 || ps.emptyBands[o]&unused&(1<<b-1) != 0 && ps.emptyBands[o]>>b&1 != 0 {
					continue // placed, or an empty band like an earlier one
				}
				free |= band << (b * h)
			}
		} else {
			free = band << (int(c.rows[k-k%h]) / h * h) &^ c.used
		}
		for ; free != 0; free &= free - 1 {
			sr := bits.TrailingZeros16(free)
			if ps.same[o][sr]&^c.used != 0 {
				continue
			}
			n, key := ps.refine(c, sr)
			if key > best {
				continue
			}
			if key < best {
				best = key
				next = next[:0]
			}
			n.rows[k] = uint8(sr)
			n.used |= 1 << sr
			next = append(next, n)
		}
	}
	return next
}

// refine is c with source row sr as its next row: each cell's columns
// ordered empty first (cut in two when it has both), then the tied slots
// in increasing order of their part of the row; and that row's pattern
// as a number (the first column the most significant bit).
func (ps *patternSearch) refine(c *pcand, sr int) (pcand, uint32) {
	n := *c
	row := ps.pat[c.o][sr]
	w := ps.w
	var vals [maxStacks]uint32
	for j := range ps.stacks {
		s := &n.slots[j]
		start := 0
		for i := range w {
			if i < w-1 && s.cuts>>i&1 == 0 {
				continue
			}
			// The cell [start, i].
			var empty, given [maxStacks]uint8
			ne, ng := 0, 0
			for x := start; x <= i; x++ {
				if col := s.cols[x]; row>>col&1 == 0 {
					empty[ne] = col
					ne++
				} else {
					given[ng] = col
					ng++
				}
			}
			copy(s.cols[start:], empty[:ne])
			copy(s.cols[start+ne:], given[:ng])
			if ne > 0 && ng > 0 {
				s.cuts |= 1 << (start + ne - 1)
			}
			start = i + 1
		}
		var v uint32
		for i := range w {
			v = v<<1 | uint32(row>>s.cols[i]&1)
		}
		vals[j] = v
	}
	for j := 1; j < ps.stacks; j++ {
		for x := j; x > 0 && n.ties>>(x-1)&1 != 0 && vals[x-1] > vals[x]; x-- {
			vals[x-1], vals[x] = vals[x], vals[x-1]
			n.slots[x-1], n.slots[x] = n.slots[x], n.slots[x-1]
		}
	}
	var key uint32
	for j := range ps.stacks {
		if j < ps.stacks-1 && vals[j] != vals[j+1] {
			n.ties &^= 1 << j
		}
		key = key<<w | vals[j]
	}
	return n, key
}

// symbols finds, among the candidates (which all give the smallest
// pattern) and the column orders each leaves open, the move whose
// symbols are smallest. Orders that differ only in columns with no given
// make the same form and are tried once.
func (ps *patternSearch) symbols(cands []pcand) Transform {
	n, w := ps.n, ps.w
	// The givens of the form, the same for every candidate.
	var givens []uint16
	c0 := &cands[0]
	for k := range n {
		for c := range n {
			if ps.pat[c0.o][c0.rows[k]]>>c0.slots[c/w].cols[c%w]&1 != 0 {
				givens = append(givens, uint16(k*n+c))
			}
		}
	}
	best := make([]uint8, len(givens))
	var bestCols [MaxSize]uint8
	var bestLabel [MaxSize + 1]uint8
	bestCand, bestNext := -1, uint8(0)
	var colAt [MaxSize]uint8
	var order [maxStacks]uint8
	for ci := range cands {
		c := &cands[ci]
		cells := ps.cells[c.o]
		try := func() {
			var label [MaxSize + 1]uint8
			next := uint8(1)
			cmp := 0
			if bestCand < 0 {
				cmp = -1
			}
			for i, idx := range givens {
				x := cells[int(c.rows[idx/uint16(n)])*n+int(colAt[idx%uint16(n)])]
				if label[x] == 0 {
					label[x] = next
					next++
				}
				l := label[x]
				if cmp == 0 && l != best[i] {
					if l > best[i] {
						return
					}
					cmp = -1
				}
				best[i] = l
			}
			if cmp < 0 {
				bestCand, bestCols, bestLabel, bestNext = ci, colAt, label, next
			}
		}
		// Runs of tied slots swap only when they hold givens; then each
		// cell of more than one column holding givens takes every order.
		var runs [][2]int
		for j := 0; j < ps.stacks; {
			e := j + 1
			for e < ps.stacks && c.ties>>(e-1)&1 != 0 {
				e++
			}
			if e-j > 1 && ps.usedCols[c.o]&slotMask(&c.slots[j], w) != 0 {
				runs = append(runs, [2]int{j, e})
			}
			j = e
		}
		for j := range ps.stacks {
			order[j] = uint8(j)
		}
		permuteEach(order[:], runs, func() {
			var cellRuns [][2]int
			for j := range ps.stacks {
				s := &c.slots[order[j]]
				copy(colAt[j*w:], s.cols[:w])
				start := 0
				for i := range w {
					if i < w-1 && s.cuts>>i&1 == 0 {
						continue
					}
					if i > start && ps.usedCols[c.o]>>s.cols[start]&1 != 0 {
						cellRuns = append(cellRuns, [2]int{j*w + start, j*w + i + 1})
					}
					start = i + 1
				}
			}
			permuteEach(colAt[:], cellRuns, try)
		})
	}
	c := &cands[bestCand]
	return Transform{
		Transpose: c.o == 1,
		Rows:      append([]uint8(nil), c.rows[:n]...),
		Cols:      append([]uint8(nil), bestCols[:n]...),
		Symbols:   completeSymbols(bestLabel[:n+1:n+1], bestNext),
	}
}

// slotMask is the set of a slot's source columns.
func slotMask(s *pslot, w int) uint16 {
	var m uint16
	for _, c := range s.cols[:w] {
		m |= 1 << c
	}
	return m
}

// permuteEach calls f once for every way of ordering each of the spans
// [lo, hi) of a, the spans taken in turn; a is as it was afterwards.
func permuteEach(a []uint8, spans [][2]int, f func()) {
	if len(spans) == 0 {
		f()
		return
	}
	lo, hi := spans[0][0], spans[0][1]
	var at func(i int)
	at = func(i int) {
		if i == hi {
			permuteEach(a, spans[1:], f)
			return
		}
		for j := i; j < hi; j++ {
			a[i], a[j] = a[j], a[i]
			at(i + 1)
			a[i], a[j] = a[j], a[i]
		}
	}
	at(lo)
}
