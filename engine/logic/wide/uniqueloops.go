// Code generated from engine/logic/uniqueloops.go by TestWideCopy -update. DO NOT EDIT.

package wide

import (
	"fmt"
	"slices"
)

// Unique loops, Sudoku Explainer's unique rectangles grown longer: an
// even loop of empty cells, each pair of neighbours sharing a house and
// every house it visits visited by exactly two of its cells an odd
// distance apart along it, all holding the same two digits. Without the
// few cells that hold more, the two digits could swap all round the loop
// and the puzzle would have two solutions; so the extra candidates
// decide. A loop of four cells is a unique rectangle (4.5); six cells rate
// 4.6, eight 4.7, ten or more 5.0, and a type 3's naked or hidden set adds
// 0.1 a cell past a pair.
//
// The search is SE's (UniqueLoops.java): from each bivalue cell in
// order, a walk through the cells holding both its digits, changing the
// kind of house at each step, with at most two cells holding more (or
// more than two when their extra digits are all one digit). Every loop
// found gives its hints of each type; they are sorted by rating, then
// type, and the first is the step.
//
// SukakuExplainer runs it with lkSudoku's fixes (its default
// islkSudokuURUL): a walk counts the extra digits of the loop's cells
// only, where 1.2.1 counts those of every cell tried on the way too, and
// a type 3 looks for hidden sets smaller than the extra digits.

// loopHint is one hint of a loop: its SE class (type 3's naked and hidden
// sets are classes apart), which keeps one hint of a class per set of
// cells, and its type, which orders hints of one rating.
type loopHint struct {
	class, kind int
	cells       cellSet
	tenths      int // rating, in tenths
	step        Step
}

// loopSearch is the walk of one pair of digits from one start cell.
type loopSearch struct {
	b      *Board
	pair   Digits
	loop   [frameCells]int
	n      int
	inLoop cellSet
	// seen are the houses of the loop's cells at even and at odd places:
	// a valid loop visits each house once at each (validLoop), so a walk
	// onto a cell whose houses one of its own parity has seen closes no
	// valid loop and is not taken.
	seen  [2]houseSet
	hints []loopHint // of every loop found so far, in SE's order
	// found are the loops found so far, as sets of cells. A loop is found
	// again both ways round and from each of its bivalue cells; its hints
	// depend on its cells alone (their pair, since a bivalue cell of the
	// loop holds nothing else, and its cells with extras, each function
	// of the two symmetric in them), so they would all be dropped as
	// already given, and are not made again.
	found []cellSet
	lk    bool // with lkSudoku's fixes (the sukaku scale)
}

// findUniqueRectangle finds SE's unique rectangles and loops of every
// type and returns the lowest-rated hint; lk: with lkSudoku's fixes.
func (b *Board) findUniqueRectangle(lk bool) (Step, bool) {
	s := &loopSearch{b: b, lk: lk}
	for c := 0; c < frameCells; c++ {
		if b.Cand[c].Count() != 2 {
			continue
		}
		s.pair = b.Cand[c]
		s.walk(c, 2, 0, -1)
	}
	return bestLoopHint(s.hints)
}

// bestLoopHint is the step of the lowest-rated hint, the first found of
// the lowest type among those of one rating.
func bestLoopHint(hints []loopHint) (Step, bool) {
	if len(hints) == 0 {
		return Step{}, false
	}
	slices.SortStableFunc(hints, func(x, y loopHint) int {
		if x.tenths != y.tenths {
			return x.tenths - y.tenths
		}
		return x.kind - y.kind
	})
	return hints[0].step, true
}

