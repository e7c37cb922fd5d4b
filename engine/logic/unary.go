package logic

import (
	"fmt"
	"math/bits"
)

// Sudoku Explainer's first chain producer, "forcing chains & cycles":
// from every candidate assumed true it follows the static implications
// (an "on" candidate switches off its cell's other candidates and its
// digit's other places in its houses; an "off" candidate switches on the
// other candidate of a bivalue cell and the other place of a bilocal
// digit) breadth first, three times: with house links only (X), cell
// links only (Y), and both (XY). A chain back to the start is a
// bidirectional cycle; a chain from a candidate to its own negation a
// forcing chain. Ratings: X- or Y-cycle 6.5, forcing X-chain 6.6, XY
// cycle or forcing chain 7.0, each plus SE's length bonus.

// unaryKinds are the three runs, in SE's order, with their base ratings
// (tenths) for cycles and forcing chains and their sort keys.
var unaryKinds = [3]struct {
	y, x         bool
	cycle, chain int
	sortKey      int
}{
	{false, true, 65, 66, 2},
	{true, false, 65, 0, 3},
	{true, true, 70, 70, 4},
}

// findUnaryChains deepens the search by rating limits: the
// breadth-first runs, cut at the depth the rating limit allows, find
// exactly the chains the full runs would find up to that limit, with the
// same parents, so the first limit that yields a conclusion yields SE's
// choice; most steps never need the deep runs.
func (b *Board) findUnaryChains() (Step, bool) {
	ch := b.chainer()
	ch.g.load(b)
	var best chainBest
	for _, limit := range [...]int{67, 71, 75, 1 << 20} {
		ch.truncated = false
		for _, k := range unaryKinds {
			if limit < k.cycle && (k.chain == 0 || limit < k.chain) {
				ch.truncated = true // a kind left for a later limit
				continue
			}
			for c := 0; c < 81; c++ {
				n := ch.g.cand[c].Count()
				if n < 2 || (!k.x && n > 2) {
					continue
				}
				for x := uint16(ch.g.cand[c]); x != 0; x &= x - 1 {
					d := bits.TrailingZeros16(x)
					ch.unaryFrom(c, d, k.y, k.x, k.cycle, k.chain, k.sortKey, limit, &best)
					if ch.overBudget() {
						return Step{}, false
					}
				}
			}
		}
		if best.ok || !ch.truncated {
			break
		}
	}
	return best.step, best.ok
}

// onToOff lists the potentials an "on" potential switches off, in SE's
// order, into out.
func (g *cgrid) onToOff(p int, y bool, out *[28]int) int {
	c, d := potCell(p), potDigit(p)
	n := 0
	if y {
		base := potOf(c, 1, false) - 2
		for x := uint16(g.cand[c] &^ digitBit(d)); x != 0; x &= x - 1 {
			out[n] = base + 2*bits.TrailingZeros16(x)
			n++
		}
	}
	bit := digitBit(d)
	for _, q := range seOrder[c] {
		if g.cand[q]&bit != 0 {
			out[n] = potOf(int(q), d, false)
			n++
		}
	}
	return n
}

// offToOn lists the potentials an "off" potential switches on, in SE's
// order and without repeats, into out.
func (g *cgrid) offToOn(p int, y, x bool, out *[4]int) int { return g.conjugates(p, y, x, true, out) }

// offToOnPartners lists the "off" potentials that would switch p on.
func (g *cgrid) offToOnPartners(p int, y, x bool, out *[4]int) int {
	return g.conjugates(p, y, x, false, out)
}

// conjugates lists, with the state on, the other candidate of p's cell
// when it has two (y) and the other place of p's digit in each of p's
// houses where it has two (x), in SE's order and without repeats.
func (g *cgrid) conjugates(p int, y, x, on bool, out *[4]int) int {
	c, d := potCell(p), potDigit(p)
	n := 0
	if y && g.cand[c].Count() == 2 {
		out[n] = potOf(c, (g.cand[c] &^ digitBit(d)).First(), on)
		n++
	}
	if x {
		for _, k := range seLinkHouses {
			h := houseOf[c][k]
			pos := g.pos[h][d]
			if bits.OnesCount16(pos) != 2 {
				continue
			}
			other := int(houses[h][bits.TrailingZeros16(pos&^(1<<houseIndex[c][k]))])
			q := potOf(other, d, on)
			dup := false
			for i := 0; i < n; i++ {
				dup = dup || out[i] == q
			}
			if !dup {
				out[n] = q
				n++
			}
		}
	}
	return n
}

