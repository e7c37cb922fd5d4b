package templates

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pressrun/pressrun/engine/variant"

	"github.com/pressrun/pressrun/templates/words"
)

// Rules is the rules part of a how-to-play text for the puzzles of the
// sections, paragraphs separated by blank lines: classic's one sentence
// for a book of classic puzzles; for a book of one other kind, that
// kind's sentence; for a book of several, a sentence for them all and a
// list item for each kind, in the order the book first has it. Each is
// said from the variant's data (its size, its boxes or a jigsaw's
// regions, its extra houses: diagonals, windows) and the symbols it is
// printed in, so a new variant is described without a new case here.
func Rules(w *words.Words, sections []Section) string {
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
		return w.Text("rules.classic")
	case len(first) == 1:
		if first[0].classic() && first[0].Symbols == "" {
			return w.Text("rules.classic")
		}
		return withTips(w, w.Fill("rules.one-kind", "rule", houseRule(w, first[0])), first)
	}
	lead := w.Text("rules.lead")
	if slices.ContainsFunc(first, func(p *Puzzle) bool { return p.Variant != nil && p.Variant.IsKiller() }) {
		// A killer's cages are marked but need not hold every symbol.
		lead = w.Text("rules.lead-killer")
	}
	paras := []string{lead + w.Fill("rules.kinds", "count", w.Count(len(first)))}
	for _, p := range first {
		paras = append(paras, w.Fill("rules.kind-item", "kind", kindName(w, p), "rule", houseRule(w, p)))
	}
	return withTips(w, strings.Join(paras, "\n\n"), first)
}

// withTips adds to rules the tips for the kinds of puzzle first has:
// for killers, the rule of 45 (of 21 for a 6x6), the houses' totals
// worked out from the killers' sizes.
func withTips(w *words.Words, rules string, first []*Puzzle) string {
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
		total += w.Fill("rules.total-in", "total", t, "n", n)
	}
	return rules + "\n\n" + w.Fill("rules.killer-total", "total", totals[0], "totals", total)
}

// houseRule says which cells must hold each symbol once in p's grid:
// "every row, every column and every 2×3 box holds each of the digits 1
// to 6 exactly once", and the extra houses after.
func houseRule(w *words.Words, p *Puzzle) string {
	n := p.size()
	v := p.Variant
	if v == nil {
		v = variant.Classic()
	}
	region := w.Fill("rules.box", "rows", v.BoxRows, "cols", v.BoxCols)
	if v.IsJigsaw() {
		region = w.Fill("rules.region", "n", n)
	}
	s := w.Fill("rules.houses", "region", region, "symbols", symbolsPhrase(w, p))
	if v.IsKiller() {
		s += w.Text("rules.cages")
	}
	diagonals, windows, other := extraHouses(v)
	switch {
	case diagonals == 2:
		s += w.Text("rules.diagonals")
	case diagonals == 1:
		s += w.Text("rules.diagonal")
	}
	if windows > 0 {
		s += w.Fill("rules.windows", "count", w.Count(windows), "rows", v.BoxRows, "cols", v.BoxCols)
	}
	if other > 0 {
		s += w.Fill("rules.groups", "count", w.Count(other), "n", n)
	}
	return s
}

// symbolsPhrase names the symbols p is printed in.
func symbolsPhrase(w *words.Words, p *Puzzle) string {
	labels := p.labels()
	first, last := labels[0], labels[len(labels)-1]
	switch {
	case first == "1" && len(last) == 1:
		return w.Fill("symbols.digits", "first", first, "last", last)
	case first == "1":
		return w.Fill("symbols.numbers", "first", first, "last", last)
	case first == "0":
		return w.Fill("symbols.hex", "n", len(labels), "last", last)
	}
	return w.Fill("symbols.letters", "first", first, "last", last)
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
func kindName(w *words.Words, p *Puzzle) string {
	n := p.size()
	v := p.Variant
	if v == nil {
		v = variant.Classic()
	}
	diagonals, windows, other := extraHouses(v)
	var t string
	switch {
	case v.IsKiller() || v.IsJigsaw():
		t = w.Text("kind.jigsaw")
		if v.IsKiller() {
			t = w.Text("kind.killer")
		}
		if n != 9 {
			t += fmt.Sprintf(" %d×%d", n, n)
		}
	case diagonals > 0 && windows+other == 0:
		t = w.Text("kind.x")
	case windows > 0 && diagonals+other == 0:
		t = w.Text("kind.windoku")
	case n == 9 && len(v.Extra) == 0:
		t = w.Text("kind.classic")
	default:
		t = fmt.Sprintf("%d×%d", n, n)
	}
	if p.Symbols != "" {
		labels := p.labels()
		t += w.Fill("kind.symbols", "first", labels[0], "last", labels[len(labels)-1])
	}
	return t
}
