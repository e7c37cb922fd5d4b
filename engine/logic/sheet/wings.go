// Code generated from engine/logic/wings.go by TestWideCopy -update. DO NOT EDIT.

package sheet

import "fmt"

// seenByAll returns the empty cells, other than the given ones, that see
// every cell of cells and still hold d.
func (b *Board) seenByAll(cells []int, d int) []Candidate {
	var rs []Candidate
	for _, p := range b.geo.peers[cells[0]] {
		if !b.Cand[p].Has(d) || contains(cells, p) {
			continue
		}
		all := true
		for _, c := range cells[1:] {
			if !b.geo.isPeer[c][p] {
				all = false
				break
			}
		}
		if all {
			rs = append(rs, Candidate{p, d})
		}
	}
	return rs
}

// findXYWing finds a pivot {a,b} seeing pincers {a,c} and {b,c}: c goes
// from every cell that sees both pincers.
func (b *Board) findXYWing() (Step, bool) {
	for pivot := 0; pivot < frameCells; pivot++ {
		pc := b.Cand[pivot]
		if pc.Count() != 2 {
			continue
		}
		for i, p1 := range b.geo.peers[pivot] {
			c1 := b.Cand[p1]
			if c1.Count() != 2 || (c1&pc).Count() != 1 {
				continue
			}
			for _, p2 := range b.geo.peers[pivot][i+1:] {
				c2 := b.Cand[p2]
				if c2.Count() != 2 || (c2&pc).Count() != 1 || c2&pc == c1&pc {
					continue
				}
				z := c1 &^ pc
				if c2&^pc != z {
					continue
				}
				d := z.First()
				rs := b.seenByAll([]int{p1, p2}, d)
				if len(rs) == 0 {
					continue
				}
				s := newStep(XYWing)
				s.Cells, s.Digits, s.Remove = []int{pivot, p1, p2}, pc|z, rs
				s.Text = fmt.Sprintf("xy-wing %s (pivot %s, pincers %s, %s): %s", pc|z, cellName(pivot), cellName(p1), cellName(p2), removals(rs))
				return s, true
			}
		}
	}
	return Step{}, false
}

// findXYZWing finds a pivot {a,b,c} seeing pincers {a,c} and {b,c}: c goes
// from every cell that sees all three.
func (b *Board) findXYZWing() (Step, bool) {
	for pivot := 0; pivot < frameCells; pivot++ {
		pc := b.Cand[pivot]
		if pc.Count() != 3 {
			continue
		}
		for i, p1 := range b.geo.peers[pivot] {
			c1 := b.Cand[p1]
			if c1.Count() != 2 || c1&^pc != 0 {
				continue
			}
			for _, p2 := range b.geo.peers[pivot][i+1:] {
				c2 := b.Cand[p2]
				if c2.Count() != 2 || c2&^pc != 0 || c2 == c1 {
					continue
				}
				z := c1 & c2
				d := z.First()
				rs := b.seenByAll([]int{pivot, p1, p2}, d)
				if len(rs) == 0 {
					continue
				}
				s := newStep(XYZWing)
				s.Cells, s.Digits, s.Remove = []int{pivot, p1, p2}, pc, rs
				s.Text = fmt.Sprintf("xyz-wing %s (pivot %s, pincers %s, %s): %s", pc, cellName(pivot), cellName(p1), cellName(p2), removals(rs))
				return s, true
			}
		}
	}
	return Step{}, false
}

// isWWing reports whether an xy forcing chain has a W-wing's shape: from
// X=a, a bivalue cell A{a,b}, a strong link on b, a bivalue cell B{a,b},
// back to X<>a. SE has no W-wing; it finds this chain as a forcing chain
// (7.1 with its eight potentials), and so do we: only the name differs.
func isWWing(g *cgrid, pots []int) bool {
	if len(pots) != 8 {
		return false
	}
	A, B := potCell(pots[1]), potCell(pots[5])
	a, b := potDigit(pots[0]), potDigit(pots[2])
	pair := digitBit(a) | digitBit(b)
	return a != b && g.cand[A] == pair && g.cand[B] == pair && A != B &&
		potCell(pots[2]) == A && potCell(pots[6]) == B &&
		potDigit(pots[3]) == b && potDigit(pots[4]) == b && potDigit(pots[6]) == a &&
		potCell(pots[3]) != A && potCell(pots[4]) != B
}
