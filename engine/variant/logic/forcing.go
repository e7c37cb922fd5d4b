package logic

import (
	"math/bits"

	classic "github.com/pressrun/pressrun/engine/logic"
)

// Sudoku Explainer's multiple forcing chains, static (base 8.0): every
// candidate is assumed true and its static implications followed (house
// and cell links, as the xy forcing chains). The conclusions:
//   - contradiction: the assumption makes a potential both on and off, so
//     the candidate is false;
//   - cell: every candidate of a cell makes the same potential;
//   - region: every place of a symbol in a house makes the same potential.
// A conclusion's complexity is the sum of its chains' lengths (SE counts
// the distinct potentials of each chain; the shortest paths found here
// give the same count), its rating 8.0 plus SE's length bonus. Nishio and
// the dynamic chains SE tries next are not searched: a puzzle that needs
// them is finished by a counted guess.

// branch is the static run from one "on" candidate: the potentials it
// reaches with their depths, in a slice of the chainer's arena.
type branch struct{ lo, hi int32 }

// forcingState is the per-step cache of the branches.
type forcingState struct {
	pots   []int32
	depths []int16
	of     []branch // by candidate index c*n+s-1; hi 0: not run yet
	cnt    []int16  // the branches of the group reaching each potential
	sum    []int32  // their summed depths
	mark   []uint32 // mark[p] == groupEpoch: cnt and sum are this group's
	group  uint32
}

func (ch *chainer) branchOf(b *board, fs *forcingState, c, s int) branch {
	k := c*b.n + s - 1
	if br := fs.of[k]; br.hi > 0 {
		return br
	}
	src := potOf(b.n, c, s, true)
	ch.run(b, src, -1, true, true, 1<<20, nil, nil)
	lo := int32(len(fs.pots))
	for _, p := range ch.q {
		fs.pots = append(fs.pots, p)
		fs.depths = append(fs.depths, ch.depth[p])
	}
	fs.of[k] = branch{lo, int32(len(fs.pots))}
	return fs.of[k]
}

// findForcing finds the lowest-rated multiple forcing chain.
func (ch *chainer) findForcing(b *board) (Step, bool) {
	pots := b.cells * b.n * 2
	fs := &ch.forcing
	fs.pots, fs.depths = fs.pots[:0], fs.depths[:0]
	if len(fs.of) != b.cells*b.n {
		fs.of = make([]branch, b.cells*b.n)
		fs.cnt, fs.sum, fs.mark = make([]int16, pots), make([]int32, pots), make([]uint32, pots)
	}
	clear(fs.of)
	var best chainBest
	consider := func(rating, complexity, sortKey int, build func() Step) {
		if best.beats(rating, complexity, sortKey) {
			best = chainBest{true, rating, complexity, sortKey, build()}
			best.step.Rating = float64(rating) / 10
		}
	}
	// Contradictions: one branch reaches both states of a candidate.
	for c, x := range b.cand {
		if count(x) < 2 {
			continue
		}
		for ; x != 0; x &= x - 1 {
			s := first(x)
			br := ch.branchOf(b, fs, c, s)
			fs.group++
			for i := br.lo; i < br.hi; i++ {
				fs.mark[fs.pots[i]], fs.sum[fs.pots[i]] = fs.group, int32(fs.depths[i])
			}
			for i := br.lo; i < br.hi; i++ {
				p := fs.pots[i]
				if q := p ^ 1; fs.mark[q] == fs.group && ch.isOn(int(p)) {
					cx := int(fs.depths[i]) + int(fs.sum[q])
					consider(80+classic.LengthBonus(cx), cx, 1, func() Step {
						st := newStep(CellForcing)
						st.Cells, st.Symbols = []int{c}, bit(s)
						st.Remove = []Candidate{{c, s}}
						st.Text = classic.Capital(b.say.s("suppose %s were %s and follow what it forces (contradiction forcing chains): it makes %s both true and false. So %s cannot be %s: %s",
							b.cellName(c), b.symbolName(s), b.cellName(ch.cell(int(p)))+"="+b.symbolName(ch.sym(int(p))), b.cellName(c), b.symbolName(s), b.removals(st.Remove)))
						return st
					})
				}
			}
		}
	}
	// Cells, then houses.
	for c, x := range b.cand {
		if count(x) < 2 {
			continue
		}
		var brs []branch
		for y := x; y != 0; y &= y - 1 {
			brs = append(brs, ch.branchOf(b, fs, c, first(y)))
		}
		ch.common(b, fs, brs, func(p int, cx int) {
			consider(80+classic.LengthBonus(cx), cx, 2, func() Step {
				return ch.forcingStep(b, CellForcing, p, []int{c}, x, func(end string) string {
					return b.say.s("follow what each candidate of %s forces in turn (cell forcing chains): every one of them leads to the same end, %s", b.cellName(c), end)
				})
			})
		})
	}
	for _, h := range b.scan {
		for s := 1; s <= b.n; s++ {
			pos := b.positions(h, s)
			if bits.OnesCount32(pos) < 2 {
				continue
			}
			var brs []branch
			cells := b.cellsOf(h, pos)
			for _, c := range cells {
				brs = append(brs, ch.branchOf(b, fs, c, s))
			}
			ch.common(b, fs, brs, func(p int, cx int) {
				consider(80+classic.LengthBonus(cx), cx, 3, func() Step {
					return ch.forcingStep(b, RegionForcing, p, cells, bit(s), func(end string) string {
						return b.say.s("follow what each place of %s in %s forces in turn (region forcing chains): every one of them leads to the same end, %s", b.symbolName(s), b.names[h], end)
					})
				})
			})
		}
	}
	if ch.overBudget() {
		return Step{}, false
	}
	return best.step, best.ok
}

// common calls found with every potential that all the branches reach
// and that says something new (a candidate off, or a cell's symbol on),
// and its complexity.
func (ch *chainer) common(b *board, fs *forcingState, brs []branch, found func(p, complexity int)) {
	fs.group++
	for k, br := range brs {
		for i := br.lo; i < br.hi; i++ {
			p := fs.pots[i]
			switch {
			case k == 0:
				fs.mark[p], fs.cnt[p], fs.sum[p] = fs.group, 1, int32(fs.depths[i])
			case fs.mark[p] == fs.group && int(fs.cnt[p]) == k:
				fs.cnt[p]++
				fs.sum[p] += int32(fs.depths[i])
			}
		}
	}
	br := brs[0]
	for i := br.lo; i < br.hi; i++ {
		p := int(fs.pots[i])
		if int(fs.cnt[p]) != len(brs) || fs.mark[p] != fs.group {
			continue
		}
		found(p, int(fs.sum[p]))
	}
}

// forcingStep is the step that concludes p, its text say's sentence
// ending in the conclusion.
func (ch *chainer) forcingStep(b *board, t Technique, p int, cells []int, syms uint32, say func(conclusion string) string) Step {
	s := newStep(t)
	s.Cells, s.Symbols = cells, syms
	c, sym := ch.cell(p), ch.sym(p)
	if ch.isOn(p) {
		s.Place = []Candidate{{c, sym}}
	} else {
		s.Remove = []Candidate{{c, sym}}
	}
	s.Text = classic.Capital(say(ch.conclusion(b, s)))
	return s
}
