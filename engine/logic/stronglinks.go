package logic

import (
	"fmt"
	"math/bits"
)

// strongLink is a house where a digit has two places, a and b, oriented
// from a to b.
type strongLink struct{ h, a, b int }

// findStrongLinks finds SukakuExplainer's strong-linked fishes of n links
// (n = 3 or 4): a chain of one digit through n houses where it has two
// places (strong links), consecutive links joined by two cells that see
// each other (weak links). One end of the chain holds the digit, so it
// goes from the cells seeing both ends. Keeps the lowest rating, then the
// most eliminations, as SE sorts them.
func (b *Board) findStrongLinks(n int) (Step, bool) {
	var best Step
	bestElims := -1
	var chain [4]strongLink
	var links []strongLink
	var d int
	var rec func(depth int)
	rec = func(depth int) {
		if depth == n {
			b.weighStrongLinks(chain[:n], d, &best, &bestElims)
			return
		}
		for _, l := range links {
			if depth > 0 {
				prev := chain[depth-1]
				if l.h == prev.h || !isPeer[prev.b][l.a] {
					continue
				}
			}
			used := false
			for _, m := range chain[:depth] {
				used = used || m.h == l.h || m.a == l.a || m.a == l.b || m.b == l.a || m.b == l.b
			}
			if !used {
				chain[depth] = l
				rec(depth + 1)
			}
		}
	}
	for d = 1; d <= 9; d++ {
		links = links[:0]
		for h := 0; h < 27; h++ {
			pos := b.positions(h, d)
			if bits.OnesCount16(pos) != 2 {
				continue
			}
			x, y := houses[h][bitIndex(pos)], houses[h][bitIndex(pos&(pos-1))]
			links = append(links, strongLink{h, x, y}, strongLink{h, y, x})
		}
		if len(links) >= 2*n {
			rec(0)
		}
	}
	return best, bestElims >= 0
}

func (b *Board) weighStrongLinks(chain []strongLink, d int, best *Step, bestElims *int) {
	r := strongLinksRating(chain)
	if *bestElims >= 0 && r > best.Rating+1e-9 {
		return
	}
	start, end := chain[0].a, chain[len(chain)-1].b
	var rs []Candidate
	for _, p := range peers[start] {
		if p == end || !isPeer[end][p] || !b.Cand[p].Has(d) {
			continue
		}
		inChain := false
		for _, l := range chain {
			inChain = inChain || l.a == p || l.b == p
		}
		if !inChain {
			rs = append(rs, Candidate{p, d})
		}
	}
	if len(rs) == 0 || *bestElims >= 0 && r > best.Rating-1e-9 && len(rs) <= *bestElims {
		return
	}
	s := newStep(StrongLinks)
	s.Rating = r
	s.Digits, s.Remove = digitBit(d), rs
	for _, l := range chain {
		s.Cells = append(s.Cells, l.a, l.b)
	}
	s.Text = fmt.Sprintf("%d strong links on %d (%s): %s", len(chain), d, cellsName(s.Cells), removals(rs))
	*best, *bestElims = s, len(rs)
}

// strongLinksRating rates a chain by the kinds of its houses: three
// links 5.4 when all are rows or all columns, 5.5 with a box and no
// row-column mix, 5.6 with rows and columns; four links 5.8, plus 0.1
// for a mix of kinds, 0.2 for boxes with both kinds of lines.
func strongLinksRating(chain []strongLink) float64 {
	var rows, cols, boxes bool
	for _, l := range chain {
		switch {
		case l.h < 9:
			rows = true
		case l.h < 18:
			cols = true
		default:
			boxes = true
		}
	}
	if len(chain) == 3 {
		switch {
		case rows && cols:
			return 5.6
		case boxes:
			return 5.5
		}
		return 5.4
	}
	switch {
	case boxes && rows && cols:
		return 6.0
	case boxes || rows && cols:
		return 5.9
	}
	return 5.8
}
