package variant

import (
	"math/bits"
	"slices"
)

// solverCage is a killer cage as the solver reads it.
type solverCage struct {
	cells []int32
	sum   int
	at    int // where its cells' candidates start in state.seen
}

// initCages sets up the cage sums of a killer's solver: the cages, and
// for k cells and a sum the sets of k different symbols that make it.
// The cages' distinct digits need nothing here: cage mates are peers.
func (s *Solver) initCages() {
	v := s.v
	if !v.IsKiller() {
		return
	}
	for _, cage := range v.Cages {
		cg := solverCage{sum: cage.Sum}
		for _, c := range cage.Cells {
			cg.cells = append(cg.cells, int32(c))
		}
		s.cages = append(s.cages, cg)
	}
	most := s.n * (s.n + 1) / 2
	// The rule of 45: a house's cells outside the cages it holds whole
	// add up to what those cages leave of the house's sum, and differ,
	// so they are a cage too (the innies of the house).
	for _, h := range v.houses {
		whole := map[int]bool{}
		for _, c := range h {
			whole[v.cageOf[c]] = true
		}
		rest := most
		for i := range whole {
			for _, c := range v.Cages[i].Cells {
				if !slices.Contains(h, c) {
					delete(whole, i)
					break
				}
			}
			if whole[i] {
				rest -= v.Cages[i].Sum
			}
		}
		var cg solverCage
		for _, c := range h {
			if !whole[v.cageOf[c]] {
				cg.cells = append(cg.cells, int32(c))
			}
		}
		if len(cg.cells) > 0 && len(cg.cells) < s.n {
			cg.sum = rest
			s.cages = append(s.cages, cg)
		}
		// Its outies: the cells outside the house of the cages it holds
		// in part add up to those cages' sums less the innies'; when they
		// share a house they differ, and are a cage too.
		var out solverCage
		out.sum = -rest
		part := map[int]bool{}
		for _, c := range h {
			if i := v.cageOf[c]; !whole[i] && !part[i] {
				part[i] = true
				out.sum += v.Cages[i].Sum
				for _, o := range v.Cages[i].Cells {
					if !slices.Contains(h, o) {
						out.cells = append(out.cells, int32(o))
					}
				}
			}
		}
		if len(out.cells) > 0 && len(out.cells) < s.n && s.oneHouse(out.cells) {
			s.cages = append(s.cages, out)
		}
	}
	// A house's bit in cellHouses: a killer has 3n houses, 27 at most.
	if len(v.houses) <= 64 {
		s.cellHouses = make([]uint64, len(v.Regions))
		for c, hs := range v.cellHouses {
			for _, h := range hs {
				s.cellHouses[c] |= 1 << h
			}
		}
	}
	s.initSums()
	for i := range s.cages {
		s.cages[i].at = s.cageCells
		s.cageCells += len(s.cages[i].cells)
	}
	for i := range s.sums {
		s.sums[i].at = s.cageCells
		s.cageCells += len(s.sums[i].plus) + len(s.sums[i].minus)
	}
	s.combos = make([][][]uint32, s.n+1)
	for k := range s.combos {
		s.combos[k] = make([][]uint32, most+1)
	}
	for m := uint32(1); m <= s.all; m++ {
		sum := 0
		for x := m; x != 0; x &= x - 1 {
			sum += bits.TrailingZeros32(x) + 1
		}
		k := bits.OnesCount32(m)
		s.combos[k][sum] = append(s.combos[k][sum], m)
	}
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
// at its last check (state.seen) is skipped: tracking which cages an
// elimination touches would cost every elimination of the other variants
// a check, and comparing a cage's few cells is cheap.
func (s *Solver) cageSums(st *state) (changed, ok bool) {
	for i := range s.cages {
		cg := &s.cages[i]
		// A cage whose cells are as they were at its last check has
		// nothing new to give.
		seen := st.seen[cg.at : cg.at+len(cg.cells)]
		same := true
		for j, c := range cg.cells {
			same = same && st.cand[c] == seen[j]
		}
		if same {
			continue
		}
		var fixed, union uint32
		rest, open := cg.sum, 0
		for _, c := range cg.cells {
			x := st.cand[c]
			if x&filled != 0 {
				fixed |= x &^ filled
				rest -= bits.TrailingZeros32(x) + 1
			} else {
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
			if m&fixed != 0 || m&^union != 0 || !meets(st, cg.cells, m) {
				continue
			}
			allowed |= m
			need &= m
		}
		if allowed == 0 {
			return changed, false
		}
		if union&^allowed != 0 {
			for _, c := range cg.cells {
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
		for ; need != 0; need &= need - 1 {
			b := need & -need
			var places [MaxSize]int32
			k := 0
			for _, c := range cg.cells {
				if x := st.cand[c]; x&filled == 0 && x&b != 0 {
					places[k] = c
					k++
				}
			}
			switch k {
			case 0:
				return changed, false
			case 1:
				s.queue = append(s.queue, placement{cell: places[0], bit: b})
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
		for j, c := range cg.cells {
			seen[j] = st.cand[c]
		}
	}
	return changed, true
}

// meets reports whether every open cell of cells has a candidate in m.
func meets(st *state, cells []int32, m uint32) bool {
	for _, c := range cells {
		if x := st.cand[c]; x&filled == 0 && x&m == 0 {
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
