package templates

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/pressrun/pressrun/templates/words"
)

// Combination is a cage sum that only one set of different digits makes:
// Sum, made by Digits (ascending) and no other set of as many.
type Combination struct {
	Sum    int
	Digits []int
}

// SingleCombinations are the sums of cages of k cells in a killer of side
// n (digits 1 to n) that only one set of k different digits makes, in
// ascending order of sum: 3 = 1+2, 4 = 1+3, 16 = 7+9 and 17 = 8+9 for two
// cells of a 9x9. It counts the 2^n sets of digits; nothing for k outside
// 1..n.
func SingleCombinations(n, k int) []Combination {
	if k < 1 || k > n {
		return nil
	}
	count := map[int]int{}
	set := map[int]uint{}
	for m := uint(1); m < 1<<n; m++ {
		if bits.OnesCount(m) != k {
			continue
		}
		sum := 0
		for d := 1; d <= n; d++ {
			if m&(1<<(d-1)) != 0 {
				sum += d
			}
		}
		count[sum]++
		set[sum] = m
	}
	var out []Combination
	for sum, c := range count {
		if c != 1 {
			continue
		}
		var digits []int
		for d := 1; d <= n; d++ {
			if set[sum]&(1<<(d-1)) != 0 {
				digits = append(digits, d)
			}
		}
		out = append(out, Combination{Sum: sum, Digits: digits})
	}
	slices.SortFunc(out, func(a, b Combination) int { return a.Sum - b.Sum })
	return out
}

// String writes c as the reference page does: "17 = 8+9".
func (c Combination) String() string {
	d := make([]string, len(c.Digits))
	for i, x := range c.Digits {
		d[i] = fmt.Sprint(x)
	}
	return fmt.Sprintf("%d = %s", c.Sum, strings.Join(d, "+"))
}

// The cage sizes the reference page lists.
const (
	combinationsFrom = 2
	combinationsTo   = 5
)

// killerSizes are the sides of the killers in the book, 9 before 6.
func killerSizes(b *Book) []int {
	var out []int
	for _, s := range b.Sections {
		for i := range s.Puzzles {
			if p := &s.Puzzles[i]; p.Variant != nil && p.Variant.IsKiller() && !slices.Contains(out, p.size()) {
				out = append(out, p.size())
			}
		}
	}
	slices.Sort(out)
	slices.Reverse(out)
	return out
}

// combinationsText is the reference page's sentence under its heading,
// its example taken from the table.
func combinationsText(w *words.Words, n int) string {
	c := SingleCombinations(n, combinationsFrom)[0]
	return w.Fill("combinations.intro", "from", combinationsFrom, "to", combinationsTo, "sum", c.Sum, "a", c.Digits[0], "b", c.Digits[1])
}

// drawCombinations draws the reference page of cage combinations: a
// table for each size of killer the book has, a column for each number
// of cells, its lines "17 = 8+9". The type shrinks, if it must, until the
// widest line fits its column and the tables the page.
func (l *layout) drawCombinations(c canvas, n int) {
	live := l.geo.live(n)
	sizes := killerSizes(l.b)
	y := live.y + l.sz.h1
	l.left(c, l.fc.bold, l.sz.h1, live.x, y, l.b.Words.Text("heading.cage-combinations"))
	y += l.sz.h1 * 0.4
	body := l.sz.body
	for _, line := range wrap(l.fc.regular, body, live.w, combinationsText(l.b.Words, sizes[0])) {
		y += body * leading
		l.left(c, l.fc.regular, body, live.x, y, line)
	}
	cols := combinationsTo - combinationsFrom + 1
	colW := live.w / float64(cols)
	size, rows := body, 0
	for _, k := range sizes {
		most := 0
		for cells := combinationsFrom; cells <= combinationsTo; cells++ {
			list := SingleCombinations(k, cells)
			most = max(most, len(list))
			for _, cb := range list {
				if w := l.fc.regular.width(cb.String(), size); w > colW-body {
					size *= (colW - body) / w
				}
			}
		}
		rows += most + 3 // a heading, the columns' heads and a space
	}
	if room := live.bottom() - l.footer() - y - body*leading; float64(rows)*size*leading > room {
		size = room / (float64(rows) * leading)
	}
	for _, k := range sizes {
		y += size * leading * 2
		l.left(c, l.fc.bold, l.sz.h2, live.x, y, l.b.Words.Fill("combinations.killer", "n", k))
		top := y + size*leading*1.2
		for cells := combinationsFrom; cells <= combinationsTo; cells++ {
			x := live.x + float64(cells-combinationsFrom)*colW
			cy := top
			l.left(c, l.fc.bold, size, x, cy, l.b.Words.Fill("combinations.cells", "n", cells))
			// The sums set right against a column of their own, so the
			// signs line up.
			sumW := l.fc.regular.width(fmt.Sprint(k*(k+1)/2), size)
			for _, cb := range SingleCombinations(k, cells) {
				cy += size * leading
				sum, rest, _ := strings.Cut(cb.String(), " ")
				l.rightAligned(c, l.fc.regular, size, x+sumW, cy, sum)
				l.left(c, l.fc.regular, size, x+sumW+l.fc.regular.width(" ", size), cy, rest)
				y = max(y, cy)
			}
		}
	}
}
