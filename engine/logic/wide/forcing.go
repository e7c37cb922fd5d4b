// Code generated from engine/logic/forcing.go by TestWideCopy -update. DO NOT EDIT.

package wide

import (
	"fmt"
	"math/bits"
)

// Sudoku Explainer's multiple and dynamic forcing chains (its Chaining
// with isMultiple or isDynamic). Every candidate is assumed true, and
// false, and the consequences followed (SE's doChaining: "on" potentials
// first, in discovery order). In a dynamic run every potential switched
// off is taken out of the grid, so that later cell and house links see
// the eliminations made on the way; a potential switched on by such a
// link records the eliminations it relied on as hidden parents. The
// conclusions:
//   - contradiction: an assumption makes a potential both on and off;
//   - double: both assumptions on a candidate give the same potential;
//   - cell: every candidate of a cell gives the same potential;
//   - region: every place of a digit in a house gives the same potential.
// A conclusion's complexity is the number of distinct potentials in its
// chains (each chain counted on its own), and its rating the producer's
// base plus SE's length bonus.

// run is one propagation from one assumption.
type run struct {
	nodes    []rnode
	parents  []int16 // parent node indexes, by range
	idx      [numPots]int16
	mark     []uint32
	qOn      []int16
	qOff     []int16
	absurdOn int // node indexes of the contradiction, -1 when none
	absurdOf int
	set      potSet // the potentials reached
	// cause holds, when the chainer collects hints for a nested search,
	// the link that switched each "on" node on (causeCell or the house);
	// -1 for the rest. nestOf maps the nodes an outer run took from a
	// nested search to the nested chain (ch.nests index + 1).
	cause  []houseCause
	nestOf map[int16]int32
}

type rnode struct {
	pot    int16
	lvl    int16 // length of the main-parent chain: a lower bound of the ancestors
	p0, pn int32
}

func (r *run) reset() {
	for _, n := range r.nodes {
		r.idx[n.pot] = 0
	}
	r.nodes = r.nodes[:0]
	r.parents = r.parents[:0]
	r.qOn = r.qOn[:0]
	r.qOff = r.qOff[:0]
	r.absurdOn, r.absurdOf = -1, -1
	r.set = potSet{}
	r.cause = r.cause[:0]
	clear(r.nestOf)
}

// setCause records the link cause of node n.
func (r *run) setCause(n int, cause houseCause) {
	for len(r.cause) <= n {
		r.cause = append(r.cause, -1)
	}
	r.cause[n] = cause
}

// causeOf is node n's link cause, -1 for none.
func (r *run) causeOf(n int) houseCause {
	if n < len(r.cause) {
		return r.cause[n]
	}
	return -1
}

// add appends a node for pot with the given parents; indexed adds it to
// the run's set (the contradicting potential is not).
func (r *run) add(pot int, main int, hidden []int16, indexed bool) int {
	n := len(r.nodes)
	lvl := int16(1)
	p0 := int32(len(r.parents))
	if main >= 0 {
		lvl = r.nodes[main].lvl + 1
		r.parents = append(r.parents, int16(main))
		r.parents = append(r.parents, hidden...)
	}
	r.nodes = append(r.nodes, rnode{int16(pot), lvl, p0, int32(len(r.parents)) - p0})
	if indexed {
		r.idx[pot] = int16(n + 1)
		r.set.add(pot)
	}
	return n
}

// chainMode is one of SE's multiple-chain producers.
type chainMode struct {
	dynamic  bool // eliminations made on the way count
	nishio   bool // one digit only (no cell links), contradictions only
	multiple bool // cell and region conclusions
	base     int  // rating, tenths
	// level above 0 follows, when a run has nothing else to follow, what
	// simpler techniques eliminate in its grid (advanced.go): SE's
	// Chaining level.
	level int
	// inner, from level 4, are the dynamic chains a run's nested search
	// tries, in order until one finds something: bit k for those of
	// level k (nested.go).
	inner uint8
}

