package logic

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pressrun/pressrun/engine"
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

// Hints returns up to n hints for the puzzle: the first steps of its
// solve past singles, where a reader who has done every single gets
// stuck, in solve order. A puzzle that singles alone solve gets its
// hardest singles instead: its naked singles, else its hidden singles in
// a row or column, else those in a box. Guesses (steps where no technique
// applies) get no hint. A puzzle without exactly one solution is refused
// with ErrNotUnique.
func Hints(g engine.Grid, n int) ([]Hint, error) { return HintsOn(g, n, nil) }

// HintsOn is Hints from the solve on the scale (nil: DefaultScale), whose
// techniques the steps are.
func HintsOn(g engine.Grid, n int, scale *Scale) ([]Hint, error) {
	if n <= 0 {
		return nil, nil
	}
	res, err := SolveWith(g, Options{Scale: scale})
	if err != nil {
		return nil, err
	}
	return hintsOf(g, res.Steps, n), nil
}

// hintsOf explains the chosen steps of a solve of g, replaying it to
// see each chosen step's position.
func hintsOf(g engine.Grid, steps []Step, n int) []Hint {
	chosen := hintSteps(steps, n)
	if len(chosen) == 0 {
		return nil
	}
	out := make([]Hint, 0, len(chosen))
	b := NewBoard(g)
	for i := range steps {
		if chosen[len(out)] == i {
			out = append(out, Hint{Step: i, Technique: steps[i].Technique, Text: describe(b, &steps[i]), Givens: 81 - b.Empty()})
			if len(out) == len(chosen) {
				break
			}
		}
		b.apply(&steps[i])
	}
	return out
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
func describe(b *Board, s *Step) string {
	if text := techniqueHint(b, s); text != "" {
		return text
	}
	return genericHint(s)
}

// techniqueHint says step s as its technique's hint does, or "" when the
// step's data is not the shape the hint expects.
func techniqueHint(b *Board, s *Step) string {
	var text string
	switch s.Technique {
	case LastValue:
		text = b.lastValueHint(s)
	case HiddenSingleBox, HiddenSingleLine:
		text = b.hiddenSingleHint(s)
	case NakedSingle:
		text = nakedSingleHint(s)
	case DirectPointing, DirectClaiming:
		text = b.directLockingHint(s)
	case DirectHiddenPair, DirectHiddenTriple:
		text = b.directHiddenHint(s)
	case Pointing, Claiming:
		text = b.lockingHint(s)
	case NakedPair, NakedTriple, NakedQuad:
		text = b.nakedSubsetHint(s)
	case HiddenPair, HiddenTriple, HiddenQuad:
		text = b.hiddenSubsetHint(s)
	case XWing, Swordfish, Jellyfish:
		text = fishHint(s)
	case Skyscraper, TwoStringKite, TurbotFish:
		text = b.turbotHint(s)
	case XYWing, XYZWing:
		text = b.wingHint(s)
	case UniqueRectangle1, UniqueRectangle2, UniqueRectangle3, UniqueRectangle4:
		text = b.rectangleHint(s)
	case UniqueLoop:
		text = loopHintText(s)
	case StrongLinks:
		text = b.strongLinksHint(s)
	case WXYZWing, VWXYZWing, UVWXYZWing:
		text = bentSetHint(s)
	case BUG1, BUG2, BUG3, BUG4:
		text = bugHint(s)
	case AlignedPairExclusion, AlignedTripletExclusion:
		text = pairExclusionHint(s)
	case XCycle, YCycle, XYCycle:
		text = cycleHint(s)
	case XChain, WWing, XYChain, AIC:
		text = b.chainHint(s)
	case Nishio, CellForcing, RegionForcing, DynamicForcing, DynamicForcingPlus, NestedForcing:
		text = forcingChainsHint(s)
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

// Lists as a sentence says them.

var numberWords = [...]string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
	"ten", "eleven", "twelve"}

// count says n in words (figures could be taken for digits).
func count(n int) string {
	if n >= 0 && n < len(numberWords) {
		return numberWords[n]
	}
	return "many"
}

// andList joins items as "a", "a and b", "a, b and c" (conj instead of
// "and" when given).
func andList(items []string, conj string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + conj + " " + items[len(items)-1]
}

func cellList(cells []int) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = cellName(c)
	}
	return andList(names, "and")
}

