package logic

import (
	"math/bits"
)

// findNakedSubset finds k cells of a house whose candidates together are
// k symbols: those symbols go from the house's other cells. Like Sudoku
// Explainer it only looks in houses with at least 2k empty cells (in a
// smaller house the complementary hidden set is the simpler view).
func (b *board) findNakedSubset(k int, t Technique) (Step, bool) {
	var elig [32]int
	var buf [4]int
	for _, h := range b.scan {
		if b.emptyIn[h] < 2*k {
			continue
		}
		cells := b.houses[h]
		m := 0
		for i, c := range cells {
			if cnt := count(b.cand[c]); cnt >= 1 && cnt <= k {
				elig[m] = i
				m++
			}
		}
		idx := buf[:k]
		for ok := firstCombination(idx, m); ok; ok = nextCombination(idx, m) {
			var union, inSet uint32
			for _, i := range idx {
				union |= b.cand[cells[elig[i]]]
				inSet |= 1 << elig[i]
			}
			if count(union) != k {
				continue
			}
			var rs []Candidate
			for i, c := range cells {
				if inSet&(1<<i) != 0 {
					continue
				}
				for x := b.cand[c] & union; x != 0; x &= x - 1 {
					rs = append(rs, Candidate{c, first(x)})
				}
			}
			if len(rs) == 0 {
				continue
			}
			set := b.cellsOf(h, inSet)
			s := newStep(t)
			s.Cells, s.Symbols, s.Remove = set, union, rs
			s.Text = b.say.s("%s %s in %s (%s): %s", b.say.name(t), b.symbolsName(union), b.names[h], b.cellsName(set), b.removals(rs))
			return s, true
		}
	}
	return Step{}, false
}

// findHiddenSubset finds k symbols of a house confined to k cells: those
// cells lose their other candidates. Like Sudoku Explainer it only looks
// in houses with more than 2k empty cells. With direct set (houses with
// more than k empty cells) it only takes subsets whose eliminations leave
// a hidden single of another symbol in the same house, and the step only
// places that single.
func (b *board) findHiddenSubset(k int, t Technique, direct bool) (Step, bool) {
	var elig [32]int
	var pos [32]uint32
	var buf [4]int
	for _, h := range b.scan {
		empty := b.emptyIn[h]
		if direct && empty <= k || !direct && empty <= 2*k {
			continue
		}
		m := 0
		for sym := 1; sym <= b.n; sym++ {
			pos[sym] = b.positions(h, sym)
			if cnt := bits.OnesCount32(pos[sym]); cnt >= 1 && cnt <= k {
				elig[m] = sym
				m++
			}
		}
		idx := buf[:k]
		for ok := firstCombination(idx, m); ok; ok = nextCombination(idx, m) {
			var union, syms uint32
			for _, i := range idx {
				union |= pos[elig[i]]
				syms |= bit(elig[i])
			}
			if bits.OnesCount32(union) != k {
				continue
			}
			set := b.cellsOf(h, union)
			if direct {
				for sym := 1; sym <= b.n; sym++ {
					p := pos[sym]
					if syms&bit(sym) != 0 || p&(p-1) == 0 {
						continue
					}
					if rest := p &^ union; rest != 0 && rest&(rest-1) == 0 {
						cell := b.houses[h][bits.TrailingZeros32(rest)]
						s := newStep(t)
						s.Cells, s.Symbols = set, syms
						s.Place = []Candidate{{cell, sym}}
						s.Text = b.say.s("%s: %s %s in %s (%s) leaves hidden single %s",
							b.cellName(cell), b.say.name(t), b.symbolsName(syms), b.names[h], b.cellsName(set), b.symbolName(sym))
						return s, true
					}
				}
				continue
			}
			var rs []Candidate
			for _, c := range set {
				for x := b.cand[c] &^ syms; x != 0; x &= x - 1 {
					rs = append(rs, Candidate{c, first(x)})
				}
			}
			if len(rs) == 0 {
				continue
			}
			s := newStep(t)
			s.Cells, s.Symbols, s.Remove = set, syms, rs
			s.Text = b.say.s("%s %s in %s (%s): %s", b.say.name(t), b.symbolsName(syms), b.names[h], b.cellsName(set), b.removals(rs))
			return s, true
		}
	}
	return Step{}, false
}

// firstCombination sets idx to the first len(idx)-subset of 0..m-1,
// reporting whether there is one; nextCombination moves it to the next,
// in lexicographic order (Sudoku Explainer's).
func firstCombination(idx []int, m int) bool {
	for i := range idx {
		idx[i] = i
	}
	return len(idx) <= m
}

func nextCombination(idx []int, m int) bool {
	k := len(idx)
	i := k - 1
	for i >= 0 && idx[i] == m-k+i {
		i--
	}
	if i < 0 {
		return false
	}
	idx[i]++
	for j := i + 1; j < k; j++ {
		idx[j] = idx[j-1] + 1
	}
	return true
}
