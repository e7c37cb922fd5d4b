package logic

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	classic "github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/variant"
)

// Chains work on potentials: a candidate (cell c, symbol s) that is
// either true ("on") or false ("off"), numbered (c*n+s-1)*2+on. The
// static links, over every house of the variant (so a diagonal or a
// window links as a row does):
//   - on(c,s) makes off every other place of s among c's peers, and (with
//     cell links) every other candidate of c;
//   - off(c,s) makes on the other place of s in a house where s has two
//     places, and (with cell links) the other candidate of a bivalue c.
// As Sudoku Explainer's "forcing chains", a chain from on(c,s) to
// off(c,s) proves c<>s and one from off(c,s) to on(c,s) proves c=s. Two
// runs: house links only (X-chains, base 6.6) and both kinds (xy forcing
// chains, base 7.0; named xy-chain when every cell link is a bivalue
// cell's, w-wing for that shape), each plus SE's length bonus on the
// chain's potentials. The cycles SE rates 6.5 are not searched: their
// eliminations come as forcing chains rated from 6.6.

func potOf(n, c, s int, on bool) int {
	p := (c*n + s - 1) * 2
	if on {
		p++
	}
	return p
}

// chainer holds the chain searches' buffers for one Solver, reused from
// step to step.
type chainer struct {
	n       int
	stamp   []uint32 // stamp[p] == epoch: p was reached in this run
	epoch   uint32
	parent  []int32
	depth   []int16
	q       []int32
	out     []int32
	pathBuf []int
	forcing forcingState // the multiple forcing chains' branches

	work, budget int // the chain searches' work in this solve (see run), and the most allowed (0: no limit)
}

// overBudget reports whether the solve has used up its chain work.
func (ch *chainer) overBudget() bool { return ch.budget > 0 && ch.work > ch.budget }

func (ch *chainer) reset(g *geometry, budget int) {
	pots := g.cells * g.n * 2
	if len(ch.stamp) != pots {
		*ch = chainer{n: g.n, stamp: make([]uint32, pots), parent: make([]int32, pots), depth: make([]int16, pots)}
	}
	ch.work, ch.budget = 0, budget
}

func (ch *chainer) cell(p int) int  { return p / 2 / ch.n }
func (ch *chainer) sym(p int) int   { return p/2%ch.n + 1 }
func (ch *chainer) isOn(p int) bool { return p&1 == 1 }

// implied lists, into ch.out, the potentials p makes: the offs an on
// potential makes (with cell links when y), the ons an off one makes
// (through bivalue cells when y, bilocal places in a house when x).
func (ch *chainer) implied(b *board, p int, y, x bool) []int32 {
	out := ch.out[:0]
	c, s := ch.cell(p), ch.sym(p)
	n := b.n
	if ch.isOn(p) {
		if y {
			for m := b.cand[c] &^ bit(s); m != 0; m &= m - 1 {
				out = append(out, int32(potOf(n, c, first(m), false)))
			}
		}
		for w, m := range b.peers[c].and(b.holding(s)) {
			for ; m != 0; m &= m - 1 {
				out = append(out, int32(potOf(n, w<<6+bits.TrailingZeros64(m), s, false)))
			}
		}
	} else {
		if y && count(b.cand[c]) == 2 {
			out = append(out, int32(potOf(n, c, first(b.cand[c]&^bit(s)), true)))
		}
		for k, h := range b.cellHouses[c] {
			if !x {
				break
			}
			pos := b.positions(h, s)
			if bits.OnesCount32(pos) != 2 {
				continue
			}
			other := b.houses[h][bits.TrailingZeros32(pos&^(1<<b.cellIndex[c][k]))]
			q := int32(potOf(n, other, s, true))
			dup := false
			for _, r := range out {
				dup = dup || r == q
			}
			if !dup {
				out = append(out, q)
			}
		}
	}
	ch.out = out
	return out
}

// chainKind is one of Sudoku Explainer's three runs: house links only
// (X), cell links only (Y: cycles only, from bivalue cells) and both
// (XY), with the base ratings (tenths) of its cycles and forcing chains
// (0: none) and its sort key.
type chainKind struct {
	y, x         bool
	cycle, chain int
	sort         int
}

