package logic

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/pressrun/pressrun/engine/variant"
)

// A killer's sums as the ladder reads them. Every rule of the killer
// rungs works on a sum region: cells whose digits add up to a known sum.
// A cage is one; so are a house's innies (its cells in cages that stick
// out of it) and outies (the cells outside it of the cages that stick
// into it), by the rule of 45, over one house or two or three adjacent
// ones; and so is what is left of a region when another lies inside it
// (subtraction). The regions depend on the layout only, so the geometry
// makes them once; what a region allows on the current candidates is
// worked out by regionState and kept until the candidates of its cells
// change.

// regionKind is where a sum region comes from, for the rung that uses it
// and the words of its step.
type regionKind uint8

const (
	rCage       regionKind = iota // a cage
	rInnies                       // a house's cells in cages that stick out of it
	rOuties                       // the cells outside a house of the cages that stick into it
	rInnies2                      // innies of two or three adjacent houses
	rOuties2                      // outies of two or three adjacent houses
	rRemainder                    // a region less another inside it
	rDifference                   // innies of one to three houses less outies
)

// sumRegion is cells whose digits add up to sum; a difference's, those
// of its cells but minus less those of minus.
type sumRegion struct {
	kind  regionKind
	cells []int
	set   cellSet
	sum   int
	// minus are the cells counted negatively: a difference region's
	// outies, whose digits are taken from the innies' to make sum.
	minus cellSet
	// apart and minusBits are minus and the pairs of peers, by the
	// cells' places in cells (bit j of apart[i]: cells i and j differ),
	// for a region whose digits may repeat (variant.RepeatFillings).
	apart     []uint32
	minusBits uint32
	distinct  bool   // every two cells are peers: the digits differ
	where     string // "row 1", "rows 1-2", "the cage of 15 at r1c1"
	why       string // how the sum comes: "45 - 38 = 7 (the whole cages inside add up to 20+18)"
	houses    int    // the houses the rule of 45 took, 0 for a cage
}

// The largest derived regions the rungs take: a person adds up a few
// cells, not a whole house's worth; a region of cells that may repeat a
// digit is searched cell by cell, so it is kept smaller.
const (
	maxDistinctRegion = 6
	maxRepeatRegion   = 5
	maxDifference     = 5 // cells of an innie-outie difference
)

// killerGeometry is what the ladder knows of a killer's layout: its
// cages, the derived sum regions and the pairs of regions that may clash.
type killerGeometry struct {
	regions []sumRegion
	ncages  int   // regions[:ncages] are the cages, in Variant.Cages order
	cageOf  []int // each cell's cage (its region index), -1 for none
	// houseCages lists each house's cells and the other cells of the
	// cages that reach into it.
	houseCages [][]int
	clashes    [][2]int // pairs of distinct regions whose cells all see each other
}

// newKillerGeometry makes the sum regions of g's killer: the cages, the
// rule of 45 over every house and over two and three adjacent rows,
// columns and boxes, and the remainders of regions inside others.
func newKillerGeometry(g *geometry) *killerGeometry {
	v := g.v
	kg := &killerGeometry{}
	seen := map[[2]cellSet]bool{}
	add := func(r sumRegion) {
		key := [2]cellSet{r.set, r.minus}
		if len(r.cells) == 0 || seen[key] {
			return
		}
		r.distinct = r.minus.empty() && g.allPeers(r.cells)
		if r.kind != rCage && (r.distinct && len(r.cells) > maxDistinctRegion || !r.distinct && len(r.cells) > maxRepeatRegion) {
			return
		}
		if !r.distinct {
			r.apart, r.minusBits = make([]uint32, len(r.cells)), 0
			for i, c := range r.cells {
				if r.minus.has(c) {
					r.minusBits |= 1 << i
				}
				for j, d := range r.cells {
					if j != i && g.peers[c].has(d) {
						r.apart[i] |= 1 << j
					}
				}
			}
		}
		seen[key] = true
		kg.regions = append(kg.regions, r)
	}
	for _, cage := range v.Cages {
		r := sumRegion{kind: rCage, cells: cage.Cells, sum: cage.Sum}
		for _, c := range cage.Cells {
			r.set.add(c)
		}
		r.where = g.say.f("the cage of %d at %s", cage.Sum, g.cellName(cage.Cells[0]))
		add(r)
	}
	kg.ncages = len(kg.regions)
	kg.cageOf = make([]int, g.cells)
	for c := range kg.cageOf {
		kg.cageOf[c] = -1
	}
	for i, r := range kg.regions {
		for _, c := range r.cells {
			kg.cageOf[c] = i
		}
	}
	for h := range g.houses {
		set := g.inside[h]
		for _, c := range g.houses[h] {
			if i := kg.cageOf[c]; i >= 0 {
				set = set.or(kg.regions[i].set)
			}
		}
		kg.houseCages = append(kg.houseCages, set.list())
	}
	for _, hs := range g.houseRuns() {
		kg.rule45(g, hs, add)
	}
	// Remainders: a region inside another leaves the rest with the
	// difference of their sums.
	base := len(kg.regions)
	for i := range base {
		for j := range base {
			a, b := &kg.regions[i], &kg.regions[j]
			if i == j || len(a.cells) >= len(b.cells) || a.set.andNot(b.set) != (cellSet{}) || !a.minus.empty() || !b.minus.empty() {
				continue
			}
			rest := b.set.andNot(a.set)
			add(sumRegion{kind: rRemainder, cells: rest.list(), set: rest, sum: b.sum - a.sum,
				where: g.say.f("%s less %s", b.name(g), a.name(g)), why: fmt.Sprintf("%d - %d = %d", b.sum, a.sum, b.sum-a.sum)})
		}
	}
	// Clashes: two distinct regions, disjoint, every cell of one a peer
	// of every cell of the other (the cages and hidden cages of a house).
	for i := range kg.regions {
		for j := i + 1; j < len(kg.regions); j++ {
			a, b := &kg.regions[i], &kg.regions[j]
			if a.distinct && b.distinct && a.set.and(b.set).empty() && g.allPeers(append(slices.Clone(a.cells), b.cells...)) {
				kg.clashes = append(kg.clashes, [2]int{i, j})
			}
		}
	}
	return kg
}

