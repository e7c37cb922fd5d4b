package templates

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pressrun/pressrun/engine/variant"
)

// classicRules is the rules of classic Sudoku, the first paragraph of
// the standard how-to-play text.
const classicRules = "Fill in the empty cells so that every row, every column and every 3×3 box holds each of the digits 1 to 9 exactly once."

// Rules is the rules part of a how-to-play text for the puzzles of the
// sections, paragraphs separated by blank lines: classic's one sentence
// for a book of classic puzzles; for a book of one other kind, that
// kind's sentence; for a book of several, a sentence for them all and a
// list item for each kind, in the order the book first has it. Each is
// said from the variant's data (its size, its boxes or a jigsaw's
// regions, its extra houses: diagonals, windows) and the symbols it is
// printed in, so a new variant is described without a new case here.
func Rules(sections []Section) string {
	var kinds []string
	var first []*Puzzle
	for si := range sections {
		for pi := range sections[si].Puzzles {
			p := &sections[si].Puzzles[pi]
			k := kindOf(p) + " " + p.Symbols
			if !slices.Contains(kinds, k) {
				kinds = append(kinds, k)
				first = append(first, p)
			}
		}
	}
	switch {
	case len(first) == 0:
		return classicRules
	case len(first) == 1:
		if first[0].classic() && first[0].Symbols == "" {
			return classicRules
		}
		return withTips("Fill in the empty cells so that "+houseRule(first[0])+".", first)
	}
	lead := "Fill in the empty cells of each grid so that every row, every column and every box or region holds each symbol exactly once, and so does every other group of cells the grid marks."
	if slices.ContainsFunc(first, func(p *Puzzle) bool { return p.Variant != nil && p.Variant.IsKiller() }) {
		// A killer's cages are marked but need not hold every symbol.
		lead = "Fill in the empty cells of each grid so that every row, every column and every box or region holds each symbol exactly once, and each grid keeps the rules of its kind."
	}
	paras := []string{lead + " The book has " + count(len(first)) + " kinds of puzzle:"}
	for _, p := range first {
		paras = append(paras, "- "+kindName(p)+": "+houseRule(p)+".")
	}
	return withTips(strings.Join(paras, "\n\n"), first)
}

// withTips adds to rules the tips for the kinds of puzzle first has:
// for killers, the rule of 45 (of 21 for a 6x6), the houses' totals
// worked out from the killers' sizes.
func withTips(rules string, first []*Puzzle) string {
	var totals []int // 45 first, if any
	for _, p := range first {
		if v := p.Variant; v != nil && v.IsKiller() {
			if t := v.Size * (v.Size + 1) / 2; !slices.Contains(totals, t) {
				totals = append(totals, t)
			}
		}
	}
	if len(totals) == 0 {
		return rules
	}
	slices.Sort(totals)
	slices.Reverse(totals)
	total := fmt.Sprint(totals[0])
	for _, t := range totals[1:] {
		n := 1
		for n*(n+1)/2 != t {
			n++
		}
		total += fmt.Sprintf(" (%d in a %d×%d grid)", t, n, n)
	}
	return rules + fmt.Sprintf("\n\nThe rule of %d: the digits of every row, every column and every box add up to %s. ", totals[0], total) +
		"So where whole cages cover a box, a row or a column but for one cell, that cell is the total less the cages' sums; where they cover it and one cell more, that cell is the cages' sums less the total. The same holds for two or three boxes, rows or columns side by side."
}

// houseRule says which cells must hold each symbol once in p's grid:
// "every row, every column and every 2×3 box holds each of the digits 1
// to 6 exactly once", and the extra houses after.
func houseRule(p *Puzzle) string {
	n := p.size()
	v := p.Variant
	if v == nil {
		v = variant.Classic()
	}
	region := fmt.Sprintf("every %d×%d box", v.BoxRows, v.BoxCols)
	if v.IsJigsaw() {
		region = fmt.Sprintf("every region outlined in thick lines (%d cells of its own shape)", n)
	}
	s := fmt.Sprintf("every row, every column and %s holds each of %s exactly once", region, symbolsPhrase(p))
	if v.IsKiller() {
		s += "; the digits in each cage (a group of cells outlined with dashes) add up to the small number in its top-left corner, and no digit repeats within a cage"
	}
	diagonals, windows, other := extraHouses(v)
	switch {
	case diagonals == 2:
		s += "; so do both long diagonals, shaded grey"
	case diagonals == 1:
		s += "; so does the shaded long diagonal"
	}
	if windows > 0 {
		s += fmt.Sprintf("; so do the %s shaded %d×%d windows", count(windows), v.BoxRows, v.BoxCols)
	}
	if other > 0 {
		s += fmt.Sprintf("; so do the %s shaded groups of %d cells", count(other), n)
	}
	return s
}

// symbolsPhrase names the symbols p is printed in.
func symbolsPhrase(p *Puzzle) string {
	labels := p.labels()
	first, last := labels[0], labels[len(labels)-1]
	switch {
	case first == "1" && len(last) == 1:
		return fmt.Sprintf("the digits %s to %s", first, last)
	case first == "1":
		return fmt.Sprintf("the numbers %s to %s", first, last)
	case first == "0":
		return fmt.Sprintf("the %d symbols 0 to %s (the digits 0 to 9, then the letters A to %s)", len(labels), last, last)
	}
	return fmt.Sprintf("the letters %s to %s", first, last)
}

// extraHouses counts v's extra houses by their shape: a long diagonal, a
// window (a block the shape of a box that is not a region), or other.
func extraHouses(v *variant.Variant) (diagonals, windows, other int) {
	n := v.Size
	for _, h := range v.Extra {
		c := slices.Sorted(slices.Values(h))
		main, anti, block := true, true, v.BoxRows > 0
		for i, x := range c {
			main = main && x == i*(n+1)
			anti = anti && x == (i+1)*(n-1)
			if block {
				r0, c0 := c[0]/n, c[0]%n
				block = x/n == r0+i/v.BoxCols && x%n == c0+i%v.BoxCols
			}
		}
		switch {
		case main || anti:
			diagonals++
		case block:
			windows++
		default:
			other++
		}
	}
	return diagonals, windows, other
}

// kindName is what a list of kinds calls p's: "Classic 9×9", "6×6",
// "Sudoku X", "Windoku", "Jigsaw", "Jigsaw 6×6", "16×16 (A to P)".
func kindName(p *Puzzle) string {
	n := p.size()
	v := p.Variant
	if v == nil {
		v = variant.Classic()
	}
	diagonals, windows, other := extraHouses(v)
	var t string
	switch {
	case v.IsKiller() || v.IsJigsaw():
		t = "Jigsaw"
		if v.IsKiller() {
			t = "Killer"
		}
		if n != 9 {
			t += fmt.Sprintf(" %d×%d", n, n)
		}
	case diagonals > 0 && windows+other == 0:
		t = "Sudoku X"
	case windows > 0 && diagonals+other == 0:
		t = "Windoku"
	case n == 9 && len(v.Extra) == 0:
		t = "Classic 9×9"
	default:
		t = fmt.Sprintf("%d×%d", n, n)
	}
	if p.Symbols != "" {
		labels := p.labels()
		t += fmt.Sprintf(" (%s to %s)", labels[0], labels[len(labels)-1])
	}
	return t
}

// count writes a small count as a word.
func count(k int) string {
	if k < 10 {
		return [...]string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}[k]
	}
	return fmt.Sprint(k)
}