var chainKinds = [3]chainKind{{false, true, 65, 66, 2}, {true, false, 65, 0, 3}, {true, true, 70, 70, 4}}

// chainLimits deepen the search by rating limit (tenths): most steps are
// found by the shallow runs.
var chainLimits = [...]int{67, 71, 75, 1 << 20}

// chainBest keeps the best conclusion, ordered as Sudoku Explainer sorts
// chain hints: by rating, then complexity, then kind, then discovery.
type chainBest struct {
	ok                          bool
	rating, complexity, sortKey int
	step                        Step
}

func (cb *chainBest) beats(rating, complexity, sortKey int) bool {
	if !cb.ok {
		return true
	}
	if rating != cb.rating {
		return rating < cb.rating
	}
	if complexity != cb.complexity {
		return complexity < cb.complexity
	}
	return sortKey < cb.sortKey
}

func (cb *chainBest) limit() int {
	if !cb.ok {
		return 1 << 20
	}
	return cb.rating
}

// findChains finds the lowest-rated cycle or forcing chain.
func (ch *chainer) findChains(b *board) (Step, bool) {
	var best chainBest
	var partners []int32
	for _, limit := range chainLimits {
		truncated := false
		for _, k := range chainKinds {
			lim := min(limit, best.limit())
			maxC := -1
			if k.cycle > 0 {
				maxC = classic.MaxComplexity(k.cycle, lim)
			}
			if k.chain > 0 {
				maxC = max(maxC, classic.MaxComplexity(k.chain, lim))
			}
			if maxC < 0 {
				continue
			}
			for c, m := range b.cand {
				if cnt := count(m); cnt < 2 || !k.x && cnt > 2 {
					continue
				}
				for ; m != 0; m &= m - 1 {
					s := first(m)
					src := potOf(b.n, c, s, true)
					partners = partners[:0]
					for _, q := range ch.implied(b, src^1, k.y, k.x) {
						partners = append(partners, q^1)
					}
					target := -1
					if k.chain > 0 {
						target = src ^ 1
					}
					hit := func(u, v, cx int, cycle bool) {
						base := k.chain
						if cycle {
							base = k.cycle
						}
						rating := base + classic.LengthBonus(cx)
						if !best.beats(rating, cx, k.sort) {
							return
						}
						var st Step
						if cycle {
							st = ch.cycleStep(b, u, v, k)
							if len(st.Remove) == 0 {
								return
							}
						} else {
							st = ch.chainStep(b, v, k.y)
						}
						best = chainBest{true, rating, cx, k.sort, st}
						best.step.Rating = float64(rating) / 10
					}
					truncated = ch.run(b, src, target, k.y, k.x, maxC, partners, hit) || truncated
					if k.chain > 0 {
						truncated = ch.run(b, src^1, src, k.y, k.x, maxC, nil, hit) || truncated
					}
				}
			}
		}
		if best.ok || !truncated || ch.overBudget() {
			break
		}
	}
	if ch.overBudget() {
		return Step{}, false
	}
	return best.step, best.ok
}

