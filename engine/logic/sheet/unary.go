// Code generated from engine/logic/unary.go by TestWideCopy -update. DO NOT EDIT.

package sheet

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
var unaryKinds = [3]unaryKind{
	{false, true, 65, 66, 2},
	{true, false, 65, 0, 3},
	{true, true, 70, 70, 4},
}

// unaryLimits are findUnaryChains' rating limits (tenths), one per pass.
var unaryLimits = [...]int{67, 71, 75, 1 << 20}

// unaryKind is one of the three runs.
type unaryKind struct {
	y, x         bool
	cycle, chain int
	sortKey      int
}

// findUnaryChains deepens the search by rating limits: the
// breadth-first runs, cut at the depth the rating limit allows, find
// exactly the chains the full runs would find up to that limit, with the
// same parents, so the first limit that yields a conclusion yields SE's
// choice; most steps never need the deep runs. A run cut at one limit is
// kept and, at the next, carried on from where it stopped rather than
// started again (see unaryRec).
func (b *Board) findUnaryChains() (Step, bool) {
	ch := b.chainer()
	ch.g.load(b)
	ch.loadLinks()
	for k := range ch.unaryRecs {
		ch.unaryRecs[k] = ch.unaryRecs[k][:0]
	}
	var best chainBest
	for pass, limit := range unaryLimits {
		if b.ceiling > 0 && limit > b.ceiling {
			// A step above the ceiling is not wanted: search up to it, and
			// if nothing is there, say so rather than search deeper.
			limit = b.ceiling
		}
		if !ch.unaryPass(pass, limit, &best) {
			return Step{}, false
		}
		if best.ok || !ch.truncated {
			break
		}
		if limit == b.ceiling {
			b.above = float64(limit+1) / 10
			break
		}
	}
	return best.step, best.ok
}

// unaryPass runs, at pass of unaryLimits with its limit, the three
// kinds' runs from every candidate of ch.g, carrying on those of the
// pass before (ch.unaryRecs); false when the budget ran out.
func (ch *chainer) unaryPass(pass, limit int, best *chainBest) bool {
	ch.truncated = false
	ch.arena[pass&1] = ch.arena[pass&1][:0]
	for ki, k := range unaryKinds {
		if limit < k.cycle && (k.chain == 0 || limit < k.chain) {
			ch.truncated = true // a kind left for a later limit
			continue
		}
		i := 0
		for c := 0; c < frameCells; c++ {
			n := ch.g.cand[c].Count()
			if n < 2 || (!k.x && n > 2) {
				continue
			}
			for x := ch.g.cand[c]; x != 0; x &= x - 1 {
				d := x.low()
				if i == len(ch.unaryRecs[ki]) {
					ch.unaryRecs[ki] = append(ch.unaryRecs[ki], unaryRec{pass: -1})
				}
				ch.unaryFrom(c, d, &k, pass, limit, best, &ch.unaryRecs[ki][i])
				i++
				if ch.overBudget() {
					return false
				}
			}
		}
	}
	return true
}

// onToOff lists the potentials an "on" potential switches off, in SE's
// order, into out.
func (g *cgrid) onToOff(p int, y bool, out *[maxDigits - 1 + maxPeers]int) int {
	c, d := potCell(p), potDigit(p)
	n := 0
	if y {
		base := potOf(c, 1, false) - 2
		for x := g.cand[c] &^ digitBit(d); x != 0; x &= x - 1 {
			out[n] = base + 2*x.low()
			n++
		}
	}
	bit := digitBit(d)
	for _, q := range g.geo.seOrder[c] {
		if g.cand[q]&bit != 0 {
			out[n] = potOf(int(q), d, false)
			n++
		}
	}
	return n
}

// offToOn lists the potentials an "off" potential switches on, in SE's
// order and without repeats, into out.
func (g *cgrid) offToOn(p int, y, x bool, out *[1 + maxFamilies]int) int {
	return g.conjugates(p, y, x, true, out)
}