// name is a region as a step names it: the cage's sum and cells, or the
// cells and where their sum comes from.
func (r *sumRegion) name(g *geometry) string {
	if r.kind == rCage {
		if len(r.cells) == 1 { // a phrase of its own: a language may count one cell apart
			return g.say.s("the 1-cell cage of %s (%s)", num(r.sum), g.cellsName(r.cells))
		}
		return g.say.s("the %s-cell cage of %s (%s)", num(len(r.cells)), num(r.sum), g.cellsName(r.cells))
	}
	switch r.kind {
	case rInnies, rInnies2:
		return g.say.s("the innies of %s (%s)", r.where, g.cellsName(r.cells))
	case rOuties, rOuties2:
		return g.say.s("the outies of %s (%s)", r.where, g.cellsName(r.cells))
	}
	return g.say.s("%s (%s)", r.where, g.cellsName(r.cells))
}

// houseRun is one house or two or three adjacent ones of the same kind,
// with a name: "row 1", "rows 1-2", "boxes 4-5".
type houseRun struct {
	houses []int
	name   string
}

// houseRuns are the houses the rule of 45 is taken over: every house,
// then two and three adjacent rows and columns, and two boxes side by
// side or one above the other (three boxes in a band are three rows).
func (g *geometry) houseRuns() []houseRun {
	n := g.n
	var out []houseRun
	for h := range g.houses {
		out = append(out, houseRun{[]int{h}, g.names[h]})
	}
	for _, k := range []int{2, 3} {
		for first := 0; first+k <= n; first++ {
			var rows, cols []int
			for i := range k {
				rows, cols = append(rows, first+i), append(cols, n+first+i)
			}
			out = append(out, houseRun{rows, g.say.f("rows %d-%d", first+1, first+k)},
				houseRun{cols, g.say.f("columns %d-%d", first+1, first+k)})
		}
	}
	if g.v.BoxRows > 0 && !g.v.IsJigsaw() {
		across, down := n/g.v.BoxCols, n/g.v.BoxRows // boxes in a band, in a stack
		for b := range n {
			if b%across+1 < across {
				out = append(out, houseRun{[]int{2*n + b, 2*n + b + 1}, g.say.f("boxes %d and %d", b+1, b+2)})
			}
			if b/across+1 < down {
				out = append(out, houseRun{[]int{2*n + b, 2*n + b + across}, g.say.f("boxes %d and %d", b+1, b+1+across)})
			}
		}
	}
	return out
}

