// Code generated from engine/logic/stronglinks.go by TestWideCopy -update. DO NOT EDIT.

package sheet

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// SukakuExplainer's strong-linked fishes (StrongLinks.java): a chain of
// one digit through two, three or four houses where it is strongly linked,
// consecutive links joined by a weak link (their near ends share a
// column, row or box, the bridge). One end of the chain holds the digit,
// so it goes from the cells seeing both ends, outside the chain's houses
// and bridges. When the ends share a house too, the chain is a loop: the
// ends and every bridge are then conjugate, so it goes from the cells
// seeing both cells of any of them, outside the chain's houses.
//
// A link is a house where the digit has two places, or, grouped, more
// places falling into two groups: in a line, two of its box segments; in
// a box, a row and a column crossing (the empty rectangle, the crossing
// cell joining the group of the line it meets) or two of its rows or
// columns. The houses' places of the digit may not overlap. Two links
// rate 4.0, three 5.4, four 5.8, plus 0.1 for a mix of kinds of house (a
// box and lines, or rows and columns), 0.2 for a box with rows and
// columns, and 0.3 for a grouped link. SukakuExplainer sorts its hints by
// rating, then eliminations (a loop's counted per pair of conjugates),
// then the kinds of its houses; the first is the step.
//
// Two links are the turbot fish family: skyscraper (two rows or two
// columns) 4.0, 2-string kite (a row and a column) and turbot fish (a
// box and a line) 4.1, any of them grouped 4.3. SukakuExplainer's
// default ladder finds them so, as StrongLinks(2), and not with its
// TurbotFish, which rates a turbot fish 4.2.
//
// Over any houses (the variant rater's kinds): a weak link may be in
// an extra house too, after the column, row and box; a line's segments
// are its cells in each region (a jigsaw's, a diagonal's boxes), a
// box-like house's rows and columns are its cells in each, and a group
// holds at most three cells. A box-like house or an extra one makes a
// turbot fish; a window counts as a box, a diagonal as both kinds of
// line.

// slLink is a strong link of one digit in house h: its two ends (a cell
// or a group), whether it is grouped, and the digit's places in h.
type slLink struct {
	h       int
	ends    [2]linkEnd
	grouped bool
	places  cellSet
	ord     int // which of the house's links it is (SE's ordinal)
}

