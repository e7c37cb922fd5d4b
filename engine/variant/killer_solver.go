package variant

import (
	"math/bits"
	"slices"
)

// solverCage is a killer cage as the solver reads it.
type solverCage struct {
	cells []int32 // Solver.cageCell[at : at+size]
	sum   int
	at    int // where its cells start in Solver.cageCell
	size  int
}

// initCages sets up the cage sums of a killer's solver: the cages, and
// for k cells and a sum the sets of k different symbols that make it.
// The cages' distinct digits need nothing here: cage mates are peers.
// The cages' and sums' cells lie one after another in s.cageCell; each
// cell's units (cages and sums) are marked in s.unitsOf, for touch.
func (s *Solver) initCages() {
	v := s.v
	s.cages, s.sums, s.cageCell = s.cages[:0], s.sums[:0], s.cageCell[:0]
	if !v.IsKiller() {
		s.units, s.unitWords, s.unitsOf = 0, 0, nil
		return
	}
	for _, cage := range v.Cages {
		at := len(s.cageCell)
		for _, c := range cage.Cells {
			s.cageCell = append(s.cageCell, int32(c))
		}
		s.cages = append(s.cages, solverCage{sum: cage.Sum, at: at, size: len(cage.Cells)})
	}
	most := s.n * (s.n + 1) / 2
	// The rule of 45: a house's cells outside the cages it holds whole
	// add up to what those cages leave of the house's sum, and differ,
	// so they are a cage too (the innies of the house). mark[i] is what
	// cage i is to the house at hand: met, whole inside it, or sticking
	// out of it, its outies taken.
	const (
		met = 1 + iota
		whole
		taken
	)
	mark := make([]uint8, len(v.Cages))
	for h, hc := range v.houses {
		for _, c := range hc {
			mark[v.cageOf[c]] = met
		}
		rest := most
		for _, c := range hc {
			i := v.cageOf[c]
			if mark[i] != met {
				continue
			}
			mark[i] = whole
			for _, o := range v.Cages[i].Cells {
				if !s.inHouse(o, h) {
					mark[i] = 0
					break
				}
			}
			if mark[i] == whole {
				rest -= v.Cages[i].Sum
			}
		}
		at := len(s.cageCell)
		for _, c := range hc {
			if mark[v.cageOf[c]] != whole {
				s.cageCell = append(s.cageCell, int32(c))
			}
		}
		if k := len(s.cageCell) - at; k > 0 && k < s.n {
			s.cages = append(s.cages, solverCage{sum: rest, at: at, size: k})
		} else {
			s.cageCell = s.cageCell[:at]
		}
		// Its outies: the cells outside the house of the cages it holds
		// in part add up to those cages' sums less the innies'; when they
		// share a house they differ, and are a cage too.
		at = len(s.cageCell)
		out := -rest
		for _, c := range hc {
			if i := v.cageOf[c]; mark[i] != whole && mark[i] != taken {
				mark[i] = taken
				out += v.Cages[i].Sum
				for _, o := range v.Cages[i].Cells {
					if !s.inHouse(o, h) {
						s.cageCell = append(s.cageCell, int32(o))
					}
				}
			}
		}
		if k := len(s.cageCell) - at; k > 0 && k < s.n && s.oneHouse(s.cageCell[at:]) {
			s.cages = append(s.cages, solverCage{sum: out, at: at, size: k})
		} else {
			s.cageCell = s.cageCell[:at]
		}
		for _, c := range hc {
			mark[v.cageOf[c]] = 0
		}
	}
	// A house's bit in cellHouses: a killer has 3n houses, 27 at most.
	// They, and the combinations, are the same for every killer of the
	// houses.
	if s.cellHouses == nil && len(v.houses) <= 64 {
		s.cellHouses = make([]uint64, len(v.Regions))
		for c, hs := range v.cellHouses {
			for _, h := range hs {
				s.cellHouses[c] |= 1 << h
			}
		}
	}
	s.initSums()
	for i := range s.cages {
		cg := &s.cages[i]
		cg.cells = s.cageCell[cg.at : cg.at+cg.size : cg.at+cg.size]
	}
	for i := range s.sums {
		sm := &s.sums[i]
		sm.plus = s.cageCell[sm.at : sm.at+sm.nplus : sm.at+sm.nplus]
		sm.minus = s.cageCell[sm.at+sm.nplus : sm.at+sm.ncells : sm.at+sm.ncells]
	}
	if s.combos == nil {
		s.combos = combinations(s.n)
	}
	s.units = len(s.cages) + len(s.sums)
	s.unitWords = (s.units + len(v.houses) + 63) / 64
	s.unitsOf = fit(s.unitsOf, v.Cells()*s.unitWords)
	clear(s.unitsOf)
	inUnit := func(u int, cells []int32) {
		for _, c := range cells {
			s.unitsOf[int(c)*s.unitWords+u/64] |= 1 << (u % 64)
		}
	}
	for i := range s.cages {
		inUnit(i, s.cages[i].cells)
	}
	for i := range s.sums {
		inUnit(len(s.cages)+i, s.cageCell[s.sums[i].at:s.sums[i].at+s.sums[i].ncells])
	}
	s.houseUnits()
}