func digitList(ds Digits, conj string) string {
	var items []string
	for _, d := range ds.List() {
		items = append(items, fmt.Sprint(d))
	}
	return andList(items, conj)
}

// houseList names houses, sharing their kind: "rows 2 and 6", "column 3".
func houseList(hs []int) string {
	if len(hs) == 0 {
		return ""
	}
	kind := [3]string{"row", "column", "box"}[hs[0]/9]
	if len(hs) == 1 {
		return houseName(hs[0])
	}
	var nums []string
	for _, h := range hs {
		nums = append(nums, fmt.Sprint(h%9+1))
	}
	plural := kind + "s"
	if kind == "box" {
		plural = "boxes"
	}
	return plural + " " + andList(nums, "and")
}

// shortCells names the cells of a chain or loop, at most five of them:
// longer ones name their first three and count the rest.
func shortCells(cells []int) string {
	if len(cells) <= 5 {
		return cellList(cells)
	}
	return fmt.Sprintf("%s, %s, %s and %s more cells", cellName(cells[0]), cellName(cells[1]), cellName(cells[2]), count(len(cells)-3))
}

// removeText says the eliminations: "remove 1 and 5 from r4c2, and 5
// from r4c8". Cells losing the same digits are named together.
func removeText(rs []Candidate) string {
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
		parts[i] = fmt.Sprintf("%s from %s", digitList(ds, "and"), cellList(group[ds]))
	}
	if len(parts) > 1 {
		return "remove " + strings.Join(parts[:len(parts)-1], ", ") + ", and " + parts[len(parts)-1]
	}
	return "remove " + parts[0]
}

// outcome says what the step does: its placement, else its eliminations.
func outcome(s *Step) string {
	if len(s.Place) > 0 {
		return fmt.Sprintf("place %d in %s", s.Place[0].Digit, cellName(s.Place[0].Cell))
	}
	if len(s.Remove) > 0 {
		return removeText(s.Remove)
	}
	return ""
}

// sentence starts text with a capital and ends it with a full stop.
func sentence(text string) string {
	if text == "" {
		return ""
	}
	text = strings.ToUpper(text[:1]) + text[1:]
	if !strings.HasSuffix(text, ".") {
		text += "."
	}
	return text
}

// housesOf lists the houses holding every one of cells, in Sudoku
// Explainer's order (box, column, row): the order the solver looks in.
func housesOf(cells []int) []int {
	var out []int
	for _, k := range [3]int{2, 1, 0} {
		h := houseOf[cells[0]][k]
		all := true
		for _, c := range cells[1:] {
			all = all && houseOf[c][k] == h
		}
		if all {
			out = append(out, h)
		}
	}
	return out
}

// aDigit is a digit with its article: "a 7", "an 8".
func aDigit(d int) string {
	if d == 8 {
		return "an 8"
	}
	return fmt.Sprintf("a %d", d)
}

// cellDigits says a cell's candidates on board b: "3 or 9".
func (b *Board) cellDigits(c int) string { return digitList(b.Cand[c], "or") }

// The singles.

func (b *Board) lastValueHint(s *Step) string {
	p := s.Place[0]
	for _, h := range housesOf([]int{p.Cell}) {
		if b.emptyCells(h) == 1 {
			return sentence(fmt.Sprintf("%s has one empty cell left, %s, and one digit missing: place %d in %s",
				houseName(h), cellName(p.Cell), p.Digit, cellName(p.Cell)))
		}
	}
	return ""
}

