// Code generated from engine/logic/singles.go by TestWideCopy -update. DO NOT EDIT.

package sheet

import (
	"fmt"
	"math/bits"
)

// findLastValue finds a house with one empty cell left, in Sudoku
// Explainer's scan (geometry.seScan). Which step SE takes among equals
// decides the path, and so, now and then, the rating.
func (b *Board) findLastValue() (Step, bool) {
	for _, h := range b.geo.seScan {
		if b.emptyIn[h] != 1 {
			continue
		}
		cell := -1
		var placed Digits
		for _, c := range b.geo.houses[h] {
			if v := b.Cells[c]; v != 0 {
				placed |= digitBit(int(v))
			} else {
				cell = c
			}
		}
		d := (b.geo.all &^ placed).First()
		if d == 0 || !b.Cand[cell].Has(d) {
			continue // a contradiction; the solver notices it elsewhere
		}
		s := newStep(LastValue)
		s.Cells, s.Digits = []int{cell}, digitBit(d)
		s.Place = []Candidate{{cell, d}}
		if !b.quiet {
			s.Text = fmt.Sprintf("%s: last value %d in %s", cellName(cell), d, b.geo.names[h])
		}
		return s, true
	}
	return Step{}, false
}

// findHiddenSingle finds a digit with one place left in a box-like house
// (inBoxes: boxes, jigsaw regions, windows) or in a line-like one
// (columns, rows, diagonals), in Sudoku Explainer's scan.
func (b *Board) findHiddenSingle(inBoxes bool) (Step, bool) {
	hs, t := b.geo.lineScan, HiddenSingleLine
	if inBoxes {
		hs, t = b.geo.boxScan, HiddenSingleBox
	}
	n := b.geo.n
	for _, h := range hs {
		for d := 1; d <= n; d++ {
			pos := b.positions(h, d)
			if pos == 0 || pos&(pos-1) != 0 {
				continue
			}
			cell := b.geo.houses[h][bitIndex(pos)]
			s := newStep(t)
			s.Cells, s.Digits = []int{cell}, digitBit(d)
			s.Place = []Candidate{{cell, d}}
			if !b.quiet {
				s.Text = fmt.Sprintf("%s: hidden single %d in %s", cellName(cell), d, b.geo.names[h])
			}
			return s, true
		}
	}
	return Step{}, false
}

// findNakedSingle finds a cell with one candidate left.
func (b *Board) findNakedSingle() (Step, bool) {
	for c := 0; c < frameCells; c++ {
		if cand := b.Cand[c]; cand != 0 && cand&(cand-1) == 0 {
			d := cand.First()
			s := newStep(NakedSingle)
			s.Cells, s.Digits = []int{c}, cand
			s.Place = []Candidate{{c, d}}
			if !b.quiet {
				s.Text = fmt.Sprintf("%s: naked single %d", cellName(c), d)
			}
			return s, true
		}
	}
	return Step{}, false
}

func bitIndex(m uint16) int { return bits.TrailingZeros16(m) }

// emptyCells counts the empty cells of house h.
func (b *Board) emptyCells(h int) int { return int(b.emptyIn[h]) }