// rule45 adds the innies and outies of the houses hs: the houses hold
// n(n+1)/2 each; the cages wholly inside take their sums from that, and
// the cells left, in cages that stick out, add up to the rest (innies);
// the cells outside of those cages add up to their cages' sums less the
// innies' (outies).
func (kg *killerGeometry) rule45(g *geometry, run houseRun, add func(sumRegion)) {
	v := g.v
	var in cellSet
	for _, h := range run.houses {
		in = in.or(g.inside[h])
	}
	total := len(run.houses) * g.n * (g.n + 1) / 2
	whole, stick := 0, 0
	var innies, outies cellSet
	var wholeSums []string
	type crossing struct {
		in, out cellSet
		sum     int
	}
	var cross []crossing
	for i, cage := range v.Cages {
		k := 0
		for _, c := range cage.Cells {
			if in.has(c) {
				k++
			}
		}
		switch {
		case k == 0:
		case k == len(cage.Cells):
			whole += cage.Sum
			wholeSums = append(wholeSums, fmt.Sprint(cage.Sum))
		default:
			stick += cage.Sum
			var x crossing
			x.sum = cage.Sum
			for _, c := range v.Cages[i].Cells {
				if in.has(c) {
					innies.add(c)
					x.in.add(c)
				} else {
					outies.add(c)
					x.out.add(c)
				}
			}
			cross = append(cross, x)
		}
	}
	kind, okind := rInnies, rOuties
	if len(run.houses) > 1 {
		kind, okind = rInnies2, rOuties2
	}
	wholeText := g.say.f("the whole cages inside add up to %d", whole)
	if len(wholeSums) <= 6 {
		wholeText = g.say.f("the whole cages inside add up to %s", strings.Join(wholeSums, "+"))
	}
	add(sumRegion{kind: kind, cells: innies.list(), set: innies, sum: total - whole, where: run.name,
		why: fmt.Sprintf("%d - %d = %d (%s)", total, whole, total-whole, wholeText), houses: len(run.houses)})
	add(sumRegion{kind: okind, cells: outies.list(), set: outies, sum: stick - (total - whole), where: run.name,
		why:    g.say.f("%d - %d = %d (the cages reaching in add up to %d, and their cells inside to %d - %d)", stick, total-whole, stick-(total-whole), stick, total, whole),
		houses: len(run.houses)})
	// Differences: the innies of some crossing cages less the outies of
	// the others make the total less the whole cages' and the others'
	// sums. Each crossing cage gives its cells inside or outside, in
	// turn, while the cells stay few.
	var out []int // the crossing cages whose outies are taken
	var walk func(j int, set cellSet)
	walk = func(j int, set cellSet) {
		if set.count() > maxDifference {
			return
		}
		if j < len(cross) {
			walk(j+1, set.or(cross[j].in))
			out = append(out, j)
			walk(j+1, set.or(cross[j].out))
			out = out[:len(out)-1]
			return
		}
		if len(out) == 0 || len(out) == len(cross) {
			return // the innies, or the outies: above
		}
		var minus cellSet
		sum := total - whole
		var taken []string // the whole cages' and the outies' cages' sums
		if whole > 0 {
			taken = append(taken, fmt.Sprint(whole))
		}
		for _, k := range out {
			minus = minus.or(cross[k].out)
			sum -= cross[k].sum
			taken = append(taken, fmt.Sprint(cross[k].sum))
		}
		// A negative difference is said the other way round: the
		// outies less the innies.
		why := fmt.Sprintf("%d - %s = %d", total, strings.Join(taken, " - "), sum)
		if sum < 0 {
			why = fmt.Sprintf("%s - %d = %d", strings.Join(taken, " + "), total, -sum)
		}
		add(sumRegion{kind: rDifference, cells: set.list(), set: set, minus: minus, sum: sum, where: run.name,
			why: why, houses: len(run.houses)})
	}
	walk(0, cellSet{})
}

// allPeers reports whether every two of the cells are peers.
func (g *geometry) allPeers(cells []int) bool {
	for i, a := range cells {
		for _, b := range cells[i+1:] {
			if !g.peers[a].has(b) {
				return false
			}
		}
	}
	return true
}

// regionState is what a region allows on the current candidates: for
// each cell the digits some filling of the region gives it, the digit
// sets of the fillings (for a distinct region), and the digits every
// filling uses. It is worked out again only when a cell's candidates
// change (snap).
type regionState struct {
	snap     []uint32 // each cell's options when worked out: candidates, or the placed digit
	allowed  []uint32 // each cell's digits in some filling
	combos   []uint32 // the digit sets of the fillings (distinct regions only)
	required uint32   // the digits every filling uses
	ok       bool     // some filling exists, and the search finished
}

// killerState is a solve's cache of region states, one per region.
type killerState struct {
	kg     *killerGeometry
	states []regionState
	search variant.Fillings       // the distinct regions' search
	repeat variant.RepeatFillings // the others'
	// scratch is a region's state under a clash, not kept; fill a house
	// segment's (killer_house.go).
	scratch, fill regionState
	// A house's segments and their search (killer_house.go).
	segs       []houseSegment
	hfit       variant.HouseFit
	opts       []uint32   // a segment's options
	outside    []uint32   // its cage's outside cells' options
	allowed    [][]uint32 // what the segments' cells keep, in allowedBuf
	allowedBuf [16][16]uint32
	houseSeen  []uint64 // each house's cells' options when it last found nothing, hashed (0: not yet)
}