// strongLinksOf gives the strong links of digit places p in house h, as
// StrongLinks.java makes them, over any houses: at most two, one for
// each way a grouped link's places split. A group holds at most three
// cells (a classic's box segment), so that an end is a cell and two
// supports.
func (geo *geometry) strongLinksOf(h int, p uint16) (links [2]slLink, n int) {
	k := bits.OnesCount16(p)
	if k < 2 || k > 6 {
		return links, 0
	}
	box := geo.group[h] == gRegion || geo.group[h] == gBoxExtra
	at := func(x uint16, i int) int { // the i-th place of x, or -1
		for ; x != 0; x &= x - 1 {
			if i == 0 {
				return geo.houses[h][bits.TrailingZeros16(x)]
			}
			i--
		}
		return -1
	}
	var places cellSet
	for x := p; x != 0; x &= x - 1 {
		places = places.or(cellBit(geo.houses[h][bits.TrailingZeros16(x)]))
	}
	add := func(a, b linkEnd, grouped bool) {
		links[n] = slLink{h, [2]linkEnd{a, b}, grouped, places, n}
		n++
	}
	if k == 2 {
		a, b := at(p, 0), at(p, 1)
		if box && geo.sameLine(a, b) {
			return links, 0 // the line's link, SE leaves it to the line
		}
		add(geo.newEnd(a, -1, -1), geo.newEnd(b, -1, -1), false)
		return links, n
	}
	var blade1, blade2 uint16
	heart := -1 // the position of an empty rectangle's crossing
	if box {
		// SE's configurations: the first crossing of a row and a column
		// of the house that holds every place (an empty rectangle), else
		// (four places or more) two of its rows, else two of its columns.
		all := uint16(1)<<geo.n - 1
		for e := range geo.n {
			row, col := geo.crossRow[h][e], geo.crossCol[h][e]
			if p&(all&^(row|col)) == 0 {
				heart = e
				blade1, blade2 = p&col&^(1<<e), p&row&^(1<<e)
				break
			}
		}
		if heart < 0 && k >= 4 {
			blade1, blade2 = twoOf(p, geo.boxLines[h][0])
			if blade1 == 0 {
				blade1, blade2 = twoOf(p, geo.boxLines[h][1])
			}
		}
	} else {
		// A line's places in two of its segments (its cells in one box).
		blade1, blade2 = twoOf(p, geo.segments[h])
	}
	if blade1 == 0 || blade2 == 0 {
		return links, 0
	}
	group := func(x uint16) linkEnd { return geo.newEnd(at(x, 0), at(x, 1), at(x, 2)) }
	n1, n2 := bits.OnesCount16(blade1), bits.OnesCount16(blade2)
	withHeart := heart >= 0 && p&(1<<heart) != 0 // the crossing holds the digit
	if max(n1, n2) > 3 || withHeart && (n1 > 2 || n2 > 2) {
		return links, 0 // a group of more than three cells
	}
	if n1 == 1 || n2 == 1 {
		// One group is a single cell; in a box the other is its whole
		// line, the crossing with it. (Where both are single cells,
		// SukakuExplainer links them to each other, leaving out the
		// crossing, which holds the digit; pressrun makes the two links
		// that hold.)
		single := func(one, other uint16) {
			if heart >= 0 {
				add(group(one), geo.newEnd(at(other, 0), geo.houses[h][heart], at(other, 1)), true)
			} else {
				add(group(one), group(other), true)
			}
		}
		if heart >= 0 && (n1 > 2 || n2 > 2) {
			return links, 0 // the crossing would make a group of four
		}
		if n1 == 1 {
			single(blade1, blade2)
		}
		if n2 == 1 {
			single(blade2, blade1)
		}
		return links, n
	}
	// In a box, a group of two takes in the crossing when it holds the
	// digit.
	end := func(x uint16, nx int) linkEnd {
		if withHeart && nx == 2 {
			return geo.newEnd(at(x, 0), at(x, 1), geo.houses[h][heart])
		}
		return group(x)
	}
	add(end(blade1, n1), end(blade2, n2), true)
	if box && heart < 0 && k == 4 {
		// Four places in a square split by rows and by columns.
		a0, a1, b0, b1 := at(blade1, 0), at(blade1, 1), at(blade2, 0), at(blade2, 1)
		if geo.sameLine(a0, b0) && geo.sameLine(a1, b1) {
			add(geo.newEnd(a0, b0, -1), geo.newEnd(a1, b1, -1), true)
		}
	}
	return links, n
}

// twoOf splits places p by the parts of a house (masks of its
// positions, in order): the places in each of the two parts that hold
// them all, in the parts' order, or 0, 0 when they are not in exactly
// two parts.
func twoOf(p uint16, parts []uint16) (uint16, uint16) {
	var a, b uint16
	for _, m := range parts {
		x := p & m
		switch {
		case x == 0:
		case a == 0:
			a = x
		case b == 0:
			b = x
		default:
			return 0, 0
		}
	}
	return a, b
}

// linkEnd is one end of a strong link: a cell and, for a group, the
// group's other cells (or, at an empty rectangle's crossing, the cells of
// the group it stands for); -1 where there are none. set holds its cells,
// seen the cells that see all of them, and houses the houses (bit h)
// that hold them all.
type linkEnd struct {
	cell      int
	sup       [2]int
	set, seen cellSet
	houses    houseSet
}

// newEnd is the end of cell with supports s1 and s2 (-1: none).
func (geo *geometry) newEnd(cell, s1, s2 int) linkEnd {
	e := linkEnd{cell: cell, sup: [2]int{s1, s2}, set: cellBit(cell), seen: geo.peerSet[cell]}
	for _, s := range e.sup {
		if s >= 0 {
			e.set, e.seen = e.set.or(cellBit(s)), e.seen.and(geo.peerSet[s])
		}
	}
	for _, h := range geo.houseOf[cell][:geo.nf] {
		if h >= 0 && e.set.andNot(geo.houseCells[h]).empty() {
			e.houses = e.houses.or(houseBit(h))
		}
	}
	return e
}

// linkShared is SE's shareRegionOf: the column, else the row, else the
// box (else an extra house) that every cell of both ends lies in, or -1.
func (geo *geometry) linkShared(a, b linkEnd) int {
	m := a.houses.and(b.houses)
	for _, kind := range geo.shareOrder {
		if x := m.and(kind); !x.empty() {
			return x.first()
		}
	}
	return -1
}