var (
	nishioMode   = chainMode{dynamic: true, nishio: true, base: 75}
	multipleMode = chainMode{multiple: true, base: 80}
	dynamicMode  = chainMode{dynamic: true, multiple: true, base: 85}
	plusMode     = chainMode{dynamic: true, multiple: true, base: 90, level: 1}
	// Nested forcing chains (nested.go): levels 2 and 3 on both scales;
	// then Sudoku Explainer 1.2.1's level 4 (dynamic chains inside) and
	// 5 (dynamic, then level 2, inside), rated from 10.5 and 11.0, and
	// SukakuExplainer's three of level 4 (dynamic, level 1, level 2
	// inside), all rated from 10.5.
	nested2Mode = chainMode{dynamic: true, multiple: true, base: 95, level: 2}
	nested3Mode = chainMode{dynamic: true, multiple: true, base: 100, level: 3}
	nested4Mode = chainMode{dynamic: true, multiple: true, base: 105, level: 4, inner: 1 << 0}
	nested5Mode = chainMode{dynamic: true, multiple: true, base: 110, level: 5, inner: 1<<0 | 1<<2}
	nested41    = chainMode{dynamic: true, multiple: true, base: 105, level: 4, inner: 1 << 1}
	nested42    = chainMode{dynamic: true, multiple: true, base: 105, level: 4, inner: 1 << 2}
)

// innerModes are the dynamic chains of each level a nested search runs.
var innerModes = [3]chainMode{dynamicMode, plusMode, nested2Mode}

// runFrom returns the propagation from potential p, computed once per pass.
func (ch *chainer) runFrom(p int, m chainMode) *run {
	if i := ch.runOf[p]; i > 0 {
		return ch.runs[i-1]
	}
	if ch.runUsed == len(ch.runs) {
		ch.runs = append(ch.runs, &run{absurdOn: -1, absurdOf: -1})
	}
	r := ch.runs[ch.runUsed]
	ch.runUsed++
	ch.runOf[p] = int32(ch.runUsed)
	ch.propagate(r, p, m)
	return r
}

// runOnce returns the propagation from potential p in the chainer's
// scratch run, for a run wanted only once in a pass (from an "off"
// potential), and only until the next call.
func (ch *chainer) runOnce(p int, m chainMode) *run {
	if ch.scratch == nil {
		ch.scratch = &run{absurdOn: -1, absurdOf: -1}
	}
	ch.propagate(ch.scratch, p, m)
	return ch.scratch
}

// startPass forgets the runs of the previous pass.
func (ch *chainer) startPass() {
	for i := 0; i < ch.runUsed; i++ {
		r := ch.runs[i]
		ch.runOf[r.nodes[0].pot] = 0
	}
	ch.runUsed = 0
	ch.nests = ch.nests[:0]
}