// houseUnits marks each cell's houses in s.unitsOf, after the s.units
// units of cages and sums.
func (s *Solver) houseUnits() {
	for h, hc := range s.v.houses {
		for _, c := range hc {
			s.unitsOf[c*s.unitWords+(s.units+h)/64] |= 1 << ((s.units + h) % 64)
		}
	}
}

// touch marks the units of cell c dirty in st: its candidates changed.
func (s *Solver) touch(st *state, c int) {
	for w, m := range s.unitsOf[c*s.unitWords : (c+1)*s.unitWords] {
		st.dirty[w] |= m
	}
}

// nextDirty is the first unit from u on, below end, that is dirty in
// st; end when none is.
func nextDirty(st *state, u, end int) int {
	for u < end {
		if m := st.dirty[u/64] >> (u % 64); m != 0 {
			return min(u+bits.TrailingZeros64(m), end)
		}
		u = (u/64 + 1) * 64
	}
	return end
}

// checked marks unit u clean in st: its cells are as they are now.
func checked(st *state, u int) { st.dirty[u/64] &^= 1 << (u % 64) }

// combinations are, for k symbols of n and a sum, the sets of k
// different symbols adding up to it, in increasing order: c[k][sum].
func combinations(n int) [][][]uint32 {
	most := n * (n + 1) / 2
	counts := make([]int, (n+1)*(most+1))
	sums := make([]uint8, 1<<n)
	for m := uint32(1); m < 1<<n; m++ {
		sums[m] = sums[m&(m-1)] + uint8(bits.TrailingZeros32(m)+1)
		counts[bits.OnesCount32(m)*(most+1)+int(sums[m])]++
	}
	all := make([]uint32, 0, 1<<n)
	c := make([][][]uint32, n+1)
	for k := range c {
		c[k] = make([][]uint32, most+1)
		for sum := range c[k] {
			if m := counts[k*(most+1)+sum]; m > 0 {
				c[k][sum] = all[len(all) : len(all) : len(all)+m]
				all = all[:len(all)+m]
			}
		}
	}
	for m := uint32(1); m < 1<<n; m++ {
		k := bits.OnesCount32(m)
		c[k][sums[m]] = append(c[k][sums[m]], m)
	}
	return c
}

// inHouse reports whether cell c lies in house h.
func (s *Solver) inHouse(c, h int) bool {
	for _, w := range s.where[c] {
		if int(w.house) == h {
			return true
		}
	}
	return false
}