// unaryFrom runs SE's doUnaryChaining from candidate (c, d): the cycles
// and the forcing chain from "on", and the forcing chain from "off".
func (ch *chainer) unaryFrom(c, d int, y, x bool, cycleBase, chainBase, sortKey, limit int, best *chainBest) {
	g := &ch.g
	src := potOf(c, d, true)
	srcOff := src ^ 1
	limit = min(limit, best.limit())
	limitC := -1
	if cycleBase > 0 {
		limitC = maxComplexity(cycleBase, limit)
	}
	if chainBase > 0 {
		limitC = max(limitC, maxComplexity(chainBase, limit))
	}
	if limitC < 0 {
		return
	}
	// The "off" potentials that switch the source back on close a cycle.
	var partner [4]int
	np := g.offToOnPartners(src, y, x, &partner)

	// From "on": level by level, as SE's doCycles and doForcingChains do.
	ch.resetUnary()
	ch.mark(src, -1)
	on := append(ch.qa[:0], int16(src))
	off := ch.qb[:0]
	chainDone := chainBase == 0
	for len(on) > 0 {
		off = off[:0]
		for _, u := range on {
			du := int(ch.depth[u])
			if du+1 > limitC {
				ch.truncated = true
				continue
			}
			var offs [28]int
			no := g.onToOff(int(u), y, &offs)
			for _, v := range offs[:no] {
				ch.work++
				if int(u) != src && cycleBase > 0 {
					for i := 0; i < np; i++ {
						if partner[i] == v && !ch.isAncestor(v, int(u)) {
							ch.cycleHint(src, int(u), v, cycleBase, sortKey, x, y, best)
						}
					}
				}
				if !chainDone && v == srcOff {
					chainDone = true
					ch.forcingHint(src, int(u), v, chainBase, sortKey, x, y, best)
				}
				if !ch.seen.has(v) {
					ch.mark(v, int(u))
					off = append(off, int16(v))
				}
			}
		}
		on = on[:0]
		for _, v := range off {
			var out [4]int
			n := g.offToOn(int(v), y, x, &out)
			for i := 0; i < n; i++ {
				ch.work++
				if w := out[i]; !ch.seen.has(w) {
					ch.mark(w, int(v))
					on = append(on, int16(w))
				}
			}
		}
	}
	if chainBase == 0 {
		return
	}
	// From "off": the first time the source comes back on.
	ch.resetUnary()
	ch.mark(srcOff, -1)
	on = ch.qa[:0]
	off = append(ch.qb[:0], int16(srcOff))
	for len(off) > 0 {
		on = on[:0]
		for _, v := range off {
			if int(ch.depth[v])+1 > limitC {
				ch.truncated = true
				continue
			}
			var out [4]int
			n := g.offToOn(int(v), y, x, &out)
			for i := 0; i < n; i++ {
				ch.work++
				w := out[i]
				if w == src {
					ch.forcingHint(srcOff, int(v), w, chainBase, sortKey, x, y, best)
					return
				}
				if !ch.seen.has(w) {
					ch.mark(w, int(v))
					on = append(on, int16(w))
				}
			}
		}
		off = off[:0]
		for _, u := range on {
			var offs [28]int
			no := g.onToOff(int(u), y, &offs)
			for _, v := range offs[:no] {
				ch.work++
				if !ch.seen.has(v) {
					ch.mark(v, int(u))
					off = append(off, int16(v))
				}
			}
		}
	}
}

func (ch *chainer) resetUnary() { ch.seen = potSet{} }

func (ch *chainer) mark(p, parent int) {
	ch.seen.add(p)
	ch.parent[p] = int16(parent)
	if parent < 0 {
		ch.depth[p] = 1
	} else {
		ch.depth[p] = ch.depth[parent] + 1
	}
}

// isAncestor reports whether a lies on the parent chain of p.
func (ch *chainer) isAncestor(a, p int) bool {
	for q := int(ch.parent[p]); q >= 0; q = int(ch.parent[q]) {
		if q == a {
			return true
		}
	}
	return false
}