// propagate is SE's doChaining from one assumption.
func (ch *chainer) propagate(r *run, start int, m chainMode) {
	r.reset()
	g := &ch.g
	if m.dynamic {
		ch.w = ch.g
		g = &ch.w
	}
	y := !m.nishio
	if len(ch.sums) > 0 {
		ch.sumSeen, ch.houseSeen = ch.g.cand, ch.g.cand
	}
	r.add(start, -1, nil, true)
	if potOn(start) {
		r.qOn = append(r.qOn, 0)
	} else {
		r.qOff = append(r.qOff, 0)
	}
	onHead, offHead := 0, 0
	for r.absurdOn < 0 {
		if onHead < len(r.qOn) {
			n := int(r.qOn[onHead])
			onHead++
			var buf [maxDigits - 1 + maxPeers]int16
			offs := ch.onToOff(g, int(r.nodes[n].pot), y, m.dynamic, &buf)
			for _, q16 := range offs {
				q := int(q16)
				ch.work++
				if i := r.idx[q^1]; i > 0 {
					r.absurdOn = int(i - 1)
					r.absurdOf = r.add(q, n, nil, false)
					break
				}
				if r.idx[q] == 0 {
					r.qOff = append(r.qOff, int16(r.add(q, n, nil, true)))
				}
			}
			continue
		}
		if offHead >= len(r.qOff) {
			if len(ch.sums) > 0 && m.dynamic && !m.nishio && (ch.sumRule(r, g) || m.level > 0 && ch.houseRule(r, g)) {
				continue
			}
			if m.level > 0 && ch.advance(r, g, m) {
				continue
			}
			break
		}
		n := int(r.qOff[offHead])
		offHead++
		p := int(r.nodes[n].pot)
		c, d := potCell(p), potDigit(p)
		var out [1 + maxFamilies]int
		var k int
		if m.dynamic {
			k = g.offToOn(p, y, true, &out)
		} else {
			for _, q := range ch.staticOns(p, y, true) {
				out[k] = int(q)
				k++
			}
		}
		// The hidden parents: what the dynamic run has removed where
		// each link was found.
		var hidBuf [1 + maxFamilies][16]int16
		var hidN [1 + maxFamilies]int
		var causes [1 + maxFamilies]houseCause
		if ch.nest != nil {
			for i := 0; i < k; i++ {
				if qc := potCell(out[i]); qc == c {
					causes[i] = causeCell
				} else {
					causes[i] = houseCause(linkHouse(g, c, qc, d))
				}
			}
		}
		if m.dynamic {
			for i := 0; i < k; i++ {
				q := out[i]
				qc := potCell(q)
				hidden := &hidBuf[i]
				nh := 0
				if qc == c {
					for x := ch.g.cand[c] &^ g.cand[c]; x != 0; x &= x - 1 {
						if j := r.idx[potOf(c, x.First(), false)]; j > 0 && nh < len(hidden) {
							hidden[nh] = j - 1
							nh++
						}
					}
				} else {
					h := linkHouse(g, c, qc, d)
					for x := ch.g.pos[h][d] &^ g.pos[h][d]; x != 0; x &= x - 1 {
						cell := ch.geo.houses[h][bits.TrailingZeros16(x)]
						if j := r.idx[potOf(cell, d, false)]; j > 0 && nh < len(hidden) {
							hidden[nh] = j - 1
							nh++
						}
					}
				}
				hidN[i] = nh
			}
			g.remove(c, d)
		}
		for i := 0; i < k; i++ {
			q := out[i]
			ch.work++
			if j := r.idx[q^1]; j > 0 {
				r.absurdOf = int(j - 1)
				r.absurdOn = r.add(q, n, hidBuf[i][:hidN[i]], false)
				if ch.nest != nil {
					r.setCause(r.absurdOn, causes[i])
				}
				break
			}
			if r.idx[q] == 0 {
				j := r.add(q, n, hidBuf[i][:hidN[i]], true)
				r.qOn = append(r.qOn, int16(j))
				if ch.nest != nil {
					r.setCause(j, causes[i])
				}
			}
		}
	}
}

// advance adds to the run, as "off" potentials to follow, what the
// advanced rules eliminate in its grid g (from level 2, what the nested
// searches find when the simple rules find nothing), each new one with
// its rule parents; it reports whether it added any.
func (ch *chainer) advance(r *run, g *cgrid, m chainMode) bool {
	ch.adv = ch.advanced(r, g, ch.adv, &ch.advBuf)
	ch.work += 64
	if len(ch.adv) == 0 && m.level >= 2 {
		ch.adv = ch.nested(r, g, m, ch.adv, &ch.advBuf)
	}
	added := false
	for _, a := range ch.adv {
		if r.idx[a.pot] != 0 {
			continue
		}
		n := r.add(a.pot, int(a.parents[0]), a.parents[1:], true)
		r.qOff = append(r.qOff, int16(n))
		if a.nest > 0 {
			if r.nestOf == nil {
				r.nestOf = map[int16]int32{}
			}
			r.nestOf[int16(n)] = a.nest
		}
		added = true
	}
	return added
}