func (b *Board) hiddenSingleHint(s *Step) string {
	p := s.Place[0]
	for _, h := range housesOf([]int{p.Cell}) {
		if (s.Technique == HiddenSingleBox) != (h >= 18) {
			continue
		}
		if pos := b.positions(h, p.Digit); pos&(pos-1) == 0 {
			return sentence(fmt.Sprintf("in %s, the digit %d has only one place left, %s: every other cell of the %s is filled, sees %s or has had %d ruled out. Place %d in %s",
				houseName(h), p.Digit, cellName(p.Cell), [3]string{"row", "column", "box"}[h/9], aDigit(p.Digit), p.Digit, p.Digit, cellName(p.Cell)))
		}
	}
	return ""
}

func nakedSingleHint(s *Step) string {
	p := s.Place[0]
	return sentence(fmt.Sprintf("cell %s has only one candidate left: every other digit is already in its row, column or box, or has been ruled out. Place %d in %s",
		cellName(p.Cell), p.Digit, cellName(p.Cell)))
}

// Intersections.

// lockingHouses finds, for a digit's cells confined to one house of
// another kind, the house they are taken from (from) and the one they
// lock (to): pointing from a box to a line, claiming from a line to a box.
func lockingHouses(cells []int, claiming bool) (from, to int) {
	hs := housesOf(cells)
	box, line := -1, -1
	for _, h := range hs {
		if h >= 18 {
			box = h
		} else if line < 0 {
			line = h
		}
	}
	if box < 0 || line < 0 {
		return -1, -1
	}
	if claiming {
		return line, box
	}
	return box, line
}

func (b *Board) lockingHint(s *Step) string {
	d := s.Digits.First()
	from, to := lockingHouses(s.Cells, s.Technique == Claiming)
	if from < 0 {
		return ""
	}
	return sentence(fmt.Sprintf("in %s, the %ds all lie in %s (%s: %s), so no other cell of %s can be %d: %s",
		houseName(from), d, houseName(to), hintNames[s.Technique], cellList(s.Cells), houseName(to), d, removeText(s.Remove)))
}

func (b *Board) directLockingHint(s *Step) string {
	d := s.Digits.First()
	claiming := s.Technique == DirectClaiming
	from, to := lockingHouses(s.Cells, claiming)
	if from < 0 || len(s.Place) == 0 {
		return ""
	}
	p := s.Place[0]
	kind := 2 // the house the single is in: another box for pointing
	if claiming {
		kind = from / 9
	}
	single := houseOf[p.Cell][kind]
	name := "pointing"
	if claiming {
		name = "claiming"
	}
	return sentence(fmt.Sprintf("in %s, the %ds all lie in %s (%s: %s), so no other cell of %s can be %d. That leaves %d only one place in %s: place %d in %s",
		houseName(from), d, houseName(to), name, cellList(s.Cells), houseName(to), d, d, houseName(single), p.Digit, cellName(p.Cell)))
}

// Subsets.

