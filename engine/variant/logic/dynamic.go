package logic

import (
	"slices"

	classic "github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/logic/wide"
	"github.com/pressrun/pressrun/engine/variant"
)

// The classic rater's rungs over the variant's houses (engine/logic's
// Search; engine/logic/wide's, the same code, on 12x12 and 16x16): its
// singles, locked candidates, subsets, fish, XY- and XYZ-wings, aligned
// pair exclusion, BUG, forcing chains and cycles, nishio and static
// multiple forcing chains in the ladder (ladder.go), and after them its
// dynamic forcing chains, dynamic forcing chains plus, and nested
// forcing chains of levels 2 to 5, Sudoku Explainer 1.2.1's. On a killer its
// cages are peers to the chain engine (their cells differ), not houses
// (a cage need not hold every digit), and its sums are links: a run
// follows an assumption through the cages' sums and those of the rule of
// 45's regions (engine/logic's cagesums.go) as through the houses.
var dynamicRungs = func() []rung {
	var out []rung
	for _, r := range classic.DynamicRungs {
		out = append(out, classicRung(r))
	}
	return out
}()

// classicRung is r, a rung of the classic rater, in the ladder: found
// by its place in classic.Rungs, which every size of the classic rater
// shares, once, here.
func classicRung(r classic.Rung) rung {
	i := slices.IndexFunc(classic.Rungs, func(x classic.Rung) bool { return x.Name == r.Name })
	if i < 0 {
		panic("logic: no classic rung " + r.Name)
	}
	return rung{r.Name, r.Min, func(s *Solver, b *board) (Step, bool) { return s.findClassic(b, i) }}
}

// nishioRung is the classic rater's nishio over the variant's houses,
// before the static multiple forcing chains, as Sudoku Explainer has it.
var nishioRung = classicRung(classic.NishioRung)

// bugRung is the classic rater's BUG over the variant's houses, after
// the WXYZ-wings as Sudoku Explainer has it. A killer has none: its cages
// need sums, which a grave's second solution would break.
var bugRung = classicRung(classic.BUGRung)

// fullLadder and fullKillerLadder are the whole ladder: the ladder with
// BUG and nishio, or the killer's with nishio, then the dynamic rungs.
var (
	fullLadder       = append(withNishio(withBUG(ladder)), dynamicRungs...)
	fullKillerLadder = append(withNishio(killerLadder), dynamicRungs...)
)

// withBUG is the ladder with bugRung after its WXYZ-wings.
func withBUG(l []rung) []rung {
	i := slices.IndexFunc(l, func(r rung) bool { return r.name == "wxyz-wing" })
	return slices.Insert(slices.Clone(l), i+1, bugRung)
}

// withNishio is the ladder with nishioRung before its static multiple
// forcing chains.
func withNishio(l []rung) []rung {
	i := slices.IndexFunc(l, func(r rung) bool { return r.name == "multiple forcing chains" })
	return slices.Insert(slices.Clone(l), i, nishioRung)
}

// ladderOf is the ladder of a variant's puzzles, and how many dynamic
// rungs end it.
func ladderOf(v *variant.Variant) ([]rung, int) {
	if v.IsKiller() {
		return fullKillerLadder, len(dynamicRungs)
	}
	return fullLadder, len(dynamicRungs)
}

// overBudget reports whether the solve has used up its budget.
func (s *Solver) overBudget() bool { return s.budget > 0 && s.work > s.budget }

