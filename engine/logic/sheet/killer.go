// Code generated from engine/logic/killer.go by TestWideCopy -update. DO NOT EDIT.

package sheet

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/pressrun/pressrun/engine/sums"
)

// A killer's sums as its cage rungs read them (killer_*.go: KillerRungs,
// which the variant rater's killer ladder takes between the classic rungs
// of their ratings). Every rule of the cage rungs works on a sum region:
// cells whose digits add up to a known sum. A cage is one; so are a
// house's innies (its cells in cages that stick out of it) and outies
// (the cells outside it of the cages that stick into it), by the rule of
// 45, over one house or two or three adjacent ones; and so is what is
// left of a region when another lies inside it (subtraction). The regions
// depend on the layout only, so the geometry makes them once (with the
// cages, newGeometry); what a region allows on the current candidates is
// worked out by regionState and kept until the candidates of its cells
// change. The regions of cells without a negative part are the dynamic
// chains' sums too (cagesums.go).

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

// killerRegion is cells whose digits add up to sum; a difference's, those
// of its cells but minus less those of minus.
type killerRegion struct {
	kind  regionKind
	cells []int
	set   cellSet
	sum   int
	// minus are the cells counted negatively: a difference region's
	// outies, whose digits are taken from the innies' to make sum.
	minus cellSet
	// apart and minusBits are minus and the pairs of peers, by the
	// cells' places in cells (bit j of apart[i]: cells i and j differ),
	// for a region whose digits may repeat (sums.RepeatFillings).
	apart     []uint32
	minusBits uint32
	distinct  bool // every two cells are peers: the digits differ
	// run is the houses of a derived region's rule of 45 (killerGeometry.runs),
	// whole and less a remainder's regions, the bigger and the one inside it.
	run, whole, less int
	// why says how the sum comes: "45 - 38 = 7 (the whole cages inside
	// add up to 20+18)"; nil for a cage.
	why    func(say hinter) string
	houses int // the houses the rule of 45 took, 0 for a cage
}

// The largest derived regions the rungs take: a person adds up a few
// cells, not a whole house's worth; a region of cells that may repeat a
// digit is searched cell by cell, so it is kept smaller.
const (
	maxDistinctRegion = 6
	maxRepeatRegion   = 5
	maxDifference     = 5 // cells of an innie-outie difference
)

// killerGeometry is what the cage rungs know of a killer's layout: its
// cages, the derived sum regions and the pairs of regions that may clash.
type killerGeometry struct {
	regions []killerRegion
	ncages  int             // regions[:ncages] are the cages, in the order given
	runs    []houseRun      // the houses the rule of 45 is taken over
	cageOf  [frameCells]int // each cell's cage (its region index), -1 for none
	// houseCages lists each house's cells and the other cells of the
	// cages that reach into it.
	houseCages [maxHouses][]int
	clashes    [][2]int // pairs of distinct regions whose cells all see each other
}

// houseRun is one house or two or three adjacent ones of the same kind:
// rows, columns, or two boxes side by side or one above the other.
type houseRun struct {
	houses []int
	kind   uint8 // runHouse, runRows, runColumns, runBoxes
}

const (
	runHouse = iota
	runRows
	runColumns
	runBoxes
)

// name is the run as a step says it: "row 1", "rows 1-2", "boxes 4
// and 5".
func (r houseRun) name(say hinter) string {
	n, first, last := say.geo.n, r.houses[0], r.houses[len(r.houses)-1]
	switch r.kind {
	case runRows:
		return say.f("rows %d-%d", first+1, last+1)
	case runColumns:
		return say.f("columns %d-%d", first-n+1, last-n+1)
	case runBoxes:
		return say.f("boxes %d and %d", first-2*n+1, last-2*n+1)
	}
	return say.house(first)
}