// walk is SE's checkForLoops: it adds cell to the loop and goes on
// through each of its houses but the kind it came by, recording the
// loop's hints when it closes on the start after four cells or more
// and is valid (SE gathers a start's loops first, then weighs them in the
// order found: the same order). ex gathers the extra digits of the
// loop's cells, and, without lk, those of the cells tried from here, as
// 1.2.1's does.
func (s *loopSearch) walk(cell, allowedEx int, ex Digits, lastKind int) {
	s.loop[s.n] = cell
	geo := s.b.geo
	s.seen[s.n&1] = s.seen[s.n&1].or(geo.houseBits[cell])
	s.n++
	s.inLoop = s.inLoop.or(cellBit(cell))
	for _, kind := range geo.linkOrder {
		if kind == lastKind {
			continue
		}
		h := geo.houseOf[cell][kind]
		if h < 0 {
			continue
		}
		for _, next := range geo.houses[h] {
			if next == s.loop[0] && s.n >= 4 {
				if loop := s.loop[:s.n]; geo.validLoop(loop) && !slices.Contains(s.found, s.inLoop) {
					s.found = append(s.found, s.inLoop)
					s.hints = s.b.loopHints(s.hints, loop, s.pair, s.lk)
				}
				continue
			}
			p := s.b.Cand[next]
			if s.inLoop.has(next) || p&s.pair != s.pair {
				continue
			}
			nex := ex | p&^s.pair
			if !s.lk {
				ex = nex
			}
			if !s.seen[s.n&1].and(geo.houseBits[next]).empty() {
				continue
			}
			if n := p.Count(); n == 2 || nex.Count() == 1 || allowedEx > 0 {
				left := allowedEx
				if n > 2 {
					left--
				}
				s.walk(next, left, nex, kind)
			}
		}
	}
	s.n--
	s.seen[s.n&1] = s.seen[s.n&1].andNot(geo.houseBits[cell])
	s.inLoop = s.inLoop.andNot(cellBit(cell))
}

// validLoop is SE's isValidLoop: walking the loop, the houses of the
// cells at even places and those of the cells at odd places are each
// visited once, and are the same houses, so that swapping the two
// digits all round keeps every house whole. Over any houses: the extra
// ones too; and a killer's cages must each hold as many cells at even
// places as at odd ones, so that the swap keeps their sums.
func (geo *geometry) validLoop(loop []int) bool {
	var even, odd houseSet
	for i, c := range loop {
		seen := &even
		if i%2 == 1 {
			seen = &odd
		}
		if !seen.and(geo.houseBits[c]).empty() {
			return false
		}
		*seen = seen.or(geo.houseBits[c])
	}
	if even != odd {
		return false
	}
	if len(geo.sums) > 0 {
		for _, c := range loop {
			k := geo.sumCage[c]
			if k < 0 {
				continue
			}
			balance := 0
			for i, o := range loop {
				if geo.sumCage[o] == k {
					balance += 1 - 2*(i%2)
				}
			}
			if balance != 0 {
				return false
			}
		}
	}
	return true
}

// loopTenths is SE's rating of a loop of n cells, in tenths.
func loopTenths(n int) int {
	switch {
	case n >= 10:
		return 50
	case n >= 8:
		return 47
	case n >= 6:
		return 46
	}
	return 45
}

// loopHints adds the hints of a valid loop on the pair to hints, as SE's
// getHints does: type 1 for one cell with extra digits, type 2 for more
// cells whose extras are one digit, types 3 and 4 for two.
func (b *Board) loopHints(hints []loopHint, loop []int, pair Digits, lk bool) []loopHint {
	var extraBuf [frameCells]int
	extra := extraBuf[:0]
	for _, c := range loop {
		if b.Cand[c].Count() > 2 {
			extra = append(extra, c)
		}
	}
	add := func(h loopHint, ok bool) {
		if !ok || len(h.step.Remove) == 0 {
			return
		}
		for _, o := range hints {
			if o.class == h.class && o.cells == h.cells {
				return
			}
		}
		hints = append(hints, h)
	}
	switch {
	case len(extra) == 1:
		var rs []Candidate
		for _, d := range pair.List() {
			rs = append(rs, Candidate{extra[0], d})
		}
		add(b.loopHint(1, 1, loop, pair, 0, rs, ""), true)
	case len(extra) > 2:
		add(b.loopType2(loop, pair, extra))
	case len(extra) == 2:
		if ((b.Cand[extra[0]] | b.Cand[extra[1]]) &^ pair).Count() == 1 {
			add(b.loopType2(loop, pair, extra))
		} else {
			for _, h := range b.loopType3(loop, pair, extra[0], extra[1], lk) {
				add(h, true)
			}
		}
		add(b.loopType4(loop, pair, extra[0], extra[1]))
	}
	return hints
}