// onToOff lists the potentials an "on" potential switches off in g, in
// SE's order: from the static links of ch.g or, in a dynamic run, from
// those still in g (which only loses candidates from ch.g).
func (ch *chainer) onToOff(g *cgrid, p int, y, dynamic bool, buf *[maxDigits - 1 + maxPeers]int16) []int16 {
	if !dynamic {
		return ch.staticOffs(p, y)
	}
	c, d := potCell(p), potDigit(p)
	n := 0
	if y {
		base := potOf(c, 1, false) - 2
		for x := g.cand[c] &^ digitBit(d); x != 0; x &= x - 1 {
			buf[n] = int16(base + 2*x.low())
			n++
		}
	}
	bit := digitBit(d)
	for _, q := range ch.staticOffs(p, false) {
		if g.cand[potCell(int(q))]&bit != 0 {
			buf[n] = q
			n++
		}
	}
	return buf[:n]
}

// linkHouse is the house that made the link from a to b on digit d in
// g: the first, in SE's link order (box, row, column), that they share
// and where d has just the two places. Two cells of a box and a line
// share both, and the link (with the hidden parents it rests on) is the
// first house's that has only the two.
func linkHouse(g *cgrid, a, b, d int) int {
	for _, k := range g.geo.linkOrder {
		if h := g.geo.houseOf[a][k]; h >= 0 && g.geo.houseOf[b][k] == h && bits.OnesCount16(g.pos[h][d]) == 2 {
			return h
		}
	}
	return -1
}

// ancestors counts the distinct potentials node n rests on, itself included.
func (ch *chainer) ancestors(r *run, n int) int {
	if len(r.mark) < len(r.nodes) {
		r.mark = make([]uint32, len(r.nodes)+256)
	}
	ch.stamp++
	if ch.stamp == 0 {
		for i := range r.mark {
			r.mark[i] = 0
		}
		ch.stamp = 1
	}
	st := ch.qa[:0]
	st = append(st, int16(n))
	r.mark[n] = ch.stamp
	count := 0
	for len(st) > 0 {
		x := st[len(st)-1]
		st = st[:len(st)-1]
		count++
		nd := r.nodes[x]
		for _, p := range r.parents[nd.p0 : nd.p0+nd.pn] {
			if r.mark[p] != ch.stamp {
				r.mark[p] = ch.stamp
				st = append(st, p)
			}
		}
	}
	// The nested chains it rests on (nestedComplexity).
	if len(r.nestOf) > 0 {
		for x, id := range r.nestOf {
			if r.mark[x] == ch.stamp {
				ch.nestSeen = append(ch.nestSeen, id)
			}
		}
	}
	return count
}

// forcingCand is a conclusion being weighed: its chains (a run and a
// node in it for each) and its kind.
type forcingCand struct {
	target  int // the concluded potential
	sortKey int
	kind    string
	from    forcingSource
	runs    [maxDigits]*run
	nodes   [maxDigits]int
	n       int
}

// forcingSource is what a conclusion follows from, named in its
// sentence (made only for the conclusions kept).
type forcingSource struct {
	what        uint8 // fromOn, fromOff, fromRegion or fromCell
	cell, digit int
	house       int
	name        string // the house's
}

const (
	fromOn     = iota // cell=digit
	fromOff           // cell<>digit
	fromRegion        // digit in house
	fromCell          // cell
)

func (fs forcingSource) String() string {
	switch fs.what {
	case fromOn:
		return Candidate{fs.cell, fs.digit}.String()
	case fromOff:
		return fmt.Sprintf("%s<>%d", cellName(fs.cell), fs.digit)
	case fromRegion:
		return fmt.Sprintf("%d in %s", fs.digit, fs.name)
	}
	return cellName(fs.cell)
}

func (fc *forcingCand) push(r *run, node int) {
	fc.runs[fc.n], fc.nodes[fc.n] = r, node
	fc.n++
}

