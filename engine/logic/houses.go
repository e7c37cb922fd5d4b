package logic

import (
	"fmt"

	"github.com/pressrun/pressrun/engine/variant"
)

// Houses are the houses of a 9x9 board other than a classic's: a jigsaw's
// regions in place of boxes, Sudoku X's diagonals or windoku's windows
// besides them. The solver's chain engine works over them as over a
// classic's (ChainSearch).
type Houses struct{ geo *geometry }

// NewHouses is the geometry of a 9x9 board of these houses: rows 0-8 and
// columns 9-17 as a classic's, regions 18-26 (each cell in one), then the
// extra houses, named by extraNames ("diagonal 1"), nine cells each; and
// a killer's cages (nil for none), whose cells are peers to the chain
// engine (an "on" candidate switches its digit off in its cage too) but
// not a house, which would link a digit's two places, and whose sums,
// with those of derived (other regions of different digits and known
// total, a house's innies), the dynamic chains follow (cagesums.go).
func NewHouses(houses [][]int, extraNames []string, cages, derived []variant.Cage) (*Houses, error) {
	for h := 0; h < 18 && h < len(houses); h++ {
		if !sameHouse(houses[h], classic.houses[h][:]) {
			return nil, fmt.Errorf("logic: house %d is not the classic's %s", h, classic.names[h])
		}
	}
	geo, err := newGeometry(houses, extraNames, cages, derived)
	if err != nil {
		return nil, err
	}
	geo.regionName = "region %d"
	for h := 18; h < 27; h++ {
		geo.names[h] = fmt.Sprintf(geo.regionName, h-17)
	}
	return &Houses{geo}, nil
}

// sameHouse reports whether a and b hold the same cells.
func sameHouse(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	var sa, sb cellSet
	for i := range a {
		sa, sb = sa.or(cellBit(a[i])), sb.or(cellBit(b[i]))
	}
	return sa == sb
}

// ChainRung is one rung of the chains that make assumptions and follow
// them with their eliminations (Sudoku Explainer's dynamic chains): its
// name as a ladder says it and the lowest rating its steps have.
type ChainRung struct {
	Name string
	Min  float64
	mode chainMode
}

// NishioRung is Sudoku Explainer's nishio forcing chains (7.5): one
// digit's candidate assumed, and followed through that digit only, to a
// contradiction. SE tries it after the forcing chains and before the
// static multiple forcing chains.
var NishioRung = ChainRung{"nishio", Nishio.BaseRating(), nishioMode}

// DynamicRungs are Sudoku Explainer 1.2.1's rungs above its static
// multiple forcing chains, in its order: dynamic forcing chains (8.5),
// dynamic forcing chains plus (9.0: the runs also use locked candidates,
// hidden and naked pairs and X-wings), and nested forcing chains of
// levels 2 to 5 (9.5, 10.0, 10.5, 11.0), as the classic scale has them.
var DynamicRungs = []ChainRung{
	{"dynamic forcing chains", DynamicForcing.BaseRating(), dynamicMode},
	{"dynamic forcing chains plus", DynamicForcingPlus.BaseRating(), plusMode},
	{"nested forcing chains 2", float64(nested2Mode.base) / 10, nested2Mode},
	{"nested forcing chains 3", float64(nested3Mode.base) / 10, nested3Mode},
	{"nested forcing chains 4", float64(nested4Mode.base) / 10, nested4Mode},
	{"nested forcing chains 5", float64(nested5Mode.base) / 10, nested5Mode},
}

// ChainSearch searches positions of one board's houses by the DynamicRungs,
// keeping its buffers between searches; it is not safe for concurrent
// use.
type ChainSearch struct {
	b  Board
	pb Phrasebook
}

// NewChainSearch is a ChainSearch over the houses, its step texts (Step.Text) in
// pb's language (nil: English).
func (h *Houses) NewChainSearch(pb Phrasebook) *ChainSearch {
	if pb == nil {
		pb = english{}
	}
	c := &ChainSearch{pb: pb}
	c.b.geo, c.b.scale = h.geo, DefaultScale
	return c
}

// Find looks for a step of rung r in the position of cells (the digits
// placed, 0 for an empty cell) and cand (each empty cell's candidates, 0
// for a placed one), within budget implications of work (0: no limit).
// It returns the step, whether one was found, and the work done; a
// search that ran out of budget finds nothing, its work over budget.
func (c *ChainSearch) Find(r ChainRung, cells *[81]uint8, cand *[81]Digits, budget int) (Step, bool, int) {
	b := &c.b
	copy(b.Cells[:], cells[:])
	b.Cand = *cand
	b.empty = 0
	for _, v := range cells {
		if v == 0 {
			b.empty++
		}
	}
	b.refresh()
	ch := b.chainer()
	ch.budget, ch.work = budget, 0
	st, ok := b.findForcing(r.mode)
	if ok {
		st.Text = hinter{c.pb}.describe(b, &st)
	}
	return st, ok && !ch.overBudget(), ch.work
}