// confines reports whether, on b, the digits ds lie in house h only
// within cells.
func (b *Board) confines(h int, ds Digits, cells []int) bool {
	var in uint16
	for _, c := range cells {
		for k := 0; k < 3; k++ {
			if houseOf[c][k] == h {
				in |= 1 << houseIndex[c][k]
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

func (b *Board) hiddenSubsetHint(s *Step) string {
	for _, h := range housesOf(s.Cells) {
		if !b.confines(h, s.Digits, s.Cells) {
			continue
		}
		n := len(s.Cells)
		those := "those " + count(n) + " cells"
		return sentence(fmt.Sprintf("in %s, the digits %s can only go in %s (%s), so %s hold nothing else: %s",
			houseName(h), digitList(s.Digits, "and"), cellList(s.Cells), hintNames[s.Technique], those, removeText(s.Remove)))
	}
	return ""
}

func (b *Board) directHiddenHint(s *Step) string {
	if len(s.Place) == 0 {
		return ""
	}
	p := s.Place[0]
	for _, h := range housesOf(s.Cells) {
		if !inHouse(p.Cell, h) || !b.confines(h, s.Digits, s.Cells) {
			continue
		}
		return sentence(fmt.Sprintf("in %s, the digits %s can only go in %s (%s), so those %s cells hold nothing else. That leaves %d only one place in %s: place %d in %s",
			houseName(h), digitList(s.Digits, "and"), cellList(s.Cells), hintNames[s.Technique], count(len(s.Cells)),
			p.Digit, houseName(h), p.Digit, cellName(p.Cell)))
	}
	return ""
}

func (b *Board) nakedSubsetHint(s *Step) string {
	cells := append([]int(nil), s.Cells...)
	for _, r := range s.Remove {
		if !contains(cells, r.Cell) {
			cells = append(cells, r.Cell)
		}
	}
	hs := housesOf(cells)
	if len(hs) == 0 {
		return ""
	}
	n := len(s.Cells)
	return sentence(fmt.Sprintf("in %s, %s hold only %s between them (%s). Those %s digits must go in those %s cells, so no other cell of %s can hold them: %s",
		houseName(hs[0]), cellList(s.Cells), digitList(s.Digits, "and"), hintNames[s.Technique], count(n), count(n),
		houseName(hs[0]), removeText(s.Remove)))
}

// Fish.

func fishHint(s *Step) string {
	d := s.Digits.First()
	var rows, cols []int
	for _, c := range s.Cells {
		if r := houseOf[c][0]; !contains(rows, r) {
			rows = append(rows, r)
		}
		if col := houseOf[c][1]; !contains(cols, col) {
			cols = append(cols, col)
		}
	}
	sortInts(rows)
	sortInts(cols)
	base, cover := rows, cols
	for _, r := range s.Remove {
		if contains(rows, houseOf[r.Cell][0]) {
			base, cover = cols, rows // the eliminations are in the fish's rows: its base is columns
			break
		}
	}
	n := len(base)
	return sentence(fmt.Sprintf("in %s, the %ds lie only in %s (%s: %s). Each of those %s %s takes its %d from these %s, so no other cell of them can be %d: %s",
		houseList(base), d, houseList(cover), hintNames[s.Technique], cellList(s.Cells), count(n), lineWord(cover, n), d,
		lineWord(base, n), d, removeText(s.Remove)))
}

// lineWord is "rows" or "columns" for a list of n lines.
func lineWord(lines []int, n int) string {
	w := "row"
	if lines[0] >= 9 {
		w = "column"
	}
	if n != 1 {
		w += "s"
	}
	return w
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
	for _, h := range [3]int{houseOf[x][0], houseOf[x][1], houseOf[x][2]} {
		if inHouse(y, h) && popcount16(b.positions(h, d)) == 2 {
			return h
		}
	}
	return -1
}

// seeBoth reports whether every removal's cell sees both a and b.
func seeBoth(rs []Candidate, a, b int) bool {
	for _, r := range rs {
		if !isPeer[r.Cell][a] || !isPeer[r.Cell][b] {
			return false
		}
	}
	return true
}

func (b *Board) turbotHint(s *Step) string {
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
	share := sharedHouse(bridge1, bridge2)
	if h2 < 0 || share < 0 || !seeBoth(s.Remove, start, end) {
		return "" // grouped, or a loop
	}
	return sentence(fmt.Sprintf("the %ds of %s are only in %s and %s, and those of %s only in %s and %s (%s). Since %s and %s share %s, they are not both %d: "+
		"%s or %s is %d, and no cell that sees both can be %d: %s",
		d, houseName(h1), cellName(start), cellName(bridge1), houseName(h2), cellName(bridge2), cellName(end), hintNames[s.Technique],
		cellName(bridge1), cellName(bridge2), houseName(share), d, cellName(start), cellName(end), d, d, removeText(s.Remove)))
}

func (b *Board) strongLinksHint(s *Step) string {
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
		links = append(links, fmt.Sprintf("in %s only %s and %s", houseName(h), cellName(s.Cells[i]), cellName(s.Cells[i+1])))
	}
	first, last := s.Cells[0], s.Cells[len(s.Cells)-1]
	if !seeBoth(s.Remove, first, last) {
		return "" // a loop
	}
	joined := strings.Join(links[:len(links)-1], "; ") + "; and " + links[len(links)-1]
	return sentence(fmt.Sprintf("the %ds make a chain of %s strong links: %s. Each link joins the next at cells that see each other, so one end of the chain, %s or %s, is %d, and no cell that sees both can be %d: %s",
		d, count(len(links)), joined, cellName(first), cellName(last), d, d, removeText(s.Remove)))
}

// Wings.

func (b *Board) wingHint(s *Step) string {
	if len(s.Cells) != 3 || len(s.Remove) == 0 {
		return ""
	}
	pivot, p1, p2 := s.Cells[0], s.Cells[1], s.Cells[2]
	z := s.Remove[0].Digit
	if s.Technique == XYWing {
		return sentence(fmt.Sprintf("cell %s holds only %s and sees %s (%s) and %s (%s) (%s). Whichever digit %s takes, %s or %s becomes %d, so no cell that sees both can be %d: %s",
			cellName(pivot), b.cellDigits(pivot), cellName(p1), b.cellDigits(p1), cellName(p2), b.cellDigits(p2), hintNames[s.Technique],
			cellName(pivot), cellName(p1), cellName(p2), z, z, removeText(s.Remove)))
	}
	return sentence(fmt.Sprintf("cell %s holds only %s and sees %s (%s) and %s (%s) (%s). The three cannot all miss %d, so no cell that sees all three can be %d: %s",
		cellName(pivot), b.cellDigits(pivot), cellName(p1), b.cellDigits(p1), cellName(p2), b.cellDigits(p2), hintNames[s.Technique],
		z, z, removeText(s.Remove)))
}

func bentSetHint(s *Step) string {
	if len(s.Cells) < 2 {
		return ""
	}
	n := len(s.Cells)
	return sentence(fmt.Sprintf("cell %s and the cells it sees, %s, hold only %s between them (%s): %s cells for %s digits, and every digit but one lies in cells that all see each other. "+
		"So the cells that see every place of that digit in the set cannot hold it: %s",
		cellName(s.Cells[0]), cellList(s.Cells[1:]), digitList(s.Digits, "and"), hintNames[s.Technique], count(n), count(s.Digits.Count()),
		removeText(s.Remove)))
}

// Uniqueness.

func (b *Board) rectangleHint(s *Step) string {
	if len(s.Cells) != 4 || s.Digits.Count() != 2 {
		return ""
	}
	pair := digitList(s.Digits, "and")
	corners := cellList(s.Cells)
	why := fmt.Sprintf("the cells %s lie in two rows, two columns and two boxes (a unique rectangle): if every corner held only %s, the two digits could swap round the rectangle and the puzzle would have two solutions", corners, pair)
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
		return sentence(fmt.Sprintf("%s. Three corners hold only %s, so the fourth, %s, cannot be either: %s", why, pair, cellName(roof[0]), removeText(s.Remove)))
	case UniqueRectangle2:
		if len(roof) != 2 || len(s.Remove) == 0 {
			return ""
		}
		x := s.Remove[0].Digit
		return sentence(fmt.Sprintf("%s. Besides %s, %s and %s hold only %d, so one of them is %d, and no cell that sees both can be %d: %s",
			why, pair, cellName(roof[0]), cellName(roof[1]), x, x, x, removeText(s.Remove)))
	case UniqueRectangle3:
		if len(roof) != 2 {
			return ""
		}
		return sentence(fmt.Sprintf("%s. So one of the other digits of %s and %s is true: together they act as one cell holding them, which makes a naked set (or, with the pair, a hidden set) with other cells of the house they share: %s",
			why, cellName(roof[0]), cellName(roof[1]), removeText(s.Remove)))
	case UniqueRectangle4:
		if len(roof) != 2 || len(s.Remove) == 0 {
			return ""
		}
		other := s.Remove[0].Digit
		d := (s.Digits &^ digitBit(other)).First()
		for _, h := range housesOf(roof) {
			if popcount16(b.positions(h, d)) == 2 {
				return sentence(fmt.Sprintf("%s. In %s, %d can only go in %s and %s, so one of them is %d; %d in the other would complete the swap: %s",
					why, houseName(h), d, cellName(roof[0]), cellName(roof[1]), d, other, removeText(s.Remove)))
			}
		}
	}
	return ""
}

func bugHint(s *Step) string {
	grave := "every empty cell but %s has exactly two candidates, and every digit has two places in each house that lacks it (a bivalue universal grave). Such a grid would have two solutions"
	if s.Technique == BUG1 && len(s.Cells) == 1 && len(s.Place) > 0 {
		p := s.Place[0]
		return sentence(fmt.Sprintf(grave+", so %s must take the digit that spoils it: place %d in %s",
			cellName(s.Cells[0]), cellName(p.Cell), p.Digit, cellName(p.Cell)))
	}
	switch s.Technique {
	case BUG3:
		return sentence(fmt.Sprintf(grave+"; one of their extra candidates is true, so together they act as one cell holding them, which makes a naked set of %s with other cells of the house they share: %s",
			cellList(s.Cells), digitList(s.Digits, "and"), removeText(s.Remove)))
	case BUG4:
		return sentence(fmt.Sprintf(grave+"; one of them takes its extra candidate, and the other then takes the digit the two share in their house: neither keeps its third digit: %s",
			cellList(s.Cells), removeText(s.Remove)))
	}
	d := s.Digits.First()
	return sentence(fmt.Sprintf(grave+"; the extra candidate of each of them is %d, so one of them is %d, and no cell that sees them all can be %d: %s",
		cellList(s.Cells), d, d, d, removeText(s.Remove)))
}

// loopHintText explains a unique loop: a rectangle's reasoning round a
// longer loop.
func loopHintText(s *Step) string {
	if len(s.Cells) < 6 || s.Digits.Count() != 2 {
		return ""
	}
	return sentence(fmt.Sprintf("the cells %s make a loop, each sharing a house with the next, every house it passes through holding two of them (a unique loop): if every cell held only %s, the two digits could swap all round the loop and the puzzle would have two solutions. So the cells with more must keep one of their other digits: %s",
		cellList(s.Cells), digitList(s.Digits, "and"), removeText(s.Remove)))
}

func pairExclusionHint(s *Step) string {
	if s.Technique == AlignedTripletExclusion && len(s.Cells) >= 5 {
		return sentence(fmt.Sprintf("try the values %s could take together (aligned triplet exclusion). A combination is impossible if it repeats a digit in a house two of them share, or if it takes every candidate of %s, cells with two or three candidates all three see. No possible combination leaves this: %s",
			cellList(s.Cells[:3]), cellList(s.Cells[3:]), removeText(s.Remove)))
	}
	if len(s.Cells) < 4 {
		return ""
	}
	return sentence(fmt.Sprintf("try the values %s and %s could take together (aligned pair exclusion). A pair is impossible if it repeats a digit in a house they share, or if it takes both candidates of %s, two-candidate cells they both see. No possible pair leaves this: %s",
		cellName(s.Cells[0]), cellName(s.Cells[1]), cellList(s.Cells[2:]), removeText(s.Remove)))
}

// Chains.

func cycleHint(s *Step) string {
	what := "a loop of links"
	if s.Technique == XCycle && s.Digits.Count() == 1 {
		what = fmt.Sprintf("a loop of links on %d", s.Digits.First())
	}
	return sentence(fmt.Sprintf("the cells %s form %s (%s): each link is a cell with two candidates or a digit with two places in a house. Going round, true and false alternate, whichever way it starts, so a candidate that sees both a true and a false end of a link goes: %s",
		shortCells(s.Cells), what, hintNames[s.Technique], removeText(s.Remove)))
}

func (b *Board) chainHint(s *Step) string {
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
		if text := b.wWingHint(s, c, d); text != "" {
			return text
		}
	}
	var through []int
	for _, x := range s.Cells {
		if x != c {
			through = append(through, x)
		}
	}
	how := "follow what it forces"
	switch s.Technique {
	case XChain:
		how = fmt.Sprintf("follow what it forces among the %ds", d)
	case XYChain:
		how = "follow the cells with two candidates, each forcing the next"
	}
	path := ""
	if len(through) > 0 {
		path = " through " + shortCells(through)
	}
	if placing {
		return sentence(fmt.Sprintf("start at %s: suppose it were not %d, and %s (%s%s). It ends by putting %d back in %s, so %s is %d: %s",
			cellName(c), d, how, hintNames[s.Technique], path, d, cellName(c), cellName(c), d, outcome(s)))
	}
	return sentence(fmt.Sprintf("start at %s: suppose it were %d, and %s (%s%s). It ends by ruling %d out of %s itself, so %s cannot be %d: %s",
		cellName(c), d, how, hintNames[s.Technique], path, d, cellName(c), cellName(c), d, outcome(s)))
}

// wWingHint says a W-wing: X, A, P, Q, B (see isWWing): A and B hold
// the same two digits, P and Q are the only places of the other digit in
// a house, P sees A and Q sees B; X, seeing A and B, loses the digit d.
func (b *Board) wWingHint(s *Step, x, d int) string {
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
	return sentence(fmt.Sprintf("cells %s and %s both hold only %d and %d, and in %s the %ds are only in %s and %s, which see them (a W-wing). "+
		"So %s and %s cannot both be %d: one of them is %d, and %s, which sees both, cannot be %d: %s",
		cellName(A), cellName(B), min(d, e), max(d, e), houseName(h), e, cellName(P), cellName(Q),
		cellName(A), cellName(B), e, d, cellName(x), d, removeText(s.Remove)))
}

func forcingChainsHint(s *Step) string {
	if len(s.Cells) == 0 {
		return ""
	}
	c, d := s.Cells[0], s.Digits.First()
	verdict := fmt.Sprintf("%s cannot be %d", cellName(c), d)
	if len(s.Place) > 0 {
		verdict = fmt.Sprintf("%s is %d", cellName(c), d)
	}
	switch s.Technique {
	case Nishio:
		suppose := fmt.Sprintf("%s were %d", cellName(c), d)
		if len(s.Place) > 0 {
			suppose = fmt.Sprintf("%s were not %d", cellName(c), d)
		}
		return sentence(fmt.Sprintf("suppose %s and follow only the %ds, placing them where they are forced (%s): it ends in a contradiction. So %s: %s",
			suppose, d, hintNames[s.Technique], verdict, outcome(s)))
	case CellForcing:
		return sentence(fmt.Sprintf("pick a cell with few candidates and follow what each of them forces in turn (%s): every one of them leads to the same end, %s. So %s",
			hintNames[s.Technique], verdict, outcome(s)))
	case RegionForcing:
		return sentence(fmt.Sprintf("pick a digit with few places in a house and follow what each place forces in turn (%s): every one leads to the same end, %s. So %s",
			hintNames[s.Technique], verdict, outcome(s)))
	}
	return sentence(fmt.Sprintf("this one needs long chains (%s): assume a candidate, follow everything it forces, eliminations on the way included, and compare with the other choices. They show that %s: %s",
		hintNames[s.Technique], verdict, outcome(s)))
}

// genericHint says any step plainly from its data.
func genericHint(s *Step) string {
	name := hintNames[s.Technique]
	if name == "" {
		name = s.Technique.String()
	}
	what := ""
	if len(s.Cells) > 0 {
		what = " in " + shortCells(s.Cells)
	}
	return sentence(fmt.Sprintf("look for %s%s: %s", name, what, outcome(s)))
}