// sharedHouse is the house two cells share, preferring the column, then
// the row, then the box (SE's order), then the extra houses, or -1.
func (geo *geometry) sharedHouse(a, b int) int {
	for _, f := range geo.shareFams {
		if h := geo.houseOf[a][f]; h >= 0 && h == geo.houseOf[b][f] {
			return h
		}
	}
	return -1
}

// sameLine reports whether cells a and b share a row or a column.
func (geo *geometry) sameLine(a, b int) bool {
	for _, f := range geo.lineFams {
		if h := geo.houseOf[a][f]; h >= 0 && h == geo.houseOf[b][f] {
			return true
		}
	}
	return false
}

// findStrongLinks finds the best chain of n strong links (n = 2, 3 or
// 4). Plain chains rate below grouped ones, so grouped links are searched
// only when no plain chain eliminates anything. A digit's best chain
// depends on its places alone, so each digit keeps its own while they
// stay the same (digitLinks), and the step is the best of the digits'.
func (b *Board) findStrongLinks(n int) (Step, bool) {
	if b.links == nil {
		b.links = new([maxDigits + 1]digitLinks)
	}
	digitCells := b.digitCells()
	for pass := 0; pass < 2; pass++ {
		var best *slBest
		for d := 1; d <= b.geo.n; d++ {
			dl := b.links[d].of(b, d)
			r := &dl.best[n][pass]
			if !r.searched {
				*r = dl.search(b.geo, d, digitCells[d], n, pass == 0)
			}
			if r.elims > 0 && (best == nil || r.before(best)) {
				best = r
			}
		}
		if best != nil {
			s := best.step
			s.Cells, s.Remove = slices.Clone(s.Cells), slices.Clone(s.Remove)
			return s, true
		}
	}
	return Step{}, false
}

// slBest is the best chain of one digit's search: its sort keys as
// SukakuExplainer sorts its hints (rating in tenths, eliminations, most
// first, suffix, order of finding) and its step; elims is 0 when the
// search found nothing.
type slBest struct {
	searched bool
	tenths   int
	elims    int
	suffix   string
	order    uint64
	step     Step
}

// before reports whether SE sorts chain r before chain o.
func (r *slBest) before(o *slBest) bool {
	switch {
	case r.tenths != o.tenths:
		return r.tenths < o.tenths
	case r.elims != o.elims:
		return r.elims > o.elims
	case r.suffix != o.suffix:
		return r.suffix < o.suffix
	}
	return r.order < o.order
}

// search finds digit d's best chain of n links (plain: of plain links
// only), holders being the cells that hold d.
func (dl *digitLinks) search(geo *geometry, d int, holders cellSet, n int, plain bool) slBest {
	sl := strongLinkSearch{geo: geo, n: n, d: d, holders: holders, links: dl.links, ends: &dl.ends, plain: plain}
	sl.best.searched = true
	if plain && dl.plain < n || !plain && (len(dl.links) < n || dl.plain == len(dl.links)) {
		return sl.best
	}
	for i := range sl.links {
		l := &sl.links[i]
		if plain && l.grouped {
			continue
		}
		for o := 0; o < 2; o++ {
			sl.chain[0] = slPick{i, o}
			pool := sl.holders.and(l.ends[o].seen).andNot(l.places)
			sl.extend(1, l.places, pool, int(geo.seRank[l.h]), o == 0, geo.kinds(l))
		}
	}
	return sl.best
}

// digitLinks are a digit's strong links on a board, and the best chains
// found among them by number of links and pass (plain or grouped), kept
// while its places (pos) stay the same: most steps leave most digits
// alone.
type digitLinks struct {
	pos   [maxHouses]uint16
	made  bool
	links []slLink
	plain int                // the links that are not grouped
	ends  [maxHouses][]slEnd // the link ends that lie in each house
	best  [5][2]slBest
}