// findClassic is a step of rung classic.Rungs[i] in b's position, from
// the classic rater over b's houses, within what is left of the solve's
// budget. The search holds b's position from its first call in a solve
// on (SolveWith moves it on with each step, applied), so that a rung
// costs no copy of the board.
func (s *Solver) findClassic(b *board, i int) (Step, bool) {
	if s.search == nil || s.searchGeo != s.geo {
		var derived []variant.Cage
		if s.kil != nil {
			for _, r := range s.kil.kg.regions[s.kil.kg.ncages:] {
				if r.minus.empty() { // not a difference: a sum of cells, some perhaps repeating
					derived = append(derived, variant.Cage{Sum: r.sum, Cells: r.cells})
				}
			}
		}
		search, err := newChainSearch(s.geo, derived)
		if err != nil {
			// Houses engine/logic cannot take (none of the built-in
			// kinds): no rung of it applies, and the ladder guesses.
			return Step{}, false
		}
		s.search, s.searchGeo, s.loaded = search, s.geo, nil
		s.search.SetStop(s.stop)
	}
	if s.loaded != b || s.reloadEachFind {
		s.search.Load(b.val, b.cand)
		s.search.SetQuiet(s.quiet)
		s.loaded = b
	}
	budget := 0
	if s.budget > 0 {
		budget = max(s.budget-s.work, 1)
	}
	cs, ok, work := s.search.find(i, budget)
	s.work += work
	if !ok {
		return Step{}, false
	}
	st := Step{Technique: classic.Technique(cs.Technique), Rating: cs.Rating, Score: cs.Score, Cells: cs.Cells,
		Symbols: cs.Symbols, Text: cs.Text}
	for _, p := range cs.Place {
		st.Place = append(st.Place, Candidate{p[0], p[1]})
	}
	for _, p := range cs.Remove {
		st.Remove = append(st.Remove, Candidate{p[0], p[1]})
	}
	return st, true
}

// applied moves the search's position on by step, taken on board b, when
// the search holds b's position.
func (s *Solver) applied(b *board, step *Step) {
	if s.loaded != b {
		return
	}
	place, remove := s.moves[0][:0], s.moves[1][:0]
	for _, p := range step.Place {
		place = append(place, [2]int{p.Cell, p.Symbol})
	}
	for _, r := range step.Remove {
		remove = append(remove, [2]int{r.Cell, r.Symbol})
	}
	s.search.Apply(place, remove)
	s.moves = [2][][2]int{place, remove} // kept for the next step
}

// chainSearch is the classic rater's Search over a board's houses: engine/logic's
// for boards up to 9x9, package wide's (the same solver on a 16x16
// frame) for larger ones. find looks for a step of rung Rungs[i] in the
// loaded position, the same rung in both.
type chainSearch interface {
	Forget()
	SetQuiet(quiet bool)
	SetStop(stop <-chan struct{})
	Load(cells []uint8, cand []uint32)
	Apply(place, remove [][2]int)
	find(i int, budget int) (classic.Found, bool, int)
}

type narrowSearch struct{ *classic.Search }

func (c narrowSearch) find(i int, budget int) (classic.Found, bool, int) {
	return c.FindHere(classic.Rungs[i], budget)
}

type wideSearch struct{ *wide.Search }

func (c wideSearch) find(i int, budget int) (classic.Found, bool, int) {
	f, ok, work := c.FindHere(wide.Rungs[i], budget)
	return classic.Found(f), ok, work
}

// newChainSearch is the chainSearch of g's houses, a killer's cages and
// the derived regions among them, its texts in g's language and symbols.
func newChainSearch(g *geometry, derived []variant.Cage) (chainSearch, error) {
	n, v := g.n, g.v
	labels := g.say.labels
	if labels == nil && n > 9 {
		for _, r := range variant.DefaultSymbols(n) {
			labels = append(labels, string(r))
		}
	}
	if n <= 9 {
		h, err := classic.NewHouses(n, g.houses, v.IsJigsaw(), g.names[3*n:], v.Cages, derived)
		if err != nil {
			return nil, err
		}
		return narrowSearch{h.NewSearch(g.say.pb, labels)}, nil
	}
	h, err := wide.NewHouses(n, g.houses, v.IsJigsaw(), g.names[3*n:], v.Cages, derived)
	if err != nil {
		return nil, err
	}
	return wideSearch{h.NewSearch(g.say.pb, labels)}, nil
}
