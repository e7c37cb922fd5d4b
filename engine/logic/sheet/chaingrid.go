// Code generated from engine/logic/chaingrid.go by TestWideCopy -update. DO NOT EDIT.

package sheet

// The chain engine works on potentials: a candidate (cell, digit) assumed
// true ("on") or false ("off"), numbered cand*2+state with cand =
// cell*9+digit-1, as Sudoku Explainer's Chaining does. Its grid keeps, for
// speed, the places of every digit in every house as a 9-bit set, updated
// when a dynamic chain switches a candidate off.

const (
	numCands = frameCells * maxDigits
	numPots  = 2 * numCands
)

func potOf(cell, d int, on bool) int {
	p := (cell*maxDigits + d - 1) * 2
	if on {
		p++
	}
	return p
}

func potCell(p int) int  { return p >> 1 / maxDigits }
func potDigit(p int) int { return p>>1%maxDigits + 1 }
func potOn(p int) bool   { return p&1 == 1 }

// cgrid is a position as the chain engine sees it.
type cgrid struct {
	geo  *geometry
	cand [frameCells]Digits
	pos  [maxHouses][maxDigits + 1]uint16 // places of digit d in house h, bit i for the house's i-th cell
}

func (g *cgrid) load(b *Board) {
	g.geo = b.geo
	g.cand = b.Cand
	g.pos = [maxHouses][maxDigits + 1]uint16{}
	geo := g.geo
	for c := 0; c < frameCells; c++ {
		for k := 0; k < geo.nf; k++ {
			h := geo.houseOf[c][k]
			if h < 0 {
				continue
			}
			for x := b.Cand[c]; x != 0; x &= x - 1 {
				g.pos[h][x.low()] |= 1 << geo.houseIndex[c][k]
			}
		}
	}
}

// remove switches candidate (c, d) off.
func (g *cgrid) remove(c, d int) {
	g.cand[c] &^= digitBit(d)
	geo := g.geo
	for k := 0; k < geo.nf; k++ {
		if h := geo.houseOf[c][k]; h >= 0 {
			g.pos[h][d] &^= 1 << geo.houseIndex[c][k]
		}
	}
}

func (g *cgrid) has(c, d int) bool { return g.cand[c]&digitBit(d) != 0 }

// potSet is a set of potentials.
type potSet [numPots/64 + 1]uint64

func (s *potSet) add(p int)      { s[p>>6] |= 1 << (p & 63) }
func (s *potSet) has(p int) bool { return s[p>>6]&(1<<(p&63)) != 0 }

// addNew adds p, reporting whether it was not in the set yet.
func (s *potSet) addNew(p int) bool {
	w := &s[p>>6]
	bit := uint64(1) << (p & 63)
	if *w&bit != 0 {
		return false
	}
	*w |= bit
	return true
}

// LengthBonus is Sudoku Explainer's addition, in tenths, for a chain's
// complexity (the number of distinct potentials in it): nothing up to 6,
// then one tenth for each ceiling 4, 6, 8, 12, 16, 24, 32, ... that
// complexity-2 exceeds.
func LengthBonus(complexity int) int {
	added := 0
	ceil := 4
	length := complexity - 2
	odd := false
	for length > ceil {
		added++
		if !odd {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
		odd = !odd
	}
	return added
}

// MaxComplexity is the largest complexity whose rating, base plus
// lengthBonus (all in tenths), stays at or under limit; -1 when even the
// shortest chain rates above it.
func MaxComplexity(base, limit int) int {
	if base > limit {
		return -1
	}
	if limit-base > 40 {
		return 1 << 21 // past any chain's length (the ceilings pass 1<<20 within 40 tenths)
	}
	ceil := 4
	odd := false
	for i := 0; i < limit-base && ceil < 1<<20; i++ {
		if !odd {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
		odd = !odd
	}
	return ceil + 2
}

// candLinks locates the static links of one candidate (cell c, digit d)
// of the chain grid in the chainer's linkBuf, for the searches that do
// not change the grid. From start, in SE's order:
//   - the "on" potentials c<>d switches on: c's other candidate when c
//     is bivalue (cellOn), then d's other place in each of c's houses
//     where d has two, without repeats (nOn in all);
//   - the "off" potentials c=d switches off: c's other candidates (nCell
//     of them), then d's other places in c's houses (nOff in all).
type candLinks struct {
	start  linkIndex
	nOn    uint8
	cellOn bool
	nCell  uint8
	nOff   uint8
}

// loadLinks computes the static links of every candidate of ch.g, and
// the cells of each digit.
func (ch *chainer) loadLinks() {
	g := &ch.g
	ch.gCells = [maxDigits + 1]cellSet{}
	buf := ch.linkBuf[:0]
	for c := 0; c < frameCells; c++ {
		for x := g.cand[c]; x != 0; x &= x - 1 {
			d := x.low()
			ch.gCells[d] = ch.gCells[d].or(cellBit(c))
			l := candLinks{start: linkIndex(len(buf)), cellOn: g.cand[c].Count() == 2}
			var ons [1 + maxFamilies]int
			n := g.offToOn(potOf(c, d, false), true, true, &ons)
			for _, q := range ons[:n] {
				buf = append(buf, int16(q))
			}
			l.nOn = uint8(n)
			var offs [maxDigits - 1 + maxPeers]int
			n = g.onToOff(potOf(c, d, true), true, &offs)
			for _, q := range offs[:n] {
				buf = append(buf, int16(q))
			}
			l.nOff = uint8(n)
			l.nCell = uint8(g.cand[c].Count() - 1)
			ch.links[c*maxDigits+d-1] = l
		}
	}
	ch.linkBuf = buf
	for k := range ch.switching {
		ch.switching[k] = potSet{}
		y, x := k&1 != 0, k&2 != 0
		for c := 0; c < frameCells; c++ {
			for m := g.cand[c]; m != 0; m &= m - 1 {
				p := potOf(c, m.low(), false)
				if len(ch.staticOns(p, y, x)) > 0 {
					ch.switching[k].add(p)
				}
			}
		}
	}
}

// kindIndex numbers the link kinds: bit 0 cell links (y), bit 1 house
// links (x).
func kindIndex(y, x bool) int {
	k := 0
	if y {
		k |= 1
	}
	if x {
		k |= 2
	}
	return k
}

// staticOffs is onToOff from the static links.
func (ch *chainer) staticOffs(p int, y bool) []int16 {
	l := ch.links[p>>1]
	lo, hi := int(l.start)+int(l.nOn), int(l.start)+int(l.nOn)+int(l.nOff)
	if !y {
		lo += int(l.nCell)
	}
	return ch.linkBuf[lo:hi]
}

// staticOns is offToOn from the static links; the potentials that switch
// an "on" potential p on are the same with the state off.
func (ch *chainer) staticOns(p int, y, x bool) []int16 {
	l := ch.links[p>>1]
	lo, hi := int(l.start), int(l.start)+int(l.nOn)
	if l.cellOn {
		if !y {
			lo++
		}
		if !x {
			hi = lo + 1
			if !y {
				hi = lo
			}
		}
	} else if !x {
		hi = lo
	}
	return ch.linkBuf[lo:hi]
}