// of is d's links on b, made again when its places have changed.
func (dl *digitLinks) of(b *Board, d int) *digitLinks {
	geo := b.geo
	var pos [maxHouses]uint16
	for h := range geo.nh {
		pos[h] = b.pos[h][d]
	}
	if dl.made && pos == dl.pos {
		return dl
	}
	dl.pos, dl.made, dl.links, dl.plain, dl.best = pos, true, dl.links[:0], 0, [5][2]slBest{}
	for h := range geo.nh {
		links, k := geo.strongLinksOf(h, pos[h])
		for _, l := range links[:k] {
			dl.links = append(dl.links, l)
			if !l.grouped {
				dl.plain++
			}
		}
	}
	for h := range dl.ends {
		dl.ends[h] = dl.ends[h][:0]
	}
	for j := range dl.links {
		for o := 0; o < 2; o++ {
			for m := dl.links[j].ends[o].houses; !m.empty(); m = m.rest() {
				h := m.first()
				l := &dl.links[j]
				dl.ends[h] = append(dl.ends[h], slEnd{slPick{j, o}, l.places, l.ends[o].houses, geo.kinds(l), geo.seRank[l.h]})
			}
		}
	}
	return dl
}

// kinds is link l's kind of house as bits: 1 a row, 2 a column, 4 a box
// (a region, a window), both lines for a diagonal, and 8 when grouped.
func (geo *geometry) kinds(l *slLink) uint8 {
	k := [numGroups]uint8{gRegion: 4, gBoxExtra: 4, gCol: 2, gRow: 1, gLineExtra: 3}[geo.group[l.h]]
	if l.grouped {
		k |= 8
	}
	return k
}

// seKind is house h's kind in SE's order of houses: 0 a box (a region,
// a window), 1 a row, 2 a column (or a diagonal).
func (geo *geometry) seKind(h int) int {
	return [numGroups]int{gRegion: 0, gBoxExtra: 0, gCol: 2, gRow: 1, gLineExtra: 2}[geo.group[h]]
}

// slPick is a chain's link: its index in the digit's links, and the end
// the chain enters it by.
type slPick struct{ i, o int }

// slEnd is a link entered by one of its ends, with what the search
// asks of it first: the link's places, the houses holding the whole end,
// the link's kinds and its house's rank.
type slEnd struct {
	slPick
	places cellSet
	houses houseSet
	kinds  uint8
	rank   uint8
}

// strongLinkSearch is findStrongLinks' state: the digit's links, the
// chain being built and the best step so far.
type strongLinkSearch struct {
	geo     *geometry
	n       int
	d       int
	links   []slLink
	holders cellSet             // the cells holding d
	ends    *[maxHouses][]slEnd // the link ends that lie in each house
	plain   bool                // plain links only
	chain   [4]slPick

	best slBest // elims 0 while nothing is found
}

// tenthsOf is the rating, in tenths, of a chain of n links of the kinds
// (slLink.kinds); a chain's rating only grows as links are added.
func tenthsOf(n int, kinds uint8) int {
	t := [5]int{2: 40, 3: 54, 4: 58}[n]
	switch {
	case kinds&8 != 0:
		return t + 3
	case kinds&7 == 7:
		return t + 2
	case kinds&4 != 0 || kinds&3 == 3:
		return t + 1
	}
	return t
}

// extend adds the depth-th link to the chain, whose links' places are
// used and kinds of house (slLink.kinds) are kinds. pool holds the cells
// that may still be victims of a chain that is not a loop: holding d,
// seeing its start, outside its houses and bridges; when it is empty
// only a loop may still eliminate, and SE takes a loop only from its
// first house in its order (minRank), entered at its first end: loop
// says the chain may still be one. A chain rated above the best so far
// is cut short.
func (sl *strongLinkSearch) extend(depth int, used, pool cellSet, minRank int, loop bool, kinds uint8) {
	last := sl.chain[depth-1]
	bridge := sl.links[last.i].ends[1-last.o].houses
	var before houseSet                      // the kinds of house that come before share
	for _, kind := range sl.geo.shareOrder { // SE's order: columns, rows, boxes, extras
		hm := bridge.and(kind)
		before = before.or(kind)
		if hm.empty() {
			continue
		}
		share := hm.first()
		for k := range sl.ends[share] {
			e := &sl.ends[share][k]
			if sl.plain && e.kinds&8 != 0 || !e.places.and(used).empty() || !e.houses.and(bridge).and(before).andNot(kind).empty() {
				continue // grouped, overlapping, or bridged by a house before share
			}
			kk := kinds | e.kinds
			if sl.best.elims > 0 && tenthsOf(sl.n, kk) > sl.best.tenths {
				continue
			}
			loop := loop && int(e.rank) > minRank
			p := pool.andNot(e.places).andNot(sl.geo.houseCells[share])
			if p.empty() && !loop {
				continue
			}
			sl.chain[depth] = e.slPick
			if depth+1 < sl.n {
				sl.extend(depth+1, used.or(e.places), p, minRank, loop, kk)
			} else {
				sl.weigh(used.or(e.places), p, loop, kk)
			}
		}
	}
}

