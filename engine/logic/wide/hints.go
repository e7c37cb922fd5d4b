// Code generated from engine/logic/hints.go by TestWideCopy -update. DO NOT EDIT.

package wide

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Hint is a nudge for a reader stuck in a puzzle: one step of its solve
// said in plain words. Its text names only the cells and digits of that
// step (its pattern, what it removes, what it places itself), so that it
// gives away nothing beyond the step it explains.
type Hint struct {
	Step      int // the step's index in the solve (Result.Steps)
	Technique Technique
	Text      string
	Givens    int // how many cells are filled when the hint applies
}

// isSingle reports whether t places a digit by looking at one house or
// one cell, the moves every reader makes unaided.
func isSingle(t Technique) bool { return t.Family() == Singles }

// hintSteps picks the indexes of the steps to explain, at most n, in
// solve order (see Hints). A step on the pattern of one already chosen
// is passed over: a direct hidden pair that leaves singles in two places
// is two steps of the solve, but once the first hint has shown the pair,
// the second single is only a single.
func hintSteps(steps []Step, n int) []int {
	var out []int
	for i := range steps {
		s := &steps[i]
		if isSingle(s.Technique) || s.Technique == Guess || len(out) == n {
			continue
		}
		if !slices.ContainsFunc(out, func(j int) bool { return samePattern(&steps[j], s) }) {
			out = append(out, i)
		}
	}
	if len(out) > 0 {
		return out
	}
	for _, t := range []Technique{NakedSingle, HiddenSingleLine, HiddenSingleBox, LastValue} {
		for i, s := range steps {
			if s.Technique == t && len(out) < n {
				out = append(out, i)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// samePattern reports whether two steps use the same technique on the
// same cells and digits.
func samePattern(a, b *Step) bool {
	return a.Technique == b.Technique && a.Digits == b.Digits && slices.Equal(a.Cells, b.Cells)
}

// describe says step s, taken on board b, in plain words: as its
// technique's hint says it, or failing that plainly from its data.
func (say hinter) describe(b *Board, s *Step) string {
	if s.words != nil {
		say.geo = b.geo
		return s.words(say)
	}
	if text := say.techniqueHint(b, s); text != "" {
		return text
	}
	return say.genericHint(s)
}

// techniqueHint says step s as its technique's hint does, or "" when the
// step's data is not the shape the hint expects.
func (say hinter) techniqueHint(b *Board, s *Step) string {
	say.geo = b.geo
	var text string
	switch s.Technique {
	case LastValue:
		text = say.lastValueHint(b, s)
	case HiddenSingleBox, HiddenSingleLine:
		text = say.hiddenSingleHint(b, s)
	case NakedSingle:
		text = say.nakedSingleHint(s)
	case DirectPointing, DirectClaiming:
		text = say.directLockingHint(b, s)
	case DirectHiddenPair, DirectHiddenTriple:
		text = say.directHiddenHint(b, s)
	case Pointing, Claiming:
		text = say.lockingHint(b, s)
	case NakedPair, NakedTriple, NakedQuad:
		text = say.nakedSubsetHint(b, s)
	case HiddenPair, HiddenTriple, HiddenQuad:
		text = say.hiddenSubsetHint(b, s)
	case XWing, Swordfish, Jellyfish:
		text = say.fishHint(b, s)
	case Skyscraper, TwoStringKite, TurbotFish:
		text = say.turbotHint(b, s)
	case XYWing, XYZWing:
		text = say.wingHint(b, s)
	case UniqueRectangle1, UniqueRectangle2, UniqueRectangle3, UniqueRectangle4:
		text = say.rectangleHint(b, s)
	case UniqueLoop:
		text = say.loopHintText(s)
	case StrongLinks:
		text = say.strongLinksHint(b, s)
	case WXYZWing, VWXYZWing, UVWXYZWing:
		text = say.bentSetHint(s)
	case BUG1, BUG2, BUG3, BUG4:
		text = say.bugHint(s)
	case AlignedPairExclusion, AlignedTripletExclusion:
		text = say.pairExclusionHint(s)
	case XCycle, YCycle, XYCycle:
		text = say.cycleHint(s)
	case XChain, WWing, XYChain, AIC:
		text = say.chainHint(b, s)
	case Nishio, CellForcing, RegionForcing, DynamicForcing, DynamicForcingPlus, NestedForcing:
		text = say.forcingChainsHint(b, s)
	}
	return text
}

// hintNames are the techniques as the hints name them: no figures, which
// a reader could take for digits.
var hintNames = map[Technique]string{
	Pointing: "pointing", Claiming: "claiming",
	NakedPair: "a naked pair", NakedTriple: "a naked triple", NakedQuad: "a naked quad",
	HiddenPair: "a hidden pair", HiddenTriple: "a hidden triple", HiddenQuad: "a hidden quad",
	DirectHiddenPair: "a hidden pair", DirectHiddenTriple: "a hidden triple",
	XWing: "an X-wing", Swordfish: "a swordfish", Jellyfish: "a jellyfish",
	Skyscraper: "a skyscraper", TwoStringKite: "a two-string kite", TurbotFish: "a turbot fish",
	XYWing: "an XY-wing", XYZWing: "an XYZ-wing", WXYZWing: "a WXYZ-wing", VWXYZWing: "a VWXYZ-wing", UVWXYZWing: "a UVWXYZ-wing",
	XCycle: "an X-cycle", YCycle: "a Y-cycle", XYCycle: "a loop of mixed links",
	XChain: "an X-chain", WWing: "a W-wing", XYChain: "an XY-chain", AIC: "a forcing chain",
	Nishio: "a Nishio forcing chain", CellForcing: "cell forcing chains", RegionForcing: "region forcing chains",
	DynamicForcing: "dynamic forcing chains", DynamicForcingPlus: "dynamic forcing chains that also use pairs and x-wings",
	NestedForcing: "nested forcing chains",
}

// killerChainNames name the dynamic chains on a killer, whose runs follow
// the cages' sums, and in the plus each house's cages fitted together.
var killerChainNames = map[Technique]string{
	DynamicForcing:     "dynamic forcing chains, through the cages' sums",
	DynamicForcingPlus: "dynamic forcing chains that also use pairs, x-wings and the cages of each house fitted together",
}

// Phrasebook gives a hint's phrases in a language. Each phrase is a fmt
// format in English, its key; a translation keeps its verbs and may take
// its arguments in another order with explicit indexes (%[2]s). Phrase
// returns the English one for a phrase it lacks.
type Phrasebook interface {
	Phrase(english string) string
}

// english is the phrasebook of the English hints.
type english struct{}

func (english) Phrase(s string) string { return s }

// hinter says hints in a phrasebook's language.
type hinter struct {
	pb Phrasebook
	// geo is the board's geometry, whose houses the hint names: set by
	// techniqueHint for the hint it says.
	geo *geometry
	// labels, when not nil, are the digits' names, labels[d-1] for
	// digit d: a 16x16's "A" to "G" or a book's "10" to "16".
	labels []string
}

// d is digit x as a phrase's %d argument: x itself, or its label when
// the hinter has labels (a label prints as itself under %d).
func (say hinter) d(x int) any {
	if say.labels == nil {
		return x
	}
	return label(say.labels[x-1])
}

// label is a digit's name, printed as itself whatever the verb.
type label string

func (l label) Format(f fmt.State, _ rune) { io.WriteString(f, string(l)) }

// f formats a phrase, in the language.
func (say hinter) f(format string, args ...any) string {
	return fmt.Sprintf(say.pb.Phrase(format), args...)
}

// w is a word or a phrase without arguments, in the language.
func (say hinter) w(s string) string { return say.pb.Phrase(s) }

// name is the technique as the hints name it.
func (say hinter) name(t Technique) string { return say.w(hintNames[t]) }

// Lists as a sentence says them.

var numberWords = [...]string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
	"ten", "eleven", "twelve"}

// count says n in words (figures could be taken for digits).
func (say hinter) count(n int) string {
	if n >= 0 && n < len(numberWords) {
		return say.w(numberWords[n])
	}
	return say.w("many")
}

// andList joins items as "a", "a and b", "a, b and c" (conj, "and" or
// "or", in the language).
func (say hinter) andList(items []string, conj string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + say.w(conj) + " " + items[len(items)-1]
}

func (say hinter) cellList(cells []int) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = cellName(c)
	}
	return say.andList(names, "and")
}

func (say hinter) digitList(ds Digits, conj string) string {
	var items []string
	for _, d := range ds.List() {
		items = append(items, fmt.Sprint(say.d(d)))
	}
	return say.andList(items, conj)
}

// house names a house: "row 3", "column 5", "box 9"; on a gattai's
// sheet "row 3 of grid 2".
func (say hinter) house(h int) string {
	if l := say.geo.labels[h]; l.grid > 0 {
		return say.f([numGroups]string{gRow: "row %d of grid %d", gCol: "column %d of grid %d", gRegion: "box %d of grid %d"}[say.geo.group[h]], l.num, l.grid)
	}
	if n := say.geo.n; h < 3*n {
		return say.f([3]string{"row %d", "column %d", say.geo.regionName}[h/n], h%n+1)
	}
	return say.geo.names[h]
}

// houseList names houses, sharing their kind: "rows 2 and 6", "column 3".
func (say hinter) houseList(hs []int) string {
	if len(hs) == 0 {
		return ""
	}
	n := say.geo.n
	if len(hs) == 1 || hs[0] >= 3*n || hs[0] >= 2*n && say.geo.regionName != "box %d" || say.geo.labels[hs[0]].grid > 0 {
		var names []string
		for _, h := range hs {
			names = append(names, say.house(h))
		}
		return say.andList(names, "and")
	}
	var nums []string
	for _, x := range hs {
		nums = append(nums, fmt.Sprint(x%n+1))
	}
	return say.f([3]string{"rows %s", "columns %s", "boxes %s"}[hs[0]/n], say.andList(nums, "and"))
}

// shortCells names the cells of a chain or loop, at most five of them:
// longer ones name their first three and count the rest.
func (say hinter) shortCells(cells []int) string {
	if len(cells) <= 5 {
		return say.cellList(cells)
	}
	return say.f("%s, %s, %s and %s more cells", cellName(cells[0]), cellName(cells[1]), cellName(cells[2]), say.count(len(cells)-3))
}

// removeText says the eliminations: "remove 1 and 5 from r4c2, and 5
// from r4c8". Cells losing the same digits are named together.
func (say hinter) removeText(rs []Candidate) string {
	if len(rs) == 0 {
		return ""
	}
	var cells []int
	lost := map[int]Digits{}
	for _, r := range rs {
		if _, ok := lost[r.Cell]; !ok {
			cells = append(cells, r.Cell)
		}
		lost[r.Cell] |= digitBit(r.Digit)
	}
	var sets []Digits
	group := map[Digits][]int{}
	for _, c := range cells {
		ds := lost[c]
		if _, ok := group[ds]; !ok {
			sets = append(sets, ds)
		}
		group[ds] = append(group[ds], c)
	}
	parts := make([]string, len(sets))
	for i, ds := range sets {
		parts[i] = say.f("%s from %s", say.digitList(ds, "and"), say.cellList(group[ds]))
	}
	if len(parts) > 1 {
		return say.f("remove %s, and %s", strings.Join(parts[:len(parts)-1], ", "), parts[len(parts)-1])
	}
	return say.f("remove %s", parts[0])
}

// outcome says what the step does: its placement, else its eliminations.
func (say hinter) outcome(s *Step) string {
	if len(s.Place) > 0 {
		return say.f("place %d in %s", say.d(s.Place[0].Digit), cellName(s.Place[0].Cell))
	}
	if len(s.Remove) > 0 {
		return say.removeText(s.Remove)
	}
	return ""
}

// sentence starts text with a capital and ends it with a full stop.
func sentence(text string) string {
	if text == "" {
		return ""
	}
	text = Capital(text)
	if !strings.HasSuffix(text, ".") {
		text += "."
	}
	return text
}

// Capital starts s with a capital letter, as a step text begins.
func Capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || unicode.IsUpper(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// housesOf lists the houses holding every one of cells, in Sudoku
// Explainer's order (box, column, row): the order the solver looks in.
func (geo *geometry) housesOf(cells []int) []int {
	var out []int
	for i := range geo.nf {
		k := i // the box (region), the column, the row, then the extras
		if i < 3 {
			k = 2 - i
		}
		h := geo.houseOf[cells[0]][k]
		if h < 0 {
			continue
		}
		all := true
		for _, c := range cells[1:] {
			all = all && geo.houseOf[c][k] == h
		}
		if all {
			out = append(out, h)
		}
	}
	return out
}

// aDigit is a digit with its article: "a 7", "an 8".
func (say hinter) aDigit(d int) string {
	name := fmt.Sprint(say.d(d))
	if strings.ContainsRune("8AEFHILMNORSX", rune(name[0])) || name == "11" || name == "18" {
		return say.f("an %d", say.d(d))
	}
	return say.f("a %d", say.d(d))
}

// cellDigits says a cell's candidates on board b: "3 or 9".
func (say hinter) cellDigits(b *Board, c int) string { return say.digitList(b.Cand[c], "or") }

// The singles.

func (say hinter) lastValueHint(b *Board, s *Step) string {
	p := s.Place[0]
	for _, h := range b.geo.housesOf([]int{p.Cell}) {
		if b.emptyCells(h) == 1 {
			return sentence(say.f("%s has one empty cell left, %s, and one digit missing: place %d in %s",
				say.house(h), cellName(p.Cell), say.d(p.Digit), cellName(p.Cell)))
		}
	}
	return ""
}

func (say hinter) hiddenSingleHint(b *Board, s *Step) string {
	p := s.Place[0]
	for _, h := range b.geo.housesOf([]int{p.Cell}) {
		if (s.Technique == HiddenSingleBox) != b.geo.boxLike(h) {
			continue
		}
		if pos := b.positions(h, p.Digit); pos&(pos-1) == 0 {
			d := say.d(p.Digit)
			return sentence(say.f("in %s, the digit %d has only one place left, %s: every other cell of the %s is filled, sees %s or has had %d ruled out. Place %d in %s",
				say.house(h), d, cellName(p.Cell), say.kind(h), say.aDigit(p.Digit), d, d, cellName(p.Cell)))
		}
	}
	return ""
}

func (say hinter) nakedSingleHint(s *Step) string {
	p := s.Place[0]
	return sentence(say.f("cell %s has only one candidate left: every other digit is already in its row, column or box, or has been ruled out. Place %d in %s",
		cellName(p.Cell), say.d(p.Digit), cellName(p.Cell)))
}

// boxLike reports whether house h rates as a box: a region, or an extra
// house like windoku's windows.
func (geo *geometry) boxLike(h int) bool { return geo.group[h] == gRegion || geo.group[h] == gBoxExtra }

// kind is the word for house h's kind, as "every other cell of the %s"
// takes it: "row", "column", "box", "region", "window", "diagonal".
func (say hinter) kind(h int) string {
	switch say.geo.group[h] {
	case gRow:
		return say.w("row")
	case gCol:
		return say.w("column")
	case gBoxExtra:
		return say.w("window")
	case gLineExtra:
		return say.w("diagonal")
	}
	if say.geo.regionName != "box %d" {
		return say.w("region")
	}
	return say.w("box")
}

// Intersections.

// lockingHouses finds, for a digit's cells confined to one house of
// another kind, the house they are taken from (from) and the one they
// lock (to): pointing from a box-like house (a box, a window), claiming
// from a line-like one (a row, a column, a diagonal). The other house
// holds the cells that lose the digit (removed), or, for a direct step
// (removed nil), crosses the house of the single it leaves (in).
func (geo *geometry) lockingHouses(cells, removed []int, claiming bool, in int) (from, to int) {
	hs := geo.housesOf(cells)
	for _, t := range hs {
		if removed != nil && !geo.holdsAll(t, removed) || removed == nil && (in < 0 || geo.crossMask[in][t] == 0) {
			continue
		}
		for _, f := range hs {
			if f != t && geo.boxLike(f) != claiming && (in < 0 || geo.group[f] == geo.group[in]) {
				return f, t
			}
		}
	}
	return -1, -1
}

// holdsAll reports whether house h holds every one of cells.
func (geo *geometry) holdsAll(h int, cells []int) bool {
	for _, c := range cells {
		if !geo.houseCells[h].has(c) {
			return false
		}
	}
	return true
}

func (say hinter) lockingHint(b *Board, s *Step) string {
	d := say.d(s.Digits.First())
	var removed []int
	for _, r := range s.Remove {
		removed = append(removed, r.Cell)
	}
	from, to := b.geo.lockingHouses(s.Cells, removed, s.Technique == Claiming, -1)
	if from < 0 {
		return ""
	}
	return sentence(say.f("in %s, the %ds all lie in %s (%s: %s), so no other cell of %s can be %d: %s",
		say.house(from), d, say.house(to), say.name(s.Technique), say.cellList(s.Cells), say.house(to), d, say.removeText(s.Remove)))
}

func (say hinter) directLockingHint(b *Board, s *Step) string {
	d := say.d(s.Digits.First())
	claiming := s.Technique == DirectClaiming
	if len(s.Place) == 0 {
		return ""
	}
	p := s.Place[0]
	// The house the single is in is of the same group as from (another
	// box for pointing, another line for claiming): the one of p's
	// houses that crosses to.
	from, to, single := -1, -1, -1
	for _, h := range b.geo.housesOf([]int{p.Cell}) {
		if b.geo.boxLike(h) == claiming {
			continue
		}
		if f, t := b.geo.lockingHouses(s.Cells, nil, claiming, h); f >= 0 && b.geo.group[f] == b.geo.group[h] {
			from, to, single = f, t, h
			break
		}
	}
	if from < 0 {
		return ""
	}
	name := say.w("pointing")
	if claiming {
		name = say.w("claiming")
	}
	return sentence(say.f("in %s, the %ds all lie in %s (%s: %s), so no other cell of %s can be %d. That leaves %d only one place in %s: place %d in %s",
		say.house(from), d, say.house(to), name, say.cellList(s.Cells), say.house(to), d, d, say.house(single), d, cellName(p.Cell)))
}

// Subsets.

// confines reports whether, on b, the digits ds lie in house h only
// within cells.
func (b *Board) confines(h int, ds Digits, cells []int) bool {
	var in uint16
	for _, c := range cells {
		for k := 0; k < b.geo.nf; k++ {
			if b.geo.houseOf[c][k] == h {
				in |= 1 << b.geo.houseIndex[c][k]
			}
		}
	}
	for _, d := range ds.List() {
		if b.positions(h, d)&^in != 0 {
			return false
		}
	}
	return true
}

func (say hinter) hiddenSubsetHint(b *Board, s *Step) string {
	for _, h := range b.geo.housesOf(s.Cells) {
		if !b.confines(h, s.Digits, s.Cells) {
			continue
		}
		n := len(s.Cells)
		those := say.f("those %s cells", say.count(n))
		return sentence(say.f("in %s, the digits %s can only go in %s (%s), so %s hold nothing else: %s",
			say.house(h), say.digitList(s.Digits, "and"), say.cellList(s.Cells), say.name(s.Technique), those, say.removeText(s.Remove)))
	}
	return ""
}

func (say hinter) directHiddenHint(b *Board, s *Step) string {
	if len(s.Place) == 0 {
		return ""
	}
	p := s.Place[0]
	for _, h := range b.geo.housesOf(s.Cells) {
		if !b.geo.houseCells[h].has(p.Cell) || !b.confines(h, s.Digits, s.Cells) {
			continue
		}
		return sentence(say.f("in %s, the digits %s can only go in %s (%s), so those %s cells hold nothing else. That leaves %d only one place in %s: place %d in %s",
			say.house(h), say.digitList(s.Digits, "and"), say.cellList(s.Cells), say.name(s.Technique), say.count(len(s.Cells)),
			say.d(p.Digit), say.house(h), say.d(p.Digit), cellName(p.Cell)))
	}
	return ""
}

func (say hinter) nakedSubsetHint(b *Board, s *Step) string {
	cells := append([]int(nil), s.Cells...)
	for _, r := range s.Remove {
		if !contains(cells, r.Cell) {
			cells = append(cells, r.Cell)
		}
	}
	hs := b.geo.housesOf(cells)
	if len(hs) == 0 {
		return ""
	}
	n := len(s.Cells)
	return sentence(say.f("in %s, %s hold only %s between them (%s). Those %s digits must go in those %s cells, so no other cell of %s can hold them: %s",
		say.house(hs[0]), say.cellList(s.Cells), say.digitList(s.Digits, "and"), say.name(s.Technique), say.count(n), say.count(n),
		say.house(hs[0]), say.removeText(s.Remove)))
}

// Fish.

func (say hinter) fishHint(b *Board, s *Step) string {
	d := say.d(s.Digits.First())
	n := 2 // an x-wing
	switch s.Technique {
	case Swordfish:
		n = 3
	case Jellyfish:
		n = 4
	}
	base, cover, ok := b.geo.fishHouses(s, n)
	if !ok {
		return ""
	}
	if b.geo.family[base[0]] > 1 || b.geo.family[cover[0]] > 1 {
		covers := say.houseList(cover)
		return sentence(say.f("in %s, the %ds lie only in %s (%s: %s). Between them, %s hold only %s %ds, and those must be these, so no other cell of %s can be %d: %s",
			say.houseList(base), d, covers, say.name(s.Technique), say.cellList(s.Cells), covers, say.count(n), d, covers, d, say.removeText(s.Remove)))
	}
	return sentence(say.f("in %s, the %ds lie only in %s (%s: %s). Each of those %s %s takes its %d from these %s, so no other cell of them can be %d: %s",
		say.houseList(base), d, say.houseList(cover), say.name(s.Technique), say.cellList(s.Cells), say.count(n), say.lineWord(cover, n), d,
		say.lineWord(base, n), d, say.removeText(s.Remove)))
}

// lineWord is "rows" or "columns" for a list of n lines.
func (say hinter) lineWord(lines []int, n int) string {
	col := say.geo.group[lines[0]] == gCol
	switch {
	case col && n != 1:
		return say.w("columns")
	case col:
		return say.w("column")
	case n != 1:
		return say.w("rows")
	}
	return say.w("row")
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// Strong links.

// linkHouse is a house the two cells share where, on b, d has only
// those two places (lines first), or -1.
func (b *Board) linkHouse(x, y, d int) int {
	for _, h := range b.geo.houseOf[x][:b.geo.nf] {
		if h >= 0 && b.geo.houseCells[h].has(y) && popcount16(b.positions(h, d)) == 2 {
			return h
		}
	}
	return -1
}

// seeBoth reports whether every removal's cell sees both a and b.
func (geo *geometry) seeBoth(rs []Candidate, a, b int) bool {
	for _, r := range rs {
		if !geo.isPeer[r.Cell][a] || !geo.isPeer[r.Cell][b] {
			return false
		}
	}
	return true
}

func (say hinter) turbotHint(b *Board, s *Step) string {
	if len(s.Cells) != 4 {
		return ""
	}
	d := s.Digits.First()
	start, bridge1, bridge2, end := s.Cells[0], s.Cells[1], s.Cells[2], s.Cells[3]
	h1 := b.linkHouse(start, bridge1, d)
	if h1 < 0 {
		return ""
	}
	h2 := b.linkHouse(bridge2, end, d)
	share := b.geo.sharedHouse(bridge1, bridge2)
	if h2 < 0 || share < 0 || !b.geo.seeBoth(s.Remove, start, end) {
		return "" // grouped, or a loop
	}
	return sentence(say.f("the %ds of %s are only in %s and %s, and those of %s only in %s and %s (%s). Since %s and %s share %s, they are not both %d: %s or %s is %d, and no cell that sees both can be %d: %s",
		d, say.house(h1), cellName(start), cellName(bridge1), say.house(h2), cellName(bridge2), cellName(end), say.name(s.Technique),
		cellName(bridge1), cellName(bridge2), say.house(share), d, cellName(start), cellName(end), d, d, say.removeText(s.Remove)))
}

func (say hinter) strongLinksHint(b *Board, s *Step) string {
	d := s.Digits.First()
	if len(s.Cells)%2 != 0 || len(s.Cells) < 4 {
		return ""
	}
	var links []string
	for i := 0; i < len(s.Cells); i += 2 {
		h := b.linkHouse(s.Cells[i], s.Cells[i+1], d)
		if h < 0 {
			return ""
		}
		links = append(links, say.f("in %s only %s and %s", say.house(h), cellName(s.Cells[i]), cellName(s.Cells[i+1])))
	}
	first, last := s.Cells[0], s.Cells[len(s.Cells)-1]
	if !b.geo.seeBoth(s.Remove, first, last) {
		return "" // a loop
	}
	joined := say.f("%s; and %s", strings.Join(links[:len(links)-1], "; "), links[len(links)-1])
	return sentence(say.f("the %ds make a chain of %s strong links: %s. Each link joins the next at cells that see each other, so one end of the chain, %s or %s, is %d, and no cell that sees both can be %d: %s",
		d, say.count(len(links)), joined, cellName(first), cellName(last), d, d, say.removeText(s.Remove)))
}

// Wings.

func (say hinter) wingHint(b *Board, s *Step) string {
	if len(s.Cells) != 3 || len(s.Remove) == 0 {
		return ""
	}
	pivot, p1, p2 := s.Cells[0], s.Cells[1], s.Cells[2]
	z := say.d(s.Remove[0].Digit)
	if s.Technique == XYWing {
		return sentence(say.f("cell %s holds only %s and sees %s (%s) and %s (%s) (%s). Whichever digit %s takes, %s or %s becomes %d, so no cell that sees both can be %d: %s",
			cellName(pivot), say.cellDigits(b, pivot), cellName(p1), say.cellDigits(b, p1), cellName(p2), say.cellDigits(b, p2), say.name(s.Technique),
			cellName(pivot), cellName(p1), cellName(p2), z, z, say.removeText(s.Remove)))
	}
	return sentence(say.f("cell %s holds only %s and sees %s (%s) and %s (%s) (%s). The three cannot all miss %d, so no cell that sees all three can be %d: %s",
		cellName(pivot), say.cellDigits(b, pivot), cellName(p1), say.cellDigits(b, p1), cellName(p2), say.cellDigits(b, p2), say.name(s.Technique),
		z, z, say.removeText(s.Remove)))
}

func (say hinter) bentSetHint(s *Step) string {
	if len(s.Cells) < 2 {
		return ""
	}
	n := len(s.Cells)
	return sentence(say.f("cell %s and the cells it sees, %s, hold only %s between them (%s): %s cells for %s digits, and every digit but one lies in cells that all see each other. So the cells that see every place of that digit in the set cannot hold it: %s",
		cellName(s.Cells[0]), say.cellList(s.Cells[1:]), say.digitList(s.Digits, "and"), say.name(s.Technique), say.count(n), say.count(s.Digits.Count()),
		say.removeText(s.Remove)))
}

// Uniqueness.

func (say hinter) rectangleHint(b *Board, s *Step) string {
	if len(s.Cells) != 4 || s.Digits.Count() != 2 {
		return ""
	}
	pair := say.digitList(s.Digits, "and")
	corners := say.cellList(s.Cells)
	why := say.f("the cells %s lie in two rows, two columns and two boxes (a unique rectangle): if every corner held only %s, the two digits could swap round the rectangle and the puzzle would have two solutions", corners, pair)
	if say.geo.regionName != "box %d" { // a jigsaw's regions
		why = say.f("the cells %s lie in two rows, two columns and two regions (a unique rectangle): if every corner held only %s, the two digits could swap round the rectangle and the puzzle would have two solutions", corners, pair)
	}
	var roof []int // the corners with more than the pair
	for _, c := range s.Cells {
		if b.Cand[c] != s.Digits {
			roof = append(roof, c)
		}
	}
	switch s.Technique {
	case UniqueRectangle1:
		if len(roof) != 1 {
			return ""
		}
		return sentence(say.f("%s. Three corners hold only %s, so the fourth, %s, cannot be either: %s", why, pair, cellName(roof[0]), say.removeText(s.Remove)))
	case UniqueRectangle2:
		if len(roof) != 2 || len(s.Remove) == 0 {
			return ""
		}
		x := s.Remove[0].Digit
		return sentence(say.f("%s. Besides %s, %s and %s hold only %d, so one of them is %d, and no cell that sees both can be %d: %s",
			why, pair, cellName(roof[0]), cellName(roof[1]), x, x, x, say.removeText(s.Remove)))
	case UniqueRectangle3:
		if len(roof) != 2 {
			return ""
		}
		return sentence(say.f("%s. So one of the other digits of %s and %s is true: together they act as one cell holding them, which makes a naked set (or, with the pair, a hidden set) with other cells of the house they share: %s",
			why, cellName(roof[0]), cellName(roof[1]), say.removeText(s.Remove)))
	case UniqueRectangle4:
		if len(roof) != 2 || len(s.Remove) == 0 {
			return ""
		}
		other := s.Remove[0].Digit
		d := (s.Digits &^ digitBit(other)).First()
		for _, h := range b.geo.housesOf(roof) {
			if popcount16(b.positions(h, d)) == 2 {
				return sentence(say.f("%s. In %s, %d can only go in %s and %s, so one of them is %d; %d in the other would complete the swap: %s",
					why, say.house(h), d, cellName(roof[0]), cellName(roof[1]), d, other, say.removeText(s.Remove)))
			}
		}
	}
	return ""
}

func (say hinter) bugHint(s *Step) string {
	if s.Technique == BUG1 && len(s.Cells) == 1 && len(s.Place) > 0 {
		p := s.Place[0]
		return sentence(say.f("every empty cell but %s has exactly two candidates, and every digit has two places in each house that lacks it (a bivalue universal grave). Such a grid would have two solutions, so %s must take the digit that spoils it: place %d in %s",
			cellName(s.Cells[0]), cellName(p.Cell), say.d(p.Digit), cellName(p.Cell)))
	}
	switch s.Technique {
	case BUG3:
		return sentence(say.f("every empty cell but %s has exactly two candidates, and every digit has two places in each house that lacks it (a bivalue universal grave). Such a grid would have two solutions; one of their extra candidates is true, so together they act as one cell holding them, which makes a naked set of %s with other cells of the house they share: %s",
			say.cellList(s.Cells), say.digitList(s.Digits, "and"), say.removeText(s.Remove)))
	case BUG4:
		return sentence(say.f("every empty cell but %s has exactly two candidates, and every digit has two places in each house that lacks it (a bivalue universal grave). Such a grid would have two solutions; one of them takes its extra candidate, and the other then takes the digit the two share in their house: neither keeps its third digit: %s",
			say.cellList(s.Cells), say.removeText(s.Remove)))
	}
	d := say.d(s.Digits.First())
	return sentence(say.f("every empty cell but %s has exactly two candidates, and every digit has two places in each house that lacks it (a bivalue universal grave). Such a grid would have two solutions; the extra candidate of each of them is %d, so one of them is %d, and no cell that sees them all can be %d: %s",
		say.cellList(s.Cells), d, d, d, say.removeText(s.Remove)))
}

// loopHintText explains a unique loop: a rectangle's reasoning round a
// longer loop.
func (say hinter) loopHintText(s *Step) string {
	if len(s.Cells) < 6 || s.Digits.Count() != 2 {
		return ""
	}
	return sentence(say.f("the cells %s make a loop, each sharing a house with the next, every house it passes through holding two of them (a unique loop): if every cell held only %s, the two digits could swap all round the loop and the puzzle would have two solutions. So the cells with more must keep one of their other digits: %s",
		say.cellList(s.Cells), say.digitList(s.Digits, "and"), say.removeText(s.Remove)))
}

func (say hinter) pairExclusionHint(s *Step) string {
	if s.Technique == AlignedTripletExclusion && len(s.Cells) >= 5 {
		return sentence(say.f("try the values %s could take together (aligned triplet exclusion). A combination is impossible if it repeats a digit in a house two of them share, or if it takes every candidate of %s, cells with two or three candidates all three see. No possible combination leaves this: %s",
			say.cellList(s.Cells[:3]), say.cellList(s.Cells[3:]), say.removeText(s.Remove)))
	}
	if len(s.Cells) < 4 {
		return ""
	}
	return sentence(say.f("try the values %s and %s could take together (aligned pair exclusion). A pair is impossible if it repeats a digit in a house they share, or if it takes both candidates of %s, two-candidate cells they both see. No possible pair leaves this: %s",
		cellName(s.Cells[0]), cellName(s.Cells[1]), say.cellList(s.Cells[2:]), say.removeText(s.Remove)))
}

// Chains.

func (say hinter) cycleHint(s *Step) string {
	what := say.w("a loop of links")
	if s.Technique == XCycle && s.Digits.Count() == 1 {
		what = say.f("a loop of links on %d", say.d(s.Digits.First()))
	}
	return sentence(say.f("the cells %s form %s (%s): each link is a cell with two candidates or a digit with two places in a house. Going round, true and false alternate, whichever way it starts, so a candidate that sees both a true and a false end of a link goes: %s",
		say.shortCells(s.Cells), what, say.name(s.Technique), say.removeText(s.Remove)))
}

func (say hinter) chainHint(b *Board, s *Step) string {
	var c, d int
	var placing bool
	switch {
	case len(s.Place) > 0:
		c, d, placing = s.Place[0].Cell, s.Place[0].Digit, true
	case len(s.Remove) == 1:
		c, d = s.Remove[0].Cell, s.Remove[0].Digit
	default:
		return ""
	}
	if s.Technique == WWing && !placing {
		if text := say.wWingHint(b, s, c, d); text != "" {
			return text
		}
	}
	var through []int
	for _, x := range s.Cells {
		if x != c {
			through = append(through, x)
		}
	}
	how := say.w("follow what it forces")
	switch s.Technique {
	case XChain:
		how = say.f("follow what it forces among the %ds", say.d(d))
	case XYChain:
		how = say.w("follow the cells with two candidates, each forcing the next")
	}
	path := ""
	if len(through) > 0 {
		path = say.f(" through %s", say.shortCells(through))
	}
	if placing {
		return sentence(say.f("start at %s: suppose it were not %d, and %s (%s%s). It ends by putting %d back in %s, so %s is %d: %s",
			cellName(c), say.d(d), how, say.name(s.Technique), path, say.d(d), cellName(c), cellName(c), say.d(d), say.outcome(s)))
	}
	return sentence(say.f("start at %s: suppose it were %d, and %s (%s%s). It ends by ruling %d out of %s itself, so %s cannot be %d: %s",
		cellName(c), say.d(d), how, say.name(s.Technique), path, say.d(d), cellName(c), cellName(c), say.d(d), say.outcome(s)))
}

// wWingHint says a W-wing: X, A, P, Q, B (see isWWing): A and B hold
// the same two digits, P and Q are the only places of the other digit in
// a house, P sees A and Q sees B; X, seeing A and B, loses the digit d.
func (say hinter) wWingHint(b *Board, s *Step, x, d int) string {
	if len(s.Cells) != 5 || s.Cells[0] != x {
		return ""
	}
	A, P, Q, B := s.Cells[1], s.Cells[2], s.Cells[3], s.Cells[4]
	if b.Cand[A] != b.Cand[B] || b.Cand[A].Count() != 2 || !b.Cand[A].Has(d) {
		return ""
	}
	e := (b.Cand[A] &^ digitBit(d)).First()
	h := b.linkHouse(P, Q, e)
	if h < 0 {
		return ""
	}
	return sentence(say.f("cells %s and %s both hold only %d and %d, and in %s the %ds are only in %s and %s, which see them (a W-wing). So %s and %s cannot both be %d: one of them is %d, and %s, which sees both, cannot be %d: %s",
		cellName(A), cellName(B), say.d(min(d, e)), say.d(max(d, e)), say.house(h), say.d(e), cellName(P), cellName(Q),
		cellName(A), cellName(B), say.d(e), say.d(d), cellName(x), say.d(d), say.removeText(s.Remove)))
}

func (say hinter) forcingChainsHint(b *Board, s *Step) string {
	if len(s.Cells) == 0 {
		return ""
	}
	c, d := s.Cells[0], s.Digits.First()
	var note chainNote
	if s.chain != nil {
		note = *s.chain
		d = note.digit
	}
	verdict := say.f("%s cannot be %d", cellName(c), say.d(d))
	if len(s.Place) > 0 {
		verdict = say.f("%s is %d", cellName(c), say.d(d))
	}
	name, from := say.name(s.Technique), note.from
	if k, ok := killerChainNames[s.Technique]; ok && len(b.geo.sums) > 0 {
		name = say.w(k) // a killer's runs follow its cages too (cagesums.go, cagehouses.go)
	}
	if s.Technique == Nishio {
		suppose := say.f("%s were %d", cellName(c), say.d(d))
		if len(s.Place) > 0 {
			suppose = say.f("%s were not %d", cellName(c), say.d(d))
		}
		return sentence(say.f("suppose %s and follow only the %ds, placing them where they are forced (%s): it ends in a contradiction. So %s: %s",
			suppose, say.d(d), name, verdict, say.outcome(s)))
	}
	static := s.Technique == CellForcing || s.Technique == RegionForcing
	switch note.kind {
	case "contradiction":
		suppose := say.f("%s were %d", cellName(from.cell), say.d(from.digit))
		if from.what == fromOff {
			suppose = say.f("%s were not %d", cellName(from.cell), say.d(from.digit))
		}
		return sentence(say.f("suppose %s and follow everything it forces, eliminations on the way included (%s): it ends in a contradiction. So %s: %s",
			suppose, name, verdict, say.outcome(s)))
	case "double":
		return sentence(say.f("suppose first that %s, then that %s, and follow everything each forces, eliminations on the way included (%s): both lead to the same end. So %s: %s",
			say.f("%s were %d", cellName(from.cell), say.d(from.digit)), say.f("%s were not %d", cellName(from.cell), say.d(from.digit)), name, verdict, say.outcome(s)))
	case "cell":
		if static {
			return sentence(say.f("follow what each candidate of %s (%s) forces in turn (%s): every one of them leads to the same end. So %s: %s",
				cellName(from.cell), say.cellDigits(b, from.cell), name, verdict, say.outcome(s)))
		}
		return sentence(say.f("follow what each candidate of %s (%s) forces in turn, eliminations on the way included (%s): every one of them leads to the same end. So %s: %s",
			cellName(from.cell), say.cellDigits(b, from.cell), name, verdict, say.outcome(s)))
	case "region":
		if static {
			return sentence(say.f("follow what each place of %d in %s forces in turn (%s): every one of them leads to the same end. So %s: %s",
				say.d(from.digit), say.house(from.house), name, verdict, say.outcome(s)))
		}
		return sentence(say.f("follow what each place of %d in %s forces in turn, eliminations on the way included (%s): every one of them leads to the same end. So %s: %s",
			say.d(from.digit), say.house(from.house), name, verdict, say.outcome(s)))
	}
	return sentence(say.f("this one needs long chains (%s): assume a candidate, follow everything it forces, eliminations on the way included, and compare with the other choices. They show that %s: %s",
		name, verdict, say.outcome(s)))
}

// genericHint says any step plainly from its data.
func (say hinter) genericHint(s *Step) string {
	name := say.name(s.Technique)
	if name == "" {
		name = s.Technique.String()
	}
	what := ""
	if len(s.Cells) > 0 {
		what = say.f(" in %s", say.shortCells(s.Cells))
	}
	return sentence(say.f("look for %s%s: %s", name, what, say.outcome(s)))
}