// newKillerGeometry makes the sum regions of g's killer of these cages:
// the cages, the rule of 45 over every house and over two and three
// adjacent rows, columns and boxes, and the remainders of regions inside
// others. g's peers must be set.
func newKillerGeometry(g *geometry, cages []sums.Cage) *killerGeometry {
	kg := &killerGeometry{runs: g.houseRuns()}
	seen := map[[2]cellSet]bool{}
	add := func(r killerRegion) {
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
					if j != i && g.isPeer[c][d] {
						r.apart[i] |= 1 << j
					}
				}
			}
		}
		seen[key] = true
		kg.regions = append(kg.regions, r)
	}
	for _, cage := range cages {
		r := killerRegion{kind: rCage, cells: slices.Clone(cage.Cells), sum: cage.Sum, run: -1}
		for _, c := range cage.Cells {
			r.set = r.set.or(cellBit(c))
		}
		add(r)
	}
	kg.ncages = len(kg.regions)
	for c := range kg.cageOf {
		kg.cageOf[c] = -1
	}
	for i, r := range kg.regions {
		for _, c := range r.cells {
			kg.cageOf[c] = i
		}
	}
	for h := range g.nh {
		set := g.houseCells[h]
		for _, c := range g.houses[h] {
			if i := kg.cageOf[c]; i >= 0 {
				set = set.or(kg.regions[i].set)
			}
		}
		kg.houseCages[h] = set.list()
	}
	for i := range kg.runs {
		kg.rule45(g, i, cages, add)
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
			why := fmt.Sprintf("%d - %d = %d", b.sum, a.sum, b.sum-a.sum)
			add(killerRegion{kind: rRemainder, cells: rest.list(), set: rest, sum: b.sum - a.sum, run: -1, whole: j, less: i,
				why: func(hinter) string { return why }})
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

// sums are the regions the dynamic chains follow (cagesums.go), after
// the cages: the derived regions without a negative part (a difference's
// outies), whose cells may repeat a digit where they share no house.
func (kg *killerGeometry) sums() []sums.Cage {
	var out []sums.Cage
	for _, r := range kg.regions[kg.ncages:] {
		if r.minus.empty() {
			out = append(out, sums.Cage{Sum: r.sum, Cells: r.cells})
		}
	}
	return out
}

// where is where region i lies, as a step says it: "the cage of 15 at
// r1c1", "row 1", "rows 1-2", "the innies of row 1 (...) less ...".
func (kg *killerGeometry) where(say hinter, i int) string {
	r := &kg.regions[i]
	switch {
	case r.kind == rCage:
		return say.f("the cage of %d at %s", r.sum, cellName(r.cells[0]))
	case r.kind == rRemainder:
		return say.f("%s less %s", kg.name(say, r.whole), kg.name(say, r.less))
	}
	return kg.runs[r.run].name(say)
}

// name is region i as a step names it: the cage's sum and cells, or the
// cells and where their sum comes from.
func (kg *killerGeometry) name(say hinter, i int) string {
	r := &kg.regions[i]
	switch r.kind {
	case rCage:
		if len(r.cells) == 1 { // a phrase of its own: a language may count one cell apart
			return say.f("the 1-cell cage of %s (%s)", strconv.Itoa(r.sum), cellsName(r.cells))
		}
		return say.f("the %s-cell cage of %s (%s)", strconv.Itoa(len(r.cells)), strconv.Itoa(r.sum), cellsName(r.cells))
	case rInnies, rInnies2:
		return say.f("the innies of %s (%s)", kg.where(say, i), cellsName(r.cells))
	case rOuties, rOuties2:
		return say.f("the outies of %s (%s)", kg.where(say, i), cellsName(r.cells))
	}
	return say.f("%s (%s)", kg.where(say, i), cellsName(r.cells))
}

// houseRuns are the houses the rule of 45 is taken over: every house,
// then two and three adjacent rows and columns, and two boxes side by
// side or one above the other (three boxes in a band are three rows)
// where the regions are a classic's boxes.
func (g *geometry) houseRuns() []houseRun {
	n := g.n
	var out []houseRun
	for h := range g.nh {
		out = append(out, houseRun{[]int{h}, runHouse})
	}
	for _, k := range []int{2, 3} {
		for first := 0; first+k <= n; first++ {
			var rows, cols []int
			for i := range k {
				rows, cols = append(rows, first+i), append(cols, n+first+i)
			}
			out = append(out, houseRun{rows, runRows}, houseRun{cols, runColumns})
		}
	}
	if across, down, ok := g.boxGrid(); ok {
		for b := range n {
			if b%across+1 < across {
				out = append(out, houseRun{[]int{2*n + b, 2*n + b + 1}, runBoxes})
			}
			if b/across+1 < down {
				out = append(out, houseRun{[]int{2*n + b, 2*n + b + across}, runBoxes})
			}
		}
	}
	return out
}

// boxGrid reports whether the regions are boxes, rectangles of one size
// numbered along the bands, and how many there are in a band (across)
// and in a stack (down).
func (g *geometry) boxGrid() (across, down int, ok bool) {
	n := g.n
	var inRow [frameSide]bool
	rows := 0
	for _, c := range g.houses[2*n] {
		if !inRow[c/frameSide] {
			inRow[c/frameSide], rows = true, rows+1
		}
	}
	if n%rows != 0 {
		return 0, 0, false
	}
	cols := n / rows
	across, down = n/cols, n/rows
	for b := range n {
		top, left := b/across*rows, b%across*cols
		var want cellSet
		for r := top; r < top+rows; r++ {
			for c := left; c < left+cols; c++ {
				want = want.or(cellBit(r*frameSide + c))
			}
		}
		if g.houseCells[2*n+b] != want {
			return 0, 0, false
		}
	}
	return across, down, true
}

// rule45 adds the innies and outies of the houses of run i: the houses
// hold n(n+1)/2 each; the cages wholly inside take their sums from that,
// and the cells left, in cages that stick out, add up to the rest
// (innies); the cells outside of those cages add up to their cages' sums
// less the innies' (outies).
func (kg *killerGeometry) rule45(g *geometry, i int, cages []sums.Cage, add func(killerRegion)) {
	run := kg.runs[i]
	var in cellSet
	for _, h := range run.houses {
		in = in.or(g.houseCells[h])
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
	for _, cage := range cages {
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
			for _, c := range cage.Cells {
				if in.has(c) {
					innies = innies.or(cellBit(c))
					x.in = x.in.or(cellBit(c))
				} else {
					outies = outies.or(cellBit(c))
					x.out = x.out.or(cellBit(c))
				}
			}
			cross = append(cross, x)
		}
	}
	kind, okind := rInnies, rOuties
	if len(run.houses) > 1 {
		kind, okind = rInnies2, rOuties2
	}
	joined := strings.Join(wholeSums, "+")
	add(killerRegion{kind: kind, cells: innies.list(), set: innies, sum: total - whole, run: i, houses: len(run.houses),
		why: func(say hinter) string {
			text := say.f("the whole cages inside add up to %d", whole)
			if len(wholeSums) <= 6 {
				text = say.f("the whole cages inside add up to %s", joined)
			}
			return fmt.Sprintf("%d - %d = %d (%s)", total, whole, total-whole, text)
		}})
	add(killerRegion{kind: okind, cells: outies.list(), set: outies, sum: stick - (total - whole), run: i, houses: len(run.houses),
		why: func(say hinter) string {
			return say.f("%d - %d = %d (the cages reaching in add up to %d, and their cells inside to %d - %d)", stick, total-whole, stick-(total-whole), stick, total, whole)
		}})
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
		add(killerRegion{kind: rDifference, cells: set.list(), set: set, minus: minus, sum: sum, run: i,
			why: func(hinter) string { return why }, houses: len(run.houses)})
	}
	walk(0, cellSet{})
}