// loopHint makes a hint of the loop: class and type as SE's, its rating
// the loop's plus bonus tenths.
func (b *Board) loopHint(class, kind int, loop []int, pair Digits, bonus int, rs []Candidate, how string) loopHint {
	t := UniqueLoop
	if len(loop) == 4 {
		t = [...]Technique{UniqueRectangle1, UniqueRectangle2, UniqueRectangle3, UniqueRectangle4}[kind-1]
	}
	var cells cellSet
	for _, c := range loop {
		cells = cells.or(cellBit(c))
	}
	tenths := loopTenths(len(loop)) + bonus
	s := newStep(t)
	s.Rating = float64(tenths) / 10
	s.Cells, s.Digits, s.Remove = slices.Clone(loop), pair, rs
	name := t.String()
	if t == UniqueLoop {
		name = fmt.Sprintf("unique loop type %d", kind)
	}
	s.Text = fmt.Sprintf("%s %s in %s%s: %s", name, pair, cellsName(loop), how, removals(rs))
	return loopHint{class: class, kind: kind, cells: cells, tenths: tenths, step: s}
}

// loopType2: the cells with extras hold one extra digit x besides the
// pair, so one of them is x, and x goes from every cell seeing them all.
func (b *Board) loopType2(loop []int, pair Digits, extra []int) (loopHint, bool) {
	x := (b.Cand[extra[0]] &^ pair).First()
	rs := b.seenByAll(extra, x)
	return b.loopHint(2, 2, loop, pair, 0, rs, fmt.Sprintf(" (extra %d)", x)), true
}

// loopType3 gives SE's type 3 hints of two cells with extras c1 and c2 in
// one house: their extras act as one cell, which makes a naked set with
// other cells of the house, or, with c1 standing for both, a hidden set.
// With lk, hidden sets of fewer cells than extra digits count too.
func (b *Board) loopType3(loop []int, pair Digits, c1, c2 int, lk bool) []loopHint {
	var out []loopHint
	extra := (b.Cand[c1] | b.Cand[c2]) &^ pair
	from := extra.Count()
	if lk {
		from = 2
	}
	for degree := from; degree <= 7; degree++ {
		for _, kind := range b.geo.linkOrder {
			h := b.geo.houseOf[c1][kind]
			if h < 0 || b.geo.houseOf[c2][kind] != h {
				continue
			}
			empty, i1, i2 := 0, -1, -1
			for i, c := range b.geo.houses[h] {
				if b.Cand[c] != 0 {
					empty++
				}
				switch c {
				case c1:
					i1 = i
				case c2:
					i2 = i
				}
			}
			if degree*2 <= empty && degree >= extra.Count() {
				out = b.loopNaked(out, loop, pair, extra, h, c1, c2, i1, i2, degree)
			}
			if degree*2 < empty {
				out = b.loopHidden(out, loop, pair, extra, h, c1, c2, i2, degree)
			}
		}
	}
	return out
}