func newKillerState(kg *killerGeometry) *killerState {
	return &killerState{kg: kg, states: make([]regionState, len(kg.regions))}
}

func (ks *killerState) reset() {
	clear(ks.houseSeen)
	for i := range ks.states {
		ks.states[i].snap = ks.states[i].snap[:0]
	}
}

// options are a cell's possible digits: its candidates, or its digit.
func (b *board) options(c int) uint32 {
	if v := b.val[c]; v != 0 {
		return bit(int(v))
	}
	return b.cand[c]
}

// state is region i's state on the board, worked out again if its cells'
// options changed.
func (ks *killerState) state(b *board, i int) *regionState {
	r := &ks.kg.regions[i]
	st := &ks.states[i]
	fresh := len(st.snap) == len(r.cells)
	if fresh {
		for k, c := range r.cells {
			if st.snap[k] != b.options(c) {
				fresh = false
				break
			}
		}
	}
	if fresh {
		return st
	}
	st.snap = st.snap[:0]
	for _, c := range r.cells {
		st.snap = append(st.snap, b.options(c))
	}
	if r.distinct {
		ks.fillDistinct(b, st, r.sum, nil)
	} else {
		ks.fillRepeat(b, st, r)
	}
	return st
}

// fillDistinct works out st for distinct cells of options st.snap adding
// up to sum (anySum: any total), by engine/variant's Fillings, which the
// chain engine's sums use too. keep, when not nil, keeps only the whole
// sets it accepts (a clash with another region rules the others out).
func (ks *killerState) fillDistinct(b *board, st *regionState, sum int, keep func(uint32) bool) {
	st.allowed = append(st.allowed[:0], make([]uint32, len(st.snap))...)
	st.combos, _ = ks.search.Search(b.n, st.snap, sum, keep, st.allowed, st.combos[:0])
	st.required = b.all
	for _, m := range st.combos {
		st.required &= m
	}
	st.ok = len(st.combos) > 0
}

// anySum is fillDistinct's sum for fillings of any total.
const anySum = variant.AnySum

// fillRepeat works out st for cells of r that need not all differ, by
// engine/variant's search cell by cell (which the chain engine's sums
// use too): peers differ, and the digits add up to r.sum.
func (ks *killerState) fillRepeat(b *board, st *regionState, r *sumRegion) {
	st.allowed = append(st.allowed[:0], make([]uint32, len(r.cells))...)
	st.combos, st.required = st.combos[:0], b.all
	required, ok, _ := ks.repeat.Search(st.snap, r.minusBits, r.apart, r.sum, variant.RepeatBudget, st.allowed)
	if st.ok = ok; ok {
		st.required = required
	}
}

// digitSum is the sum of the digits of a set (bit s-1 for digit s).
func digitSum(m uint32) int {
	s := 0
	for ; m != 0; m &= m - 1 {
		s += bits.TrailingZeros32(m) + 1
	}
	return s
}

// comboText writes digit sets as sums: "1+2+4 or 1+3+5"; "" for more
// than four.
func (g *geometry) comboText(combos []uint32) string {
	if len(combos) > maxComboText {
		return ""
	}
	// Smallest digits first, as combination tables list them: 3+9, 4+8, 5+7.
	combos = slices.Clone(combos)
	slices.SortFunc(combos, func(a, b uint32) int {
		for a != 0 && b != 0 {
			if x, y := a&-a, b&-b; x != y {
				return int(x) - int(y)
			}
			a, b = a&(a-1), b&(b-1)
		}
		return int(a) - int(b)
	})
	parts := make([]string, len(combos))
	for i, m := range combos {
		var ds []string
		for x := m; x != 0; x &= x - 1 {
			ds = append(ds, g.symbolName(first(x)))
		}
		parts[i] = strings.Join(ds, "+")
	}
	return strings.Join(parts, " "+g.say.w("or")+" ")
}

// maxComboText is the most combinations comboText writes out.
const maxComboText = 4

// restrict is the removals that cut region r's cells to what st allows.
func (b *board) restrict(r *sumRegion, st *regionState) []Candidate {
	var rs []Candidate
	for k, c := range r.cells {
		for x := b.cand[c] &^ st.allowed[k]; x != 0; x &= x - 1 {
			rs = append(rs, Candidate{c, first(x)})
		}
	}
	return rs
}