// allPeers reports whether every two of the cells are peers.
func (g *geometry) allPeers(cells []int) bool {
	for i, a := range cells {
		for _, b := range cells[i+1:] {
			if !g.isPeer[a][b] {
				return false
			}
		}
	}
	return true
}

// list is the set's cells in increasing order.
func (s cellSet) list() []int {
	out := make([]int, 0, s.count())
	for ; !s.empty(); s = s.rest() {
		out = append(out, s.first())
	}
	return out
}

// regionState is what a region allows on the current candidates: for
// each cell the digits some filling of the region gives it, the digit
// sets of the fillings (for a distinct region), and the digits every
// filling uses. Digit sets are engine/sums', bit s-1 for digit s. It
// is worked out again only when a cell's candidates change (snap).
type regionState struct {
	snap     []uint32 // each cell's options when worked out: candidates, or the placed digit
	allowed  []uint32 // each cell's digits in some filling
	combos   []uint32 // the digit sets of the fillings (distinct regions only)
	required uint32   // the digits every filling uses
	ok       bool     // some filling exists, and the search finished
}

// killerState is a solve's cache of region states, one per region, and
// the cage rungs' buffers: a Board's, made on first use (Board.killer).
type killerState struct {
	kg     *killerGeometry
	states []regionState
	search sums.Fillings       // the distinct regions' search
	repeat sums.RepeatFillings // the others'
	// scratch is a region's state under a clash, not kept; fill a house
	// segment's (killer_house.go).
	scratch, fill regionState
	// A house's segments and their search (killer_house.go).
	segs       []houseSegment
	hfit       sums.HouseFit
	opts       []uint32   // a segment's options
	outside    []uint32   // its cage's outside cells' options
	allowed    [][]uint32 // what the segments' cells keep, in allowedBuf
	allowedBuf [maxDigits][maxDigits]uint32
	houseSeen  [maxHouses]uint64 // each house's cells' options when it last found nothing, hashed (0: not yet)
}