// weigh rates a conclusion and keeps it when it beats the best so far.
func (ch *chainer) weigh(fc *forcingCand, m chainMode, t Technique, best *chainBest) {
	// A cheap lower bound first: the main-parent chains.
	lb := 0
	for i := 0; i < fc.n; i++ {
		lb += int(fc.runs[i].nodes[fc.nodes[i]].lvl)
	}
	if ch.nest == nil && !best.beats(m.base+LengthBonus(lb), lb, fc.sortKey) {
		return
	}
	// Is it worth anything?
	place, rs := ch.concluded(fc.target)
	if len(rs) == 0 {
		return
	}
	if ch.nest != nil {
		ch.collectForcing(fc, m, rs)
		return
	}
	complexity := 0
	ch.nestSeen = ch.nestSeen[:0]
	for i := 0; i < fc.n; i++ {
		complexity += ch.ancestors(fc.runs[i], fc.nodes[i])
	}
	complexity += ch.nestedComplexity()
	rating := m.base + LengthBonus(complexity)
	if !best.beats(rating, complexity, fc.sortKey) {
		return
	}
	s := newStep(t)
	s.Cells = []int{potCell(fc.target)}
	s.Digits = digitBit(potDigit(fc.target))
	s.Place, s.Remove = place, rs
	// The pattern: the conclusion's cell and digit, then what it follows
	// from, which the hint names too.
	s.chain = &chainNote{fc.kind, fc.from, potDigit(fc.target)}
	switch from := fc.from; from.what {
	case fromOn, fromOff:
		if from.cell != s.Cells[0] {
			s.Cells = append(s.Cells, from.cell)
		}
		s.Digits |= digitBit(from.digit)
	case fromCell:
		if from.cell != s.Cells[0] {
			s.Cells = append(s.Cells, from.cell)
		}
		s.Digits |= ch.g.cand[from.cell]
	case fromRegion:
		s.Digits |= digitBit(from.digit)
	}
	kind := fc.kind
	if m.level >= 2 {
		kind = fmt.Sprintf("level %d, %s", m.level, kind)
	}
	s.Text = fmt.Sprintf("%s (%s, %s): %s", t, kind, fc.from, conclusion(s))
	best.set(rating, complexity, fc.sortKey, s)
}

// findForcing runs one of SE's multiple-chain producers.
func (b *Board) findForcing(m chainMode) (Step, bool) {
	ch := b.chainer()
	ch.g.load(b)
	ch.loadLinks()
	if m.level > 0 {
		ch.placed = [maxDigits + 1]int{}
		for _, v := range b.Cells {
			ch.placed[v]++
		}
		for h := range ch.empty {
			ch.empty[h] = int(b.emptyIn[h])
		}
	}
	if len(ch.geo.sums) > 0 && m.dynamic && !m.nishio { // the runs that follow sums
		ch.loadSums(&b.Cells)
		ch.houses = ch.houses[:0]
		if m.level > 0 {
			ch.loadHouses(&b.Cells)
		}
	} else {
		ch.sums, ch.houses = ch.sums[:0], ch.houses[:0]
	}
	return ch.forcing(m)
}