// cageSums narrows every cage's open cells to the symbols of the
// combinations its sum still allows: the sets of as many different
// symbols as it has open cells, adding up to what its filled cells leave,
// holding none of theirs, each symbol a candidate of an open cell and
// each open cell meeting the set. A symbol every such combination holds
// that is left in one open cell is queued there; left in several, it is
// kept for pointed (it leaves the rest of a house those share). changed
// reports whether it took a candidate or queued a single; ok false on a
// contradiction (no combination left, or a filled cage with the wrong
// sum).
//
// It runs when the singles are done. A cage whose cells are as they were
// at its last check is skipped: every change of a killer's candidates
// marks the cages and sums of the cell dirty (touch, a check the other
// variants pay once an elimination), and a check leaves its cage clean.
// A cage is dirty exactly when one of its cells changed since its last
// check, candidates only shrink.
func (s *Solver) cageSums(st *state) (changed, ok bool) {
	for i := nextDirty(st, 0, len(s.cages)); i < len(s.cages); i = nextDirty(st, i+1, len(s.cages)) {
		cg := &s.cages[i]
		cells := cg.cells
		// The open cells' candidates, for the combinations to meet.
		var opens [MaxSize]uint32
		var openCells [MaxSize]int32
		var fixed, union uint32
		rest, open := cg.sum, 0
		for _, c := range cells {
			x := st.cand[c]
			if x&filled != 0 {
				fixed |= x &^ filled
				rest -= bits.TrailingZeros32(x) + 1
			} else {
				opens[open], openCells[open] = x, c
				open++
				union |= x
			}
		}
		if open == 0 {
			if rest != 0 {
				return changed, false
			}
			continue
		}
		if rest <= 0 || rest >= len(s.combos[open]) {
			return changed, false
		}
		var allowed uint32
		need := s.all
		for _, m := range s.combos[open][rest] {
			if m&fixed != 0 || m&^union != 0 || !meets(opens[:open], m) {
				continue
			}
			allowed |= m
			need &= m
		}
		if allowed == 0 {
			return changed, false
		}
		if union&^allowed != 0 {
			for _, c := range cells {
				x := st.cand[c]
				if x&filled != 0 {
					continue
				}
				for drop := x &^ allowed; drop != 0; drop &= drop - 1 {
					if !s.eliminate(st, int(c), drop&-drop, bits.TrailingZeros32(drop)) {
						return changed, false
					}
					changed = true
				}
			}
		}
		// The open cells' candidates are now opens & allowed (the
		// eliminations took the rest): once and twice are the symbols
		// one of them, and two or more, hold.
		var once, twice uint32
		for _, x := range opens[:open] {
			x &= allowed
			twice |= once & x
			once |= x
		}
		for ; need != 0; need &= need - 1 {
			b := need & -need
			switch {
			case once&b == 0:
				return changed, false
			case twice&b == 0:
				j := 0
				for opens[j]&b == 0 {
					j++
				}
				s.queue = append(s.queue, placement{cell: openCells[j], bit: b})
				changed = true
			default:
				// The cage holds b in one of its places: when they
				// share a house, b leaves the house's other cells;
				// pointed does that once nothing cheaper is left.
				if s.cellHouses != nil {
					s.points = append(s.points, point{cage: int32(i), bit: b})
				}
			}
		}
		checked(st, i)
	}
	return changed, true
}

// meets reports whether every open cell, of candidates opens, has a
// candidate in m.
func meets(opens []uint32, m uint32) bool {
	for _, x := range opens {
		if x&m == 0 {
			return false
		}
	}
	return true
}

// oneHouse reports whether the cells all lie in one house.
func (s *Solver) oneHouse(cells []int32) bool {
	for _, w := range s.where[cells[0]] {
		in := true
		for _, c := range cells[1:] {
			if !slices.ContainsFunc(s.where[c], func(x spot) bool { return x.house == w.house }) {
				in = false
				break
			}
		}
		if in {
			return true
		}
	}
	return false
}

// point is a symbol bit every combination of cage i still holds.
type point struct {
	cage int32
	bit  uint32
}

// pointed takes each point's symbol from the cells of every house that
// holds all of its cage's cells where it can still go (their common
// houses, from cellHouses); a symbol left one such cell is queued there.
// The points hold for every state below the one they were found in (a
// cage's combinations only narrow), so they wait until the singles,
// cages and sums are done, and are dropped at the first contradiction.
// changed and ok as cageSums.
func (s *Solver) pointed(st *state) (changed, ok bool) {
	for len(s.points) > 0 {
		p := s.points[len(s.points)-1]
		s.points = s.points[:len(s.points)-1]
		bit := p.bit
		var places [MaxSize]int32
		k := 0
		common := ^uint64(0)
		for _, c := range s.cages[p.cage].cells {
			if x := st.cand[c]; x == bit|filled {
				k = -1
				break
			} else if x&bit != 0 {
				places[k] = c
				k++
				common &= s.cellHouses[c]
			}
		}
		switch k {
		case -1:
			continue
		case 0:
			return changed, false
		case 1:
			s.queue = append(s.queue, placement{cell: places[0], bit: bit})
			changed = true
			continue
		}
		sym := bits.TrailingZeros32(bit)
		for ; common != 0; common &= common - 1 {
			h := bits.TrailingZeros64(common)
			if st.done[h]&bit != 0 {
				continue
			}
			for _, c := range s.v.houses[h] {
				if x := st.cand[c]; x&bit != 0 && x&filled == 0 && !slices.Contains(places[:k], int32(c)) {
					if !s.eliminate(st, c, bit, sym) {
						return changed, false
					}
					changed = true
				}
			}
		}
	}
	return changed, true
}
