package logic

import (
	"slices"

	classic "github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/logic/sheet"
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

// classicRung is r, a rung of the classic rater, in the ladder: its
// place in classic.Rungs, which every size of the classic rater shares.
func classicRung(r classic.Rung) rung {
	i := slices.IndexFunc(classic.Rungs, func(x classic.Rung) bool { return x.Name == r.Name })
	if i < 0 {
		panic("logic: no classic rung " + r.Name)
	}
	return i
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
	i := slices.IndexFunc(l, func(r rung) bool { return classic.Rungs[r].Name == "wxyz-wing" })
	return slices.Insert(slices.Clone(l), i+1, bugRung)
}

// withNishio is the ladder with nishioRung before its static multiple
// forcing chains.
func withNishio(l []rung) []rung {
	i := slices.IndexFunc(l, func(r rung) bool { return classic.Rungs[r].Name == "multiple forcing chains" })
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

// chainSearch is the classic rater's Search over a board's houses:
// engine/logic's for boards up to 9x9, package wide's (the same solver on
// a 16x16 frame) for larger ones, in one shape: climb is its Climb, find
// its Find of rung Rungs[i].
type chainSearch interface {
	Forget()
	SetQuiet(quiet bool)
	SetStop(stop <-chan struct{})
	climb(ladder []int, cells, solution []uint8, opts classic.ClimbOptions) (classic.Climb, error)
	find(i int, cells []uint8, cand []uint32, budget int) (classic.Found, bool, int)
}

type narrowSearch struct{ *classic.Search }

func (c narrowSearch) climb(ladder []int, cells, solution []uint8, opts classic.ClimbOptions) (classic.Climb, error) {
	return c.Climb(ladder, cells, solution, opts)
}

func (c narrowSearch) find(i int, cells []uint8, cand []uint32, budget int) (classic.Found, bool, int) {
	return c.Find(classic.Rungs[i], cells, cand, budget)
}

// wideSearch and sheetSearch are the same solver built for a 16x16
// frame and for a gattai's sheet; their shapes (Climb, Found) are
// engine/logic's.
type wideSearch struct{ *wide.Search }

func (c wideSearch) climb(ladder []int, cells, solution []uint8, opts classic.ClimbOptions) (classic.Climb, error) {
	return c.Climb(ladder, cells, solution, opts)
}

func (c wideSearch) find(i int, cells []uint8, cand []uint32, budget int) (classic.Found, bool, int) {
	return c.Find(wide.Rungs[i], cells, cand, budget)
}

type sheetSearch struct{ *sheet.Search }

func (c sheetSearch) climb(ladder []int, cells, solution []uint8, opts classic.ClimbOptions) (classic.Climb, error) {
	return c.Climb(ladder, cells, solution, opts)
}

func (c sheetSearch) find(i int, cells []uint8, cand []uint32, budget int) (classic.Found, bool, int) {
	return c.Find(sheet.Rungs[i], cells, cand, budget)
}

// newChainSearch is the chainSearch of g's houses and a killer's cages
// (and the regions engine/logic derives from them), its texts in g's
// language and symbols.
func newChainSearch(g *geometry) (chainSearch, error) {
	n, v := g.n, g.v
	labels := g.say.labels
	if labels == nil && n > 9 {
		for _, r := range variant.DefaultSymbols(n) {
			labels = append(labels, string(r))
		}
	}
	if sh := v.Sheet; sh != nil {
		h, err := sheet.NewSheet(sh.Grids, sh.Cols, sh.At)
		if err != nil {
			return nil, err
		}
		return sheetSearch{h.NewSearch(g.say.pb, labels)}, nil
	}
	if n <= 9 {
		h, err := classic.NewHouses(n, g.houses, v.IsJigsaw(), g.names[3*n:], v.Cages)
		if err != nil {
			return nil, err
		}
		return narrowSearch{h.NewSearch(g.say.pb, labels)}, nil
	}
	h, err := wide.NewHouses(n, g.houses, v.IsJigsaw(), g.names[3*n:], v.Cages)
	if err != nil {
		return nil, err
	}
	return wideSearch{h.NewSearch(g.say.pb, labels)}, nil
}
