package logic

import (
	"slices"

	classic "github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/variant"
)

// The classic rater's own rungs over the variant's houses (engine/logic's
// Search), on boards up to 9x9: its BUG, and above the static multiple
// forcing chains its chain engine: dynamic forcing chains, dynamic forcing
// chains plus, and nested forcing chains of levels 2 to 5, Sudoku
// Explainer 1.2.1's, where the ladder used to guess. On a killer its
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

// classicRung is r, a rung of the classic rater, in the ladder.
func classicRung(r classic.Rung) rung {
	return rung{r.Name, r.Min, func(s *Solver, b *board) (Step, bool) { return s.findClassic(b, r) }}
}

// nishioRung is the classic rater's nishio over the variant's houses,
// before the static multiple forcing chains, as Sudoku Explainer has it.
var nishioRung = classicRung(classic.NishioRung)

// bugRung is the classic rater's BUG over the variant's houses, after
// the WXYZ-wings as Sudoku Explainer has it. A killer has none: its cages
// need sums, which a grave's second solution would break.
var bugRung = classicRung(classic.BUGRung)

// ladder9 and killerLadder9 are the ladders of boards up to 9x9: the
// ladder with BUG and nishio, or the killer's with nishio, then the
// dynamic rungs.
var (
	ladder9       = append(withNishio(withBUG(ladder)), dynamicRungs...)
	killerLadder9 = append(withNishio(killerLadder), dynamicRungs...)
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
	switch {
	case v.Size > 9:
		return ladder, 0
	case v.IsKiller():
		return killerLadder9, len(dynamicRungs)
	}
	return ladder9, len(dynamicRungs)
}

// dynamicShare is how much more work the dynamic rungs may do than the
// ladder's own chains, in each engine's units: the classic solver's
// budget over this one's (logic.DefaultBudget, DefaultBudget).
const dynamicShare = classic.DefaultBudget / DefaultBudget

// dynamicStatic is how many times DefaultBudget the ladder's own chains
// may work on a board with the dynamic rungs, which carry on where they
// stop: evil X, windoku and jigsaw puzzles took the static chains 8 to
// 10 million implications (generate --level evil -n 30 --seed 1), where
// a guess used to end them at 8 million.
const dynamicStatic = 5

// dynamic reports whether s's ladder has the dynamic rungs.
func (s *Solver) dynamic() bool { return s.dynamicRungs > 0 }

// killerDynamicShare is dynamicShare on a killer, much less: the
// hardest killers (Tarek's) take the sums' chains thousands of millions
// of implications (the digit sets a sum's search tries count as such),
// ten seconds and more each, and most of them are not finished at six
// thousand million. A killer that needs more than 24 million (0.1 to
// 0.2 s) is left to the guess, fast, as before; the generators never
// reach it (their killers are kept solved without the dynamic rungs).
const killerDynamicShare = 3

// overBudget reports whether the solve has used up its budget, the
// ladder's chains or the dynamic rungs'.
func (s *Solver) overBudget() bool {
	return s.ch.overBudget() || s.dynBudget > 0 && s.dynWork > s.dynBudget
}

// findClassic is a step of rung r in b's position, from the classic
// rater over b's houses, within what is left of the solve's budget.
func (s *Solver) findClassic(b *board, r classic.Rung) (Step, bool) {
	if s.dyn == nil || s.dynGeo != s.geo {
		var derived []variant.Cage
		if s.kil != nil {
			for _, r := range s.kil.kg.regions[s.kil.kg.ncages:] {
				if r.distinct {
					derived = append(derived, variant.Cage{Sum: r.sum, Cells: r.cells})
				}
			}
		}
		n := s.geo.n
		h, err := classic.NewHouses(n, s.geo.houses, s.geo.v.IsJigsaw(), s.geo.names[3*n:], s.geo.v.Cages, derived)
		if err != nil {
			return Step{}, false // houses the chain engine cannot take: the ladder guesses, as before
		}
		s.dyn, s.dynGeo = h.NewSearch(s.geo.say.pb), s.geo
	}
	cells, cand := s.chainPosition(b)
	budget := 0
	if s.dynBudget > 0 {
		budget = max(s.dynBudget-s.dynWork, 1)
	}
	cs, ok, work := s.dyn.Find(r, cells, cand, budget)
	s.dynWork += work
	if !ok {
		return Step{}, false
	}
	st := Step{Technique: cs.Technique, Rating: cs.Rating, Score: cs.Score, Cells: cs.Cells,
		Symbols: uint32(cs.Digits >> 1), Text: cs.Text}
	for _, p := range cs.Place {
		st.Place = append(st.Place, Candidate{p.Cell, p.Digit})
	}
	for _, p := range cs.Remove {
		st.Remove = append(st.Remove, Candidate{p.Cell, p.Digit})
	}
	return st, true
}

// chainPosition is b's position as the classic chain engine reads it: the
// digits placed, and each empty cell's candidates (bit d for digit d), in
// buffers s keeps.
func (s *Solver) chainPosition(b *board) ([]uint8, []classic.Digits) {
	s.dynCells = append(s.dynCells[:0], b.val...)
	s.dynCand = s.dynCand[:0]
	for _, x := range b.cand {
		s.dynCand = append(s.dynCand, classic.Digits(x<<1))
	}
	return s.dynCells, s.dynCand
}