// killer is the board's killer state, nil on a board without cages.
func (b *Board) killer() *killerState {
	if b.kil == nil && b.geo.killer != nil {
		b.kil = &killerState{kg: b.geo.killer, states: make([]regionState, len(b.geo.killer.regions))}
	}
	return b.kil
}

// forget empties the killer state's caches, as at the start of a solve.
func (ks *killerState) forget() {
	ks.houseSeen = [maxHouses]uint64{}
	for i := range ks.states {
		ks.states[i].snap = ks.states[i].snap[:0]
	}
}

// toSet is a digit set as engine/sums' searches (Fillings,
// RepeatFillings, HouseFit) take them, bit d-1 for digit d; fromSet is
// its inverse. The sums' chain rules (cagesums.go, cagehouses.go) and the
// cage rungs convert through them.
func toSet(ds Digits) uint32  { return uint32(ds) >> 1 }
func fromSet(x uint32) Digits { return Digits(x << 1) }

// sbit is digit d's bit in engine/sums' digit sets: bit d-1.
func sbit(d int) uint32 { return 1 << (d - 1) }

// sfirst is the smallest digit of a non-empty engine/sums digit set.
func sfirst(x uint32) int { return bits.TrailingZeros32(x) + 1 }

// cands is cell c's candidates as an engine/sums digit set.
func (b *Board) cands(c int) uint32 { return toSet(b.Cand[c]) }

// options are cell c's possible digits as an engine/sums digit set:
// its candidates, or its digit.
func (b *Board) options(c int) uint32 {
	if v := b.Cells[c]; v != 0 {
		return sbit(int(v))
	}
	return b.cands(c)
}