// weigh keeps the full chain when it eliminates something and beats the
// best so far.
func (sl *strongLinkSearch) weigh(used, pool cellSet, loop bool, kinds uint8) {
	first, last := sl.chain[0], sl.chain[sl.n-1]
	start, end := sl.links[first.i].ends[first.o], sl.links[last.i].ends[1-last.o]
	ring := sl.geo.linkShared(start, end) >= 0
	var victims cellSet
	elims := 0
	if ring {
		if !loop {
			return
		}
		victims = sl.holders.and(start.seen).and(end.seen).andNot(used)
		elims = victims.count()
		for w := 0; w+1 < sl.n; w++ {
			a, b := sl.chain[w], sl.chain[w+1]
			v := sl.holders.and(sl.links[a.i].ends[1-a.o].seen).and(sl.links[b.i].ends[b.o].seen).andNot(used)
			elims += v.count()
			victims = victims.or(v)
		}
	} else {
		if first.i > last.i { // the same chain, the other way
			return
		}
		victims = pool.and(end.seen)
		elims = victims.count()
	}
	if elims == 0 {
		return
	}
	tenths := tenthsOf(sl.n, kinds)
	bs := &sl.best
	if bs.elims > 0 && (tenths > bs.tenths || tenths == bs.tenths && elims < bs.elims) {
		return
	}
	grouped := 0
	for _, c := range sl.chain[:sl.n] {
		if sl.links[c.i].grouped {
			grouped++
		}
	}
	suffix := sl.suffix(grouped)
	if bs.elims > 0 && tenths == bs.tenths && elims == bs.elims && suffix > bs.suffix {
		return
	}
	order := sl.order()
	if bs.elims > 0 && tenths == bs.tenths && elims == bs.elims && suffix == bs.suffix && order > bs.order {
		return
	}
	bs.tenths, bs.elims, bs.suffix, bs.order = tenths, elims, suffix, order
	bs.step = sl.step(victims, tenths, grouped, ring)
}

// order is the chain's place in SukakuExplainer's order of finding,
// which its stable sort keeps among hints of one rating, eliminations
// and suffix: by the kinds of its houses (their multiset, in the order
// of its linkSets), the digit, its houses and links in SE's order
// (boxes, rows, columns), then the order of the chain along them (of
// the chain and its reverse, the one whose order is lexically first:
// its place in Fuchs's QuickPerm sequence), then the ends it enters
// them by.
func (sl *strongLinkSearch) order() uint64 {
	n := sl.n
	var byRank [4]int // the chain's positions in SE's order of houses
	for k := range n {
		byRank[k] = k
	}
	rank := func(k int) int { return int(sl.geo.seRank[sl.links[sl.chain[k].i].h]) }
	slices.SortFunc(byRank[:n], func(a, b int) int { return rank(a) - rank(b) })
	var depth [4]int // each chain position's place in that order
	kinds := 0
	for d, k := range byRank[:n] {
		depth[k] = d
		kinds = kinds*3 + sl.geo.seKind(sl.links[sl.chain[k].i].h)
	}
	key := uint64(linkSetOrder[n][kinds])<<5 | uint64(sl.d)
	for _, k := range byRank[:n] {
		key = key<<(rankBits+1) | uint64(rank(k))<<1 | uint64(sl.links[sl.chain[k].i].ord)
	}
	var q, u [4]int
	for k := range n {
		q[k], u[k] = depth[k], sl.chain[k].o
	}
	if !lexFirst(q[:n]) {
		for k := range n {
			q[k], u[k] = depth[n-1-k], 1-sl.chain[n-1-k].o
		}
	}
	perm := 0
	for k := range n {
		perm = perm*4 + q[k]
	}
	key = key<<5 | uint64(quickPermOrder[n][perm])
	for k := range n {
		key = key<<1 | uint64(u[k])
	}
	return key
}

// lexFirst is SE's isLex: the digits of q read forwards come no later
// than read backwards.
func lexFirst(q []int) bool {
	for i := range q {
		if a, b := q[i], q[len(q)-1-i]; a != b {
			return a < b
		}
	}
	return true
}