// path lists the potentials from the root to p, then the extra ones.
func (ch *chainer) path(p int, extra ...int) []int {
	var rev []int
	for q := p; q >= 0; q = int(ch.parent[q]) {
		rev = append(rev, q)
	}
	out := make([]int, 0, len(rev)+len(extra))
	for i := len(rev) - 1; i >= 0; i-- {
		out = append(out, rev[i])
	}
	return append(out, extra...)
}

// cycleHint weighs the cycle src ... u, v, src.
func (ch *chainer) cycleHint(src, u, v, base, sortKey int, x, y bool, best *chainBest) {
	complexity := int(ch.depth[u]) + 1
	rating := base + lengthBonus(complexity)
	if !best.beats(rating, complexity, sortKey) {
		return
	}
	pots := ch.path(u, v)
	var inLoop [81]bool
	for _, p := range pots {
		inLoop[potCell(p)] = true
	}
	var forw, back [numCands/64 + 1]uint64
	g := &ch.g
	for _, p := range pots {
		c, d := potCell(p), potDigit(p)
		for _, q := range peers[c] {
			if inLoop[q] || !g.has(q, d) {
				continue
			}
			i := q*9 + d - 1
			if potOn(p) {
				forw[i>>6] |= 1 << (i & 63)
			} else {
				back[i>>6] |= 1 << (i & 63)
			}
		}
	}
	var rs []Candidate
	for w := range forw {
		for m := forw[w] & back[w]; m != 0; m &= m - 1 {
			i := w*64 + bits.TrailingZeros64(m)
			rs = append(rs, Candidate{i / 9, i%9 + 1})
		}
	}
	if len(rs) == 0 {
		return
	}
	t := XYCycle
	switch {
	case !y:
		t = XCycle
	case !x:
		t = YCycle
	}
	s := newStep(t)
	s.Cells = potCells(pots)
	s.Digits = potDigits(pots)
	s.Remove = rs
	s.Text = fmt.Sprintf("%s %s -> %s: %s", t, chainText(pots), cellName(potCell(src)), removals(rs))
	best.set(rating, complexity, sortKey, s)
}

// forcingHint weighs the forcing chain from src through u to target, the
// negation of src.
func (ch *chainer) forcingHint(src, u, target, base, sortKey int, x, y bool, best *chainBest) {
	complexity := int(ch.depth[u]) + 1
	rating := base + lengthBonus(complexity)
	if !best.beats(rating, complexity, sortKey) {
		return
	}
	pots := ch.path(u, target)
	t := AIC
	switch {
	case !y:
		t = XChain
	case isWWing(&ch.g, pots):
		t = WWing
	case allBivalueChain(&ch.g, pots):
		t = XYChain
	}
	s := newStep(t)
	s.Cells = potCells(pots)
	s.Digits = potDigits(pots)
	c, d := potCell(target), potDigit(target)
	if potOn(target) {
		s.Place = []Candidate{{c, d}}
		for x := ch.g.cand[c] &^ digitBit(d); x != 0; x &= x - 1 {
			s.Remove = append(s.Remove, Candidate{c, x.First()})
		}
	} else {
		s.Remove = []Candidate{{c, d}}
	}
	s.Text = fmt.Sprintf("%s %s: %s", t, chainText(pots), conclusion(s))
	best.set(rating, complexity, sortKey, s)
}

// allBivalueChain reports whether every cell link of the chain sits in a
// bivalue cell and the chain alternates cell and house links as an
// xy-chain does.
func allBivalueChain(g *cgrid, pots []int) bool {
	for i := 1; i < len(pots); i++ {
		a, b := pots[i-1], pots[i]
		sameCell := potCell(a) == potCell(b)
		if !potOn(a) && potOn(b) && (!sameCell || g.cand[potCell(a)].Count() != 2) {
			return false
		}
	}
	return true
}

func potCells(pots []int) []int {
	var out []int
	for _, p := range pots {
		if c := potCell(p); !contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

func potDigits(pots []int) Digits {
	var ds Digits
	for _, p := range pots {
		ds |= digitBit(potDigit(p))
	}
	return ds
}

// conclusion describes a step's result: "r1c2=5" or "r1c2<>5, r3c4<>5".
func conclusion(s Step) string {
	if len(s.Place) > 0 {
		return s.Place[0].String()
	}
	return removals(s.Remove)
}