// loopNaked looks for the naked sets of degree cells of house h holding
// c1 (for both c1 and c2, with the extras as its digits) but not c2.
func (b *Board) loopNaked(out []loopHint, loop []int, pair, extra Digits, h, c1, c2, i1, i2, degree int) []loopHint {
	for set := uint32(1)<<degree - 1; set < 1<<b.geo.n; set = nextColex(set) {
		if set&(1<<i1) == 0 || set&(1<<i2) != 0 {
			continue
		}
		naked := extra & b.Cand[c1] & b.Cand[c2]
		union, ok := Digits(0), true
		for i := 0; i < b.geo.n; i++ {
			if set&(1<<i) == 0 {
				continue
			}
			p := extra
			if i != i1 {
				p = b.Cand[b.geo.houses[h][i]]
				naked |= p
			}
			ok = ok && p.Count() > 1
			union |= p
		}
		if naked.Count() != degree || !ok || union.Count() != degree {
			continue
		}
		var rs []Candidate
		for i, c := range b.geo.houses[h] {
			if set&(1<<i) != 0 || c == c2 {
				continue
			}
			for x := b.Cand[c] & union; x != 0; x &= x - 1 {
				rs = append(rs, Candidate{c, x.First()})
			}
		}
		out = append(out, b.loopHint(3, 3, loop, pair, degree-1, rs, fmt.Sprintf(" (naked set %s in %s)", union, b.geo.names[h])))
	}
	return out
}

// loopHidden looks for the hidden sets of the pair and degree-2 other
// digits (not extras) in house h, c2 left out: the set's other cells lose
// their other candidates.
func (b *Board) loopHidden(out []loopHint, loop []int, pair, extra Digits, h, c1, c2, i2, degree int) []loopHint {
	rest := b.geo.all &^ pair &^ extra
	restList := rest.List()
	if degree-2 > len(restList) {
		return out
	}
	for set := uint32(1)<<(degree-2) - 1; set < 1<<len(restList); set = nextColex(set) {
		values := pair
		for i, d := range restList {
			if set&(1<<i) != 0 {
				values |= digitBit(d)
			}
		}
		var where uint16
		ok := true
		for x := values; x != 0; x &= x - 1 {
			p := b.positions(h, x.First()) &^ (1 << i2)
			ok = ok && p != 0
			where |= p
		}
		if !ok || popcount16(where) != degree {
			continue
		}
		var rs []Candidate
		n := 0
		for i, c := range b.geo.houses[h] {
			if where&(1<<i) == 0 || c == c1 || c == c2 {
				continue
			}
			n++
			for x := b.Cand[c] &^ values; x != 0; x &= x - 1 {
				rs = append(rs, Candidate{c, x.First()})
			}
		}
		out = append(out, b.loopHint(5, 3, loop, pair, n-1, rs, fmt.Sprintf(" (hidden set %s in %s)", values, b.geo.names[h])))
	}
	return out
}

// loopType4: in a house of both c1 and c2 one digit of the pair has no
// other place, so the other goes from both. SE takes the last such
// house, and the first digit of the pair when both qualify.
func (b *Board) loopType4(loop []int, pair Digits, c1, c2 int) (loopHint, bool) {
	v1, v2 := pair.First(), (pair &^ digitBit(pair.First())).First()
	h1, h2 := -1, -1
	for _, kind := range b.geo.linkOrder {
		h := b.geo.houseOf[c1][kind]
		if h < 0 || b.geo.houseOf[c2][kind] != h {
			continue
		}
		var others Digits
		for _, c := range b.geo.houses[h] {
			if c != c1 && c != c2 {
				others |= b.Cand[c]
			}
		}
		if !others.Has(v1) {
			h1 = h
		}
		if !others.Has(v2) {
			h2 = h
		}
	}
	lock, gone, h := v1, v2, h1
	if h1 < 0 {
		lock, gone, h = v2, v1, h2
	}
	if h < 0 {
		return loopHint{}, false
	}
	rs := []Candidate{{c1, gone}, {c2, gone}}
	return b.loopHint(4, 4, loop, pair, 0, rs, fmt.Sprintf(" (%d locked in %s)", lock, b.geo.names[h])), true
}

// nextColex is the next set of as many bits, in increasing order of
// value (Gosper's hack): the order of SE's Permutations. The empty set,
// the one set of no bits, has none: 1<<31 ends any walk.
func nextColex(set uint32) uint32 {
	if set == 0 {
		return 1 << 31
	}
	low := set & -set
	ripple := set + low
	return ripple | (set^ripple)>>2/low
}