// forcing runs a multiple-chain producer on ch.g, its links loaded.
func (ch *chainer) forcing(m chainMode) (Step, bool) {
	ch.startPass()
	defer ch.startPass()
	var best chainBest
	tBinary, tCell, tRegion := DynamicForcing, DynamicForcing, DynamicForcing
	switch {
	case m.level >= 2:
		tBinary, tCell, tRegion = NestedForcing, NestedForcing, NestedForcing
	case m.level > 0:
		tBinary, tCell, tRegion = DynamicForcingPlus, DynamicForcingPlus, DynamicForcingPlus
	}
	switch {
	case m.nishio:
		tBinary = Nishio
	case !m.dynamic:
		tCell, tRegion = CellForcing, RegionForcing
	}
	g := &ch.g
	for c := 0; c < frameCells; c++ {
		card := g.cand[c].Count()
		if card < 2 || (!m.dynamic && card < 3) {
			continue
		}
		var cellOn potSet
		first := true
		var valueRuns [maxDigits + 1]*run
		for x := g.cand[c]; x != 0; x &= x - 1 {
			d := x.low()
			pOn := potOf(c, d, true)
			rOn := ch.runFrom(pOn, m)
			valueRuns[d] = rOn
			if ch.overBudget() {
				return Step{}, false
			}
			if m.dynamic {
				// Contradictions from "on" and from "off".
				if rOn.absurdOn >= 0 {
					fc := forcingCand{target: pOn ^ 1, sortKey: 7, kind: "contradiction", from: forcingSource{what: fromOn, cell: c, digit: d}}
					fc.push(rOn, rOn.absurdOn)
					fc.push(rOn, rOn.absurdOf)
					ch.weigh(&fc, m, tBinary, &best)
				}
				rOff := ch.runOnce(pOn^1, m)
				if rOff.absurdOn >= 0 {
					fc := forcingCand{target: pOn, sortKey: 7, kind: "contradiction", from: forcingSource{what: fromOff, cell: c, digit: d}}
					fc.push(rOff, rOff.absurdOn)
					fc.push(rOff, rOff.absurdOf)
					ch.weigh(&fc, m, tBinary, &best)
				}
				if !m.nishio && card >= 3 {
					// Double forcing: on-potentials, then off-potentials,
					// each in discovery order.
					for pass := 1; pass >= 0; pass-- {
						for i := range rOn.nodes {
							q := int(rOn.nodes[i].pot)
							if q&1 != pass || rOn.idx[q] == 0 {
								continue
							}
							j := rOff.idx[q]
							if j == 0 {
								continue
							}
							fc := forcingCand{target: q, sortKey: 1, kind: "double", from: forcingSource{what: fromOn, cell: c, digit: d}}
							fc.push(rOn, i)
							fc.push(rOff, int(j-1))
							ch.weigh(&fc, m, tBinary, &best)
						}
					}
				}
			}
			if m.nishio {
				continue
			}
			// Region forcing, for the houses where c is d's first place.
			for _, k := range ch.geo.linkOrder {
				h := ch.geo.houseOf[c][k]
				if h < 0 {
					continue
				}
				pos := g.pos[h][d]
				if bits.OnesCount16(pos) < 2 || ch.geo.houses[h][bits.TrailingZeros16(pos)] != c {
					continue
				}
				var rr [maxDigits]*run
				nr := 0
				inter := rOn.set
				for y := pos; y != 0; y &= y - 1 {
					cell := ch.geo.houses[h][bits.TrailingZeros16(y)]
					r := rOn
					if cell != c {
						r = ch.runFrom(potOf(cell, d, true), m)
					}
					rr[nr] = r
					nr++
					for w := range inter {
						inter[w] &= r.set[w]
					}
				}
				if ch.overBudget() {
					return Step{}, false
				}
				ch.reductions(&inter, rOn, rr[:nr], m, tRegion, 6, "region", forcingSource{what: fromRegion, digit: d, house: h, name: ch.geo.names[h]}, &best)
			}
			if first {
				cellOn, first = rOn.set, false
			} else {
				for w := range cellOn {
					cellOn[w] &= rOn.set[w]
				}
			}
		}
		if m.nishio {
			continue
		}
		var rr [maxDigits]*run
		nr := 0
		var firstRun *run
		for x := g.cand[c]; x != 0; x &= x - 1 {
			r := valueRuns[x.low()]
			if firstRun == nil {
				firstRun = r
			}
			rr[nr] = r
			nr++
		}
		ch.reductions(&cellOn, firstRun, rr[:nr], m, tCell, 5, "cell", forcingSource{what: fromCell, cell: c}, &best)
	}
	return best.step, best.ok
}

// reductions weighs the potentials common to all runs rr (inter), on
// ones first, in the discovery order of run order.
func (ch *chainer) reductions(inter *potSet, order *run, rr []*run, m chainMode, t Technique, sortKey int, kind string, from forcingSource, best *chainBest) {
	empty := true
	for _, w := range inter {
		if w != 0 {
			empty = false
			break
		}
	}
	if empty {
		return
	}
	for pass := 1; pass >= 0; pass-- {
		for i := range order.nodes {
			q := int(order.nodes[i].pot)
			if q&1 != pass || !inter.has(q) || order.idx[q] == 0 {
				continue
			}
			fc := forcingCand{target: q, sortKey: sortKey, kind: kind, from: from}
			for _, r := range rr {
				fc.push(r, int(r.idx[q]-1))
			}
			ch.weigh(&fc, m, t, best)
		}
	}
}