// linkSetOrder[n] gives the place of n links' kinds of house (box 0, row
// 1, column 2, nondecreasing, read as a base-3 number) in SE's order of
// its linkSets: the n-subsets of 3n positions in colex order (Gosper's
// Permutations), kept where the i-th is i modulo n, position/n the kind.
// quickPermOrder[n] gives the place of each order of n links (base 4,
// first link most significant) in QuickPerm's sequence.
var linkSetOrder, quickPermOrder = func() (sets, perms [5]map[int]int) {
	for n := 2; n <= 4; n++ {
		sets[n], perms[n] = map[int]int{}, map[int]int{}
		for v := uint(1)<<n - 1; v < 1<<(3*n); {
			kinds, ok, i := 0, true, 0
			for x := v; x != 0; x &= x - 1 {
				b := bits.TrailingZeros(x)
				ok = ok && b%n == i
				kinds = kinds*3 + b/n
				i++
			}
			if ok {
				sets[n][kinds] = len(sets[n])
			}
			low := v & -v
			ripple := v + low
			v = ripple | (v^ripple)>>2/low
		}
		var q [4]int
		var r [5]int
		for s := range n {
			q[s], r[s] = s, s
		}
		r[n] = n
		add := func() {
			p := 0
			for k := range n {
				p = p*4 + q[k]
			}
			perms[n][p] = len(perms[n])
		}
		add()
		for s := 1; s < n; {
			r[s]--
			t := s % 2 * r[s]
			q[t], q[s] = q[s], q[t]
			add()
			for s = 1; r[s] == 0; s++ {
				r[s] = s
			}
		}
	}
	return
}()

// suffix is SE's name of the chain's kinds of house (StrongLinksHint's
// getSuffix), its last sort key: the number of grouped links, then the
// kinds along the chain (0 box, 1 and 2 the two kinds of line), the
// least of its readings.
func (sl *strongLinkSearch) suffix(grouped int) string {
	kinds := make([]byte, sl.n)
	for k, c := range sl.chain[:sl.n] {
		kinds[k] = '0' + byte(sl.geo.seKind(sl.links[c.i].h))
	}
	if rev := reversed(kinds); string(kinds) > string(rev) {
		kinds = rev
	}
	name := string(kinds)
	if strings.IndexByte(name, '1') < 0 {
		name = strings.ReplaceAll(name, "2", "1")
	} else {
		swapped := []byte(strings.NewReplacer("1", "2", "2", "1").Replace(name))
		name = min(name, string(swapped), string(reversed(swapped)))
	}
	return fmt.Sprint(grouped) + name
}

func reversed(s []byte) []byte {
	t := make([]byte, len(s))
	for i, c := range s {
		t[len(s)-1-i] = c
	}
	return t
}

// step describes the chain.
func (sl *strongLinkSearch) step(victims cellSet, tenths, grouped int, ring bool) Step {
	t, kind := StrongLinks, fmt.Sprintf("%d strong links", sl.n)
	if sl.n == 2 {
		t = sl.twoLinks()
		kind = t.String()
	}
	s := newStep(t)
	s.Rating = float64(tenths) / 10
	s.Digits = digitBit(sl.d)
	for v := victims; !v.empty(); v = v.rest() {
		s.Remove = append(s.Remove, Candidate{v.first(), sl.d})
	}
	for _, c := range sl.chain[:sl.n] {
		l := &sl.links[c.i]
		s.Cells = append(s.Cells, l.ends[c.o].cell, l.ends[1-c.o].cell)
	}
	if grouped > 0 {
		kind = "grouped " + kind
	}
	if ring {
		kind += " loop"
	}
	s.Text = fmt.Sprintf("%s on %d (%s): %s", kind, sl.d, cellsName(s.Cells), removals(s.Remove))
	return s
}

// twoLinks names a chain of two links by its houses: a skyscraper (two
// rows or two columns), a 2-string kite (a row and a column) or a turbot
// fish (a box and a line).
func (sl *strongLinkSearch) twoLinks() Technique {
	a, b := sl.geo.group[sl.links[sl.chain[0].i].h], sl.geo.group[sl.links[sl.chain[1].i].h]
	switch {
	case a != gRow && a != gCol || b != gRow && b != gCol:
		return TurbotFish // a box, or an extra house
	case a == b:
		return Skyscraper
	}
	return TwoStringKite
}
