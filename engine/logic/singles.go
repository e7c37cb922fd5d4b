package logic

import "fmt"

// findLastValue finds a house with one empty cell left.
func (b *Board) findLastValue() (Step, bool) {
	for h := 0; h < 27; h++ {
		cell, n := -1, 0
		var placed Digits
		for _, c := range houses[h] {
			if v := b.Cells[c]; v != 0 {
				placed |= digitBit(int(v))
			} else {
				cell = c
				n++
			}
		}
		if n != 1 {
			continue
		}
		d := (allDigits &^ placed).First()
		if d == 0 || !b.Cand[cell].Has(d) {
			continue // a contradiction; the solver notices it elsewhere
		}
		s := newStep(LastValue)
		s.Cells, s.Digits = []int{cell}, digitBit(d)
		s.Place = []Candidate{{cell, d}}
		s.Text = fmt.Sprintf("%s: last value %d in %s", cellName(cell), d, houseName(h))
		return s, true
	}
	return Step{}, false
}

// findHiddenSingle finds a digit with one place left in a box (inBoxes) or
// in a row or column.
func (b *Board) findHiddenSingle(inBoxes bool) (Step, bool) {
	from, to, t := 0, 18, HiddenSingleLine
	if inBoxes {
		from, to, t = 18, 27, HiddenSingleBox
	}
	for h := from; h < to; h++ {
		for d := 1; d <= 9; d++ {
			pos := b.positions(h, d)
			if pos == 0 || pos&(pos-1) != 0 {
				continue
			}
			cell := houses[h][bitIndex(pos)]
			s := newStep(t)
			s.Cells, s.Digits = []int{cell}, digitBit(d)
			s.Place = []Candidate{{cell, d}}
			s.Text = fmt.Sprintf("%s: hidden single %d in %s", cellName(cell), d, houseName(h))
			return s, true
		}
	}
	return Step{}, false
}

// findNakedSingle finds a cell with one candidate left.
func (b *Board) findNakedSingle() (Step, bool) {
	for c := 0; c < 81; c++ {
		if cand := b.Cand[c]; cand != 0 && cand.Count() == 1 {
			d := cand.First()
			s := newStep(NakedSingle)
			s.Cells, s.Digits = []int{c}, cand
			s.Place = []Candidate{{c, d}}
			s.Text = fmt.Sprintf("%s: naked single %d", cellName(c), d)
			return s, true
		}
	}
	return Step{}, false
}

// directSingle looks, after the eliminations rs, for a hidden single of an
// eliminated digit in a house of an eliminated cell: what makes a
// Sudoku Explainer "direct" technique. The board is left as it was.
func (b *Board) directSingle(rs []Candidate) (Candidate, int, bool) {
	saved := make([]Digits, len(rs))
	for i, r := range rs {
		saved[i] = b.Cand[r.Cell]
		b.Cand[r.Cell] &^= digitBit(r.Digit)
	}
	defer func() {
		for i := len(rs) - 1; i >= 0; i-- {
			b.Cand[rs[i].Cell] = saved[i]
		}
	}()
	for _, r := range rs {
		for _, h := range houseOf[r.Cell] {
			pos := b.positions(h, r.Digit)
			if pos != 0 && pos&(pos-1) == 0 {
				return Candidate{houses[h][bitIndex(pos)], r.Digit}, h, true
			}
		}
	}
	return Candidate{}, 0, false
}

func bitIndex(m uint16) int {
	for i := 0; i < 16; i++ {
		if m&(1<<i) != 0 {
			return i
		}
	}
	return -1
}
