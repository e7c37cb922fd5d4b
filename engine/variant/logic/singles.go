package logic

import "math/bits"

// findLastValue finds a house with one empty cell left (a full house).
func (b *board) findLastValue() (Step, bool) {
	for _, h := range b.scan {
		if b.emptyIn[h] != 1 {
			continue
		}
		cell := -1
		var placed uint32
		for _, c := range b.houses[h] {
			if x := b.val[c]; x != 0 {
				placed |= bit(int(x))
			} else {
				cell = c
			}
		}
		missing := b.all &^ placed
		if missing == 0 || b.cand[cell]&missing == 0 {
			continue // a contradiction; the solve notices it elsewhere
		}
		sym := first(missing)
		s := newStep(LastValue)
		s.Cells, s.Symbols = []int{cell}, bit(sym)
		s.Place = []Candidate{{cell, sym}}
		s.Text = b.say.s("%s: last value %s in %s", b.cellName(cell), b.symbolName(sym), b.names[h])
		return s, true
	}
	return Step{}, false
}

// findHiddenSingle finds a symbol with one place left in a box-like house
// (inBoxes: boxes, jigsaw regions, windows) or in a line-like one (rows,
// columns, diagonals), scanning in Sudoku Explainer's order.
func (b *board) findHiddenSingle(inBoxes bool) (Step, bool) {
	t := HiddenSingleLine
	if inBoxes {
		t = HiddenSingleBox
	}
	for _, h := range b.scan {
		if b.group[h].boxLike() != inBoxes {
			continue
		}
		for sym := 1; sym <= b.n; sym++ {
			pos := b.positions(h, sym)
			if pos == 0 || pos&(pos-1) != 0 {
				continue
			}
			cell := b.houses[h][bits.TrailingZeros32(pos)]
			s := newStep(t)
			s.Cells, s.Symbols = []int{cell}, bit(sym)
			s.Place = []Candidate{{cell, sym}}
			s.Text = b.say.s("%s: hidden single %s in %s", b.cellName(cell), b.symbolName(sym), b.names[h])
			return s, true
		}
	}
	return Step{}, false
}

// findNakedSingle finds a cell with one candidate left.
func (b *board) findNakedSingle() (Step, bool) {
	for c, x := range b.cand {
		if x != 0 && x&(x-1) == 0 {
			sym := first(x)
			s := newStep(NakedSingle)
			s.Cells, s.Symbols = []int{c}, x
			s.Place = []Candidate{{c, sym}}
			s.Text = b.say.s("%s: naked single %s", b.cellName(c), b.symbolName(sym))
			return s, true
		}
	}
	return Step{}, false
}