// state is region i's state on the board, worked out again if its cells'
// options changed.
func (ks *killerState) state(b *Board, i int) *regionState {
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
// up to sum (sums.AnySum: any total), by engine/sums' Fillings,
// which the chain engine's sums use too. keep, when not nil, keeps only
// the whole sets it accepts (a clash with another region rules the others
// out).
func (ks *killerState) fillDistinct(b *Board, st *regionState, sum int, keep func(uint32) bool) {
	st.allowed = append(st.allowed[:0], make([]uint32, len(st.snap))...)
	st.combos, _ = ks.search.Search(b.geo.n, st.snap, sum, keep, st.allowed, st.combos[:0])
	st.required = toSet(b.geo.all)
	for _, m := range st.combos {
		st.required &= m
	}
	st.ok = len(st.combos) > 0
}

// fillRepeat works out st for cells of r that need not all differ, by
// engine/sums' search cell by cell (which the chain engine's sums
// use too): peers differ, and the digits add up to r.sum.
func (ks *killerState) fillRepeat(b *Board, st *regionState, r *killerRegion) {
	st.allowed = append(st.allowed[:0], make([]uint32, len(r.cells))...)
	st.combos, st.required = st.combos[:0], toSet(b.geo.all)
	required, ok, _ := ks.repeat.Search(st.snap, r.minusBits, r.apart, r.sum, sums.RepeatBudget, st.allowed)
	if st.ok = ok; ok {
		st.required = required
	}
}

// allDigits is the digits the region's cells can hold, together.
func (rs *regionState) allDigits() uint32 {
	var all uint32
	for _, x := range rs.allowed {
		all |= x
	}
	return all
}

// restrict is the removals that cut region r's cells to what st allows.
func (b *Board) restrict(r *killerRegion, st *regionState) []Candidate {
	var rs []Candidate
	for k, c := range r.cells {
		for x := b.cands(c) &^ st.allowed[k]; x != 0; x &= x - 1 {
			rs = append(rs, Candidate{c, sfirst(x)})
		}
	}
	return rs
}

// stepDigits are the digits of the removals, as a Step holds them.
func stepDigits(rs []Candidate) Digits {
	var ds Digits
	for _, x := range rs {
		ds |= digitBit(x.Digit)
	}
	return ds
}

// The cage rungs' words: digits in figures (or a book's labels), sets of
// them run together, sums and combinations as a person writes them.

// sym names digit d: its figure, or its label.
func (say hinter) sym(d int) string {
	if say.labels != nil {
		return say.labels[d-1]
	}
	return strconv.Itoa(d)
}

// syms writes an engine/sums digit set in increasing order: run
// together ("589"), or with commas between labels of two characters
// ("5,10,12").
func (say hinter) syms(x uint32) string {
	sep := say.symSep()
	var sb strings.Builder
	for ; x != 0; x &= x - 1 {
		if sb.Len() > 0 {
			sb.WriteString(sep)
		}
		sb.WriteString(say.sym(sfirst(x)))
	}
	return sb.String()
}

// symSep is what goes between two digits run together: nothing, or a
// comma when some label has two characters.
func (say hinter) symSep() string {
	for _, l := range say.labels {
		if len(l) > 1 {
			return ","
		}
	}
	return ""
}

// removals describes eliminations compactly, a cell's together in the
// order the cells first come: "r1c2<>5, r3c4<>589" (a cage's
// combinations take several digits from each of its cells).
func (say hinter) removals(rs []Candidate) string {
	sep := say.symSep()
	var cells []int
	took := map[int]string{}
	for _, r := range rs {
		if _, ok := took[r.Cell]; !ok {
			cells = append(cells, r.Cell)
		}
		if took[r.Cell] != "" {
			took[r.Cell] += sep
		}
		took[r.Cell] += say.sym(r.Digit)
	}
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = cellName(c) + "<>" + took[c]
	}
	return strings.Join(parts, ", ")
}

// comboText writes digit sets as sums: "1+2+4 or 1+3+5"; "" for more
// than maxComboText.
func (say hinter) comboText(combos []uint32) string {
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
			ds = append(ds, say.sym(sfirst(x)))
		}
		parts[i] = strings.Join(ds, "+")
	}
	return strings.Join(parts, " "+say.w("or")+" ")
}

// maxComboText is the most combinations comboText writes out.
const maxComboText = 4
