package logic

import "github.com/pressrun/pressrun/engine/variant"

// geometry is what the rater reads of a variant, made once per Solver:
// its houses and their names, in the Solver's language, which
// engine/logic's Search takes (dynamic.go).
type geometry struct {
	v      *variant.Variant
	n      int
	houses [][]int  // the variant's houses
	names  []string // the houses' names for the step texts
	say    sayer    // the step texts' language
}

func newGeometry(v *variant.Variant, pb Phrasebook) *geometry {
	n := v.Size
	g := &geometry{v: v, n: n, houses: v.Houses(), say: sayer{pb: pb}}
	g.names = make([]string, len(g.houses))
	if v.IsGattai() {
		return g // the sheet's houses are named by their grids (engine/logic's NewSheet)
	}
	extra := 0
	for h, cells := range g.houses {
		switch {
		case h < n:
			g.names[h] = g.say.f("row %d", h+1)
		case h < 2*n:
			g.names[h] = g.say.f("column %d", h-n+1)
		case h < 3*n:
			g.names[h] = g.say.f("box %d", h-2*n+1)
			if v.IsJigsaw() {
				g.names[h] = g.say.f("region %d", h-2*n+1)
			}
		default:
			extra++
			g.names[h] = g.say.f("window %d", extra)
			rows, cols := map[int]bool{}, map[int]bool{}
			for _, c := range cells {
				rows[c/n], cols[c%n] = true, true
			}
			if len(rows) == n || len(cols) == n {
				g.names[h] = g.say.f("diagonal %d", extra)
			}
		}
	}
	return g
}

// withCages is g for v, a variant of g's houses with other cages: a new
// geometry that shares g's houses and their names.
func (g *geometry) withCages(v *variant.Variant) *geometry {
	w := *g
	w.v = v
	return &w
}