// run is a breadth-first search of the static implications from src, up
// to maxC potentials a chain (the complexity: potentials from src to the
// last, both counted). It calls hit with the chain's last two potentials
// and its complexity on reaching target, and, for each of the partners
// (the offs that turn src back on) reached from an on potential that
// does not descend from it, on closing a cycle. It reports whether the
// depth limit cut the search.
func (ch *chainer) run(b *board, src, target int, y, x bool, maxC int, partners []int32, hit func(u, v, complexity int, cycle bool)) bool {
	ch.epoch++
	if ch.epoch == 0 {
		clear(ch.stamp)
		ch.epoch = 1
	}
	ch.stamp[src], ch.parent[src], ch.depth[src] = ch.epoch, -1, 1
	q := append(ch.q[:0], int32(src))
	defer func() { ch.q = q }()
	for i := 0; i < len(q); i++ {
		if ch.overBudget() {
			return false
		}
		u := int(q[i])
		d := ch.depth[u]
		if int(d)+1 > maxC {
			return true
		}
		next := ch.implied(b, u, y, x)
		// The work is what implied looked at: a cell's peers or houses.
		if ch.isOn(u) {
			ch.work += len(b.plist[ch.cell(u)])
		} else {
			ch.work += len(b.cellHouses[ch.cell(u)])
		}
		for _, v := range next {
			if len(partners) > 0 && u != src && ch.isOn(u) && slices.Contains(partners, v) && !ch.isAncestor(int(v), u) {
				hit(u, int(v), int(d)+1, true)
			}
			if ch.stamp[v] == ch.epoch {
				continue
			}
			ch.stamp[v], ch.parent[v], ch.depth[v] = ch.epoch, int32(u), d+1
			if int(v) == target {
				hit(u, int(v), int(d)+1, false)
				if len(partners) == 0 {
					return false
				}
			}
			q = append(q, v)
		}
	}
	return false
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

// cycleStep makes the step of the cycle src ... u, v (v turns src back
// on): a candidate outside the loop goes when it sees an on and an off
// potential of its symbol in the loop, since one of the two holds
// whichever way round the loop goes.
func (ch *chainer) cycleStep(b *board, u, v int, k chainKind) Step {
	pots := append(ch.path(u), v)
	ch.pathBuf = pots
	var inLoop cellSet
	for _, p := range pots {
		inLoop.add(ch.cell(p))
	}
	var forw, back [variant.MaxSize + 1]cellSet
	var syms uint32
	for _, p := range pots {
		c, s := ch.cell(p), ch.sym(p)
		syms |= bit(s)
		if ch.isOn(p) {
			forw[s] = forw[s].or(b.peers[c])
		} else {
			back[s] = back[s].or(b.peers[c])
		}
	}
	t := classic.XYCycle
	switch {
	case !k.y:
		t = classic.XCycle
	case !k.x:
		t = classic.YCycle
	}
	st := newStep(t)
	for m := syms; m != 0; m &= m - 1 {
		s := first(m)
		gone := forw[s].and(back[s]).andNot(inLoop)
		for _, c := range gone.list() {
			if b.cand[c]&bit(s) != 0 {
				st.Remove = append(st.Remove, Candidate{c, s})
			}
		}
	}
	if len(st.Remove) == 0 {
		return st
	}
	st.Cells, st.Symbols = inLoop.list(), syms
	what := b.say.w("a loop of links")
	if t == classic.XCycle && count(syms) == 1 {
		what = b.say.s("a loop of links on %s", b.symbolName(first(syms)))
	}
	st.Text = classic.Capital(b.say.s("the cells %s form %s (%s): each link is a cell with two candidates or a digit with two places in a house. Going round, true and false alternate, whichever way it starts, so a candidate that sees both a true and a false end of a link goes: %s",
		b.shortCells(st.Cells), what, b.say.name(t), b.removals(st.Remove)))
	return st
}

// shortCells names the cells of a chain or loop, at most five of them:
// longer ones name their first three and count the rest.
func (g *geometry) shortCells(cells []int) string {
	if len(cells) <= 5 {
		return g.cellsName(cells)
	}
	return g.say.s("%s, %s, %s and %s more cells", g.cellName(cells[0]), g.cellName(cells[1]), g.cellName(cells[2]), num(len(cells)-3))
}

// path lists the potentials from the run's source to p.
func (ch *chainer) path(p int) []int {
	out := ch.pathBuf[:0]
	for q := p; q >= 0; q = int(ch.parent[q]) {
		out = append(out, q)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	ch.pathBuf = out
	return out
}

// chainStep makes the step of the chain the last run found to target.
func (ch *chainer) chainStep(b *board, target int, y bool) Step {
	pots := ch.path(target)
	t := AIC
	switch {
	case !y:
		t = XChain
	case ch.isWWing(b, pots):
		t = WWing
	case ch.bivalueChain(b, pots):
		t = XYChain
	}
	s := newStep(t)
	c, sym := ch.cell(target), ch.sym(target)
	if ch.isOn(target) {
		s.Place = []Candidate{{c, sym}}
	} else {
		s.Remove = []Candidate{{c, sym}}
	}
	for _, p := range pots {
		s.Symbols |= bit(ch.sym(p))
		if cc := ch.cell(p); !containsInt(s.Cells, cc) {
			s.Cells = append(s.Cells, cc)
		}
	}
	s.Text = ch.chainText(b, &s, pots)
	return s
}

// chainText says a chain step in words, as the classic hints do: the
// chain starts from the candidate it concludes on, assumed true (or
// false), and ends by ruling it out (or putting it back). A chain of
// another shape is written as its links.
func (ch *chainer) chainText(b *board, s *Step, pots []int) string {
	src, last := pots[0], pots[len(pots)-1]
	c, sym := ch.cell(src), ch.sym(src)
	if ch.cell(last) != c || ch.sym(last) != sym || ch.isOn(src) == ch.isOn(last) {
		return b.say.s("%s %s: %s", b.say.name(s.Technique), ch.text(b, pots), ch.conclusion(b, *s))
	}
	var through []int
	for _, x := range s.Cells {
		if x != c {
			through = append(through, x)
		}
	}
	cn, sn := b.cellName(c), b.symbolName(sym)
	how := b.say.w("follow what it forces")
	switch s.Technique {
	case XChain:
		how = b.say.s("follow what it forces among the %ss", sn)
	case XYChain:
		how = b.say.w("follow the cells with two candidates, each forcing the next")
	}
	path := ""
	if len(through) > 0 {
		path = b.say.s(" through %s", b.shortCells(through))
	}
	if !ch.isOn(src) {
		return classic.Capital(b.say.s("start at %s: suppose it were not %s, and %s (%s%s). It ends by putting %s back in %s, so %s is %s: %s",
			cn, sn, how, b.say.name(s.Technique), path, sn, cn, cn, sn, ch.conclusion(b, *s)))
	}
	return classic.Capital(b.say.s("start at %s: suppose it were %s, and %s (%s%s). It ends by ruling %s out of %s itself, so %s cannot be %s: %s",
		cn, sn, how, b.say.name(s.Technique), path, sn, cn, cn, sn, ch.conclusion(b, *s)))
}

// isWWing reports whether an xy forcing chain has a W-wing's shape: from
// X=a, a bivalue cell A{a,b}, a strong link on b, a bivalue cell B{a,b},
// back to X<>a (the classic rater's test).
func (ch *chainer) isWWing(b *board, pots []int) bool {
	if len(pots) != 8 {
		return false
	}
	A, B := ch.cell(pots[1]), ch.cell(pots[5])
	x, y := ch.sym(pots[0]), ch.sym(pots[2])
	pair := bit(x) | bit(y)
	return x != y && b.cand[A] == pair && b.cand[B] == pair && A != B &&
		ch.cell(pots[2]) == A && ch.cell(pots[6]) == B &&
		ch.sym(pots[3]) == y && ch.sym(pots[4]) == y && ch.sym(pots[6]) == x &&
		ch.cell(pots[3]) != A && ch.cell(pots[4]) != B
}

// bivalueChain reports whether every cell link of the chain is a bivalue
// cell's, as in an xy-chain.
func (ch *chainer) bivalueChain(b *board, pots []int) bool {
	for i := 1; i < len(pots); i++ {
		u, v := pots[i-1], pots[i]
		if !ch.isOn(u) && ch.isOn(v) && (ch.cell(u) != ch.cell(v) || count(b.cand[ch.cell(u)]) != 2) {
			return false
		}
	}
	return true
}

func (ch *chainer) text(b *board, pots []int) string {
	var sb strings.Builder
	for i, p := range pots {
		if i > 0 {
			sb.WriteString(" -> ")
		}
		op := "<>"
		if ch.isOn(p) {
			op = "="
		}
		fmt.Fprintf(&sb, "%s%s%s", b.cellName(ch.cell(p)), op, b.symbolName(ch.sym(p)))
	}
	return sb.String()
}

func (ch *chainer) conclusion(b *board, s Step) string {
	if len(s.Place) > 0 {
		return b.cellName(s.Place[0].Cell) + "=" + b.symbolName(s.Place[0].Symbol)
	}
	return b.removals(s.Remove)
}

func containsInt(s []int, x int) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}