// conjugates lists, with the state on, the other candidate of p's cell
// when it has two (y) and the other place of p's digit in each of p's
// houses where it has two (x), in SE's order and without repeats.
func (g *cgrid) conjugates(p int, y, x, on bool, out *[1 + maxFamilies]int) int {
	c, d := potCell(p), potDigit(p)
	n := 0
	if y && g.cand[c].Count() == 2 {
		out[n] = potOf(c, (g.cand[c] &^ digitBit(d)).First(), on)
		n++
	}
	if x {
		for _, k := range g.geo.linkOrder {
			h := g.geo.houseOf[c][k]
			if h < 0 {
				continue
			}
			pos := g.pos[h][d]
			if bits.OnesCount16(pos) != 2 {
				continue
			}
			other := int(g.geo.houses[h][bits.TrailingZeros16(pos&^(1<<g.geo.houseIndex[c][k]))])
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

// unaryRec keeps a unary run from one source, of one kind, between the
// passes of findUnaryChains: the depth limit it ran to and the state of
// each of its two halves (from "on", from "off").
//
// A later pass may carry on a run of the pass before instead of starting
// it again. The pass before found nothing, or there would be no later
// one, so no hint the run met took effect: a forcing chain always would
// have (nothing was kept yet), and a cycle was turned down for want of
// eliminations, which depend on the grid and the chain alone. Running
// those levels again would meet the same hints to the same end, with
// the same parents, and count the same work, which is counted without
// running them. A run is carried on only to a limit at least as deep as
// before; otherwise it starts again, as it would have.
type unaryRec struct {
	pass    int // the pass that made it, -1 for none
	limitC  int // its complexity (depth) limit
	on, off unaryHalf
}

// unaryHalf is one half of a kept run.
type unaryHalf struct {
	state     uint8 // halfNone, halfDone (ran to the end), halfCut (at the limit)
	chainDone bool  // the forcing chain was found (from "on")
	depth     int   // the depth of the frontier, when cut
	work      int   // the work counted
	// When cut, the visited potentials in order, then their parents, in
	// the arena of the pass that made it; the frontier is the last level.
	start, nodes, front int
}

const (
	halfNone = iota
	halfDone
	halfCut
)

// unaryFrom runs SE's doUnaryChaining from candidate (c, d): the cycles
// and the forcing chain from "on", and the forcing chain from "off". rec
// is the run from the same source in the previous pass, replaced by this
// one.
//
// The runs are breadth first, level by level, so every potential of a
// level lies at the same depth (the number of potentials from the source
// to it, both included): the level's depth stands for each one's. The
// potentials visited are queued in order, q[ls:] being the current
// level, with their parents in qp.
func (ch *chainer) unaryFrom(c, d int, k *unaryKind, pass, limit int, best *chainBest, rec *unaryRec) {
	y, x := k.y, k.x
	cycleBase, chainBase, sortKey := k.cycle, k.chain, k.sortKey
	src := potOf(c, d, true)
	srcOff := src ^ 1
	limit = min(limit, best.limit())
	limitC := -1
	if cycleBase > 0 {
		limitC = MaxComplexity(cycleBase, limit)
	}
	if chainBase > 0 {
		limitC = max(limitC, MaxComplexity(chainBase, limit))
	}
	old := *rec
	if old.pass < 0 || old.pass != pass-1 || limitC < old.limitC {
		old = unaryRec{}
	}
	*rec = unaryRec{pass: pass, limitC: limitC}
	if limitC < 0 {
		return
	}
	// Keeping the runs is only worth it when a later pass may use them;
	// the last pass is rarely reached, and starts afresh.
	keep := pass+2 < len(unaryLimits)
	// The "off" potentials that switch the source back on close a cycle
	// (the "on" potentials that src<>d switches on, with the state off).
	var partner [1 + maxFamilies]int
	np := 0
	if cycleBase > 0 {
		for _, q := range ch.staticOns(src, y, x) {
			partner[np] = int(q) ^ 1
			np++
		}
	}

	// The "off" potentials that switch nothing on are leaves of the runs:
	// they are neither queued nor marked (they cannot be the parent of
	// anything, nor a partner, which switches the source on).
	switching := &ch.switching[kindIndex(y, x)]

	// From "on": level by level, as SE's doCycles and doForcingChains do.
	work, depth, ls := 0, 1, 0
	q, qp := ch.qa[:0], ch.qb[:0]
	chainDone := chainBase == 0
	switch old.on.state {
	case halfDone:
		work = old.on.work
	case halfCut:
		q, qp, ls = ch.restore(pass-1, &old.on, q, qp)
		work, depth, chainDone = old.on.work, old.on.depth, old.on.chainDone
	default:
		ch.seen = potSet{}
		ch.seen.add(src)
		ch.parent[src] = -1
		q, qp = append(q, int16(src)), append(qp, -1)
	}
	for ; ls < len(q); depth += 2 {
		if depth+1 > limitC {
			ch.truncated = true
			break
		}
		le := len(q)
		for _, u16 := range q[ls:le] {
			u := int(u16)
			offs := ch.staticOffs(u, y)
			work += len(offs)
			for _, v16 := range offs {
				v := int(v16)
				if !chainDone && v == srcOff {
					chainDone = true
					ch.forcingHint(src, u, v, depth+1, chainBase, sortKey, x, y, best)
				}
				if !switching.has(v) {
					continue // a leaf, and no partner
				}
				if np > 0 && u != src {
					for _, p := range partner[:np] {
						if p == v && !ch.isAncestor(v, u) {
							ch.cycleHint(src, u, v, depth+1, cycleBase, sortKey, x, y, best)
						}
					}
				}
				if ch.seen.addNew(v) {
					ch.parent[v] = u16
					q, qp = append(q, v16), append(qp, u16)
				}
			}
		}
		ls, le = le, len(q)
		for _, v16 := range q[ls:le] {
			ons := ch.staticOns(int(v16), y, x)
			work += len(ons)
			for _, w16 := range ons {
				if ch.seen.addNew(int(w16)) {
					ch.parent[w16] = v16
					q, qp = append(q, w16), append(qp, v16)
				}
			}
		}
		ls = le
	}
	ch.work += work
	if keep {
		rec.on = ch.keep(pass, work, depth, chainDone, q, qp, ls)
	}
	if chainBase == 0 {
		return
	}
	// From "off": the first time the source comes back on.
	work, depth, ls = 0, 1, 0
	q, qp = ch.qa[:0], ch.qb[:0]
	switch old.off.state {
	case halfDone:
		work = old.off.work
	case halfCut:
		q, qp, ls = ch.restore(pass-1, &old.off, q, qp)
		work, depth = old.off.work, old.off.depth
	default:
		ch.seen = potSet{}
		ch.seen.add(srcOff)
		ch.parent[srcOff] = -1
		q, qp = append(q, int16(srcOff)), append(qp, -1)
	}
	for ; ls < len(q); depth += 2 {
		if depth+1 > limitC {
			ch.truncated = true
			break
		}
		le := len(q)
		for _, v16 := range q[ls:le] {
			ons := ch.staticOns(int(v16), y, x)
			for i, w16 := range ons {
				w := int(w16)
				if w == src {
					ch.work += work + i + 1
					ch.forcingHint(srcOff, int(v16), w, depth+1, chainBase, sortKey, x, y, best)
					return
				}
				if ch.seen.addNew(w) {
					ch.parent[w] = v16
					q, qp = append(q, w16), append(qp, v16)
				}
			}
			work += len(ons)
		}
		ls, le = le, len(q)
		for _, u16 := range q[ls:le] {
			offs := ch.staticOffs(int(u16), y)
			work += len(offs)
			for _, v16 := range offs {
				if switching.has(int(v16)) && ch.seen.addNew(int(v16)) {
					ch.parent[v16] = u16
					q, qp = append(q, v16), append(qp, u16)
				}
			}
		}
		ls = le
	}
	ch.work += work
	if keep {
		rec.off = ch.keep(pass, work, depth, false, q, qp, ls)
	}
}

// keep records a half run that has stopped: done when its frontier
// q[ls:] is empty, else cut, with its queue, in the pass's arena.
func (ch *chainer) keep(pass, work, depth int, chainDone bool, q, qp []int16, ls int) unaryHalf {
	if ls == len(q) {
		return unaryHalf{state: halfDone, work: work}
	}
	a := ch.arena[pass&1]
	h := unaryHalf{state: halfCut, chainDone: chainDone, depth: depth, work: work,
		start: len(a), nodes: len(q), front: len(q) - ls}
	a = append(a, q...)
	ch.arena[pass&1] = append(a, qp...)
	return h
}

// restore sets ch.seen and the parents back to a cut half run's, and
// returns its queue, in q and qp, and the start of its frontier.
func (ch *chainer) restore(pass int, h *unaryHalf, q, qp []int16) ([]int16, []int16, int) {
	a := ch.arena[pass&1][h.start : h.start+2*h.nodes]
	q, qp = append(q, a[:h.nodes]...), append(qp, a[h.nodes:]...)
	ch.seen = potSet{}
	for i, p := range q {
		ch.seen.add(int(p))
		ch.parent[p] = qp[i]
	}
	return q, qp, h.nodes - h.front
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

// path lists the potentials from the root to p, then last, in a buffer
// of the chainer's that the next call reuses.
func (ch *chainer) path(p, last int) []int {
	n := 1
	for q := p; q >= 0; q = int(ch.parent[q]) {
		n++
	}
	if cap(ch.pathBuf) < n {
		ch.pathBuf = make([]int, n, 2*n)
	}
	out := ch.pathBuf[:n]
	out[n-1] = last
	i := n - 2
	for q := p; q >= 0; q = int(ch.parent[q]) {
		out[i] = q
		i--
	}
	return out
}

// cycleHint weighs the cycle src ... u, v, src, of the given complexity.
func (ch *chainer) cycleHint(src, u, v, complexity, base, sortKey int, x, y bool, best *chainBest) {
	rating := base + LengthBonus(complexity)
	if !best.beats(rating, complexity, sortKey) {
		return
	}
	pots := ch.path(u, v)
	// A candidate outside the loop goes when it sees both an "on" and an
	// "off" potential of its digit in the loop: forw[d] and back[d] hold
	// the cells seeing them.
	var inLoop cellSet
	for _, p := range pots {
		inLoop = inLoop.or(cellBit(potCell(p)))
	}
	var forw, back [maxDigits + 1]cellSet
	for _, p := range pots {
		c, d := potCell(p), potDigit(p)
		if potOn(p) {
			forw[d] = forw[d].or(ch.geo.peerSet[c])
		} else {
			back[d] = back[d].or(ch.geo.peerSet[c])
		}
	}
	var gone [maxDigits + 1]cellSet
	var any cellSet
	for d := 1; d <= maxDigits; d++ {
		gone[d] = forw[d].and(back[d]).and(ch.gCells[d]).andNot(inLoop)
		any = any.or(gone[d])
	}
	if any.empty() {
		return
	}
	var rs []Candidate
	for ; !any.empty(); any = any.rest() {
		c := any.first()
		for d := 1; d <= maxDigits; d++ {
			if gone[d].has(c) {
				rs = append(rs, Candidate{c, d})
			}
		}
	}
	if ch.nest != nil {
		ch.collectUnary(pots, true, rating, complexity, sortKey, rs)
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
// negation of src, of the given complexity.
func (ch *chainer) forcingHint(src, u, target, complexity, base, sortKey int, x, y bool, best *chainBest) {
	rating := base + LengthBonus(complexity)
	if !best.beats(rating, complexity, sortKey) {
		return
	}
	pots := ch.path(u, target)
	place, rs := ch.concluded(target)
	if ch.nest != nil {
		if len(rs) > 0 {
			ch.collectUnary(pots, false, rating, complexity, sortKey, rs)
		}
		return
	}
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
	s.Place, s.Remove = place, rs
	s.Text = fmt.Sprintf("%s %s: %s", t, chainText(pots), conclusion(s))
	best.set(rating, complexity, sortKey, s)
}

// concluded is what potential p, found true, does in ch.g: "on", it
// places its digit and removes its cell's other candidates; "off", it
// removes the candidate, when ch.g has it.
func (ch *chainer) concluded(p int) (place, remove []Candidate) {
	c, d := potCell(p), potDigit(p)
	if !potOn(p) {
		if ch.g.has(c, d) {
			remove = []Candidate{{c, d}}
		}
		return nil, remove
	}
	for x := ch.g.cand[c] &^ digitBit(d); x != 0; x &= x - 1 {
		remove = append(remove, Candidate{c, x.First()})
	}
	return []Candidate{{c, d}}, remove
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
