package templates

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"math/bits"
	"slices"
)

// A puzzle's PNG is a megabyte of grey pixels (80 mm at 300 dpi), almost
// all of it white cells and straight lines: filtered with Up, whole rows
// are zeros and the rest runs of one byte between a few glyph edges.
// compress/flate at BestSpeed still hashes every position and spent about
// 7 ms an image on it, most of a daily batch's PNG time. rleEncoder
// codes those runs directly, each as one literal and matches at distance
// 1, under one dynamic Huffman block. The codes are fitted to every
// eighth row (each symbol counted at least once, so any row can be
// coded), and the rows then coded in one pass: a sample is as good as
// the whole for a code on pictures this regular, and it spares keeping
// and replaying a token per run.

// rleEncoder holds one image's codes and output, reused from image to
// image.
type rleEncoder struct {
	counting bool // the sampling pass: count the symbols, write nothing
	litFreq  [286]int
	litCode  []uint16
	litLen   []uint8
	// Each match length's whole code (length code, extra bits, distance
	// 1) and its bits.
	matchCode [259]uint64
	matchBits [259]uint
	out       []byte
	bits      uint64
	nbits     uint
	// The Adler-32 sum so far, in 64 bits: reduced modulo adlerMod only
	// when unreduced, the bytes added since, would pass adlerSpan.
	adlerA, adlerB uint64
	unreduced      int
}

const adlerMod = 65521

// adlerSpan is how many bytes the sum takes between reductions. After k
// bytes a is below 65521 + 255k and b below 65521(k+1) + 255k(k+1)/2,
// under 2^64 for k up to 2^28; a run is at most a row, far less than the
// margin.
const adlerSpan = 1 << 27

// run adds n bytes of value v to the Adler-32 sum in closed form: a run of
// a million zeros costs what one byte does, and no byte a division (a
// sum of a megabyte of pixels needs no reduction before its end).
func (e *rleEncoder) run(v byte, n int) {
	if e.unreduced += n; e.unreduced > adlerSpan {
		e.adlerA, e.adlerB, e.unreduced = e.adlerA%adlerMod, e.adlerB%adlerMod, n
	}
	nn := uint64(n)
	e.adlerB += nn*e.adlerA + uint64(v)*(nn*(nn+1)/2)
	e.adlerA += nn * uint64(v)
}

// emit codes n bytes of value v: a literal, then matches at distance 1
// (3-258 bytes each), then literals for a remainder too short to match.
// Counting, it only counts them.
func (e *rleEncoder) emit(v byte, n int) {
	if e.counting {
		e.litFreq[v]++
		for n--; n >= 3; {
			m := matchLen(n)
			e.litFreq[lengthCode(m)]++
			n -= m
		}
		e.litFreq[v] += n
		return
	}
	e.run(v, n)
	e.put(uint64(e.litCode[v]), uint(e.litLen[v]))
	for n--; n >= 3; {
		m := matchLen(n)
		e.put(e.matchCode[m], e.matchBits[m])
		n -= m
	}
	for ; n > 0; n-- {
		e.put(uint64(e.litCode[v]), uint(e.litLen[v]))
	}
}

// matchLen is the length of the next match in a run of n more bytes
// (n >= 3): 258 at most, leaving 3-5 for one more match rather than 1-2
// literals.
func matchLen(n int) int {
	m := min(n, 258)
	if r := n - m; r > 0 && r < 3 {
		m -= 3
	}
	return m
}

// zlibRows returns the zlib stream (RFC 1950) of an 8-bit greyscale image
// of w x h pixels, stride apart in pix, each row filtered with Up but the
// first (None), as PNG's IDAT holds it. The result is e's memory.
func (e *rleEncoder) zlibRows(pix []byte, w, h, stride int) []byte {
	e.counting = true
	e.litFreq = [286]int{}
	for y := 0; y < h; y += 8 {
		e.row(pix, w, y, stride)
	}
	for s := range e.litFreq {
		e.litFreq[s] = 8*e.litFreq[s] + 1
	}
	e.counting = false
	e.adlerA, e.adlerB, e.unreduced = 1, 0, 0
	e.out = append(e.out[:0], 0x78, 0x01) // deflate, 32 KB window, fastest
	e.bits, e.nbits = 0, 0
	e.header()
	for y := 0; y < h; y++ {
		e.row(pix, w, y, stride)
	}
	e.put(uint64(e.litCode[256]), uint(e.litLen[256])) // end of block
	e.flush()
	return binary.BigEndian.AppendUint32(e.out, uint32(e.adlerB%adlerMod<<16|e.adlerA%adlerMod))
}

// row codes (or counts) row y, its filter byte first.
func (e *rleEncoder) row(pix []byte, w, y, stride int) {
	cur := pix[y*stride : y*stride+w]
	if y == 0 {
		e.emit(0, 1) // None
		for i := 0; i < w; {
			j := i + 1
			for j < w && cur[j] == cur[i] {
				j++
			}
			e.emit(cur[i], j-i)
			i = j
		}
		return
	}
	e.emit(2, 1) // Up
	prev := pix[(y-1)*stride : (y-1)*stride+w]
	if bytes.Equal(cur, prev) {
		e.emit(0, w) // most rows: the same as the one above
		return
	}
	for i := 0; i < w; {
		d := cur[i] - prev[i]
		j := i + 1
		if d == 0 {
			// The common case, pixels as the ones above: eight at a time,
			// to the first that differs.
			for j+8 <= w {
				if x := binary.LittleEndian.Uint64(cur[j:]) ^ binary.LittleEndian.Uint64(prev[j:]); x != 0 {
					j += bits.TrailingZeros64(x) / 8
					break
				}
				j += 8
			}
		}
		for j < w && cur[j]-prev[j] == d {
			j++
		}
		e.emit(d, j-i)
		i = j
	}
}

// header begins the one final dynamic Huffman block (RFC 1951, 3.2.7)
// with codes for litFreq, and makes them ready for emit.
func (e *rleEncoder) header() {
	litLen := huffmanLengths(e.litFreq[:], 15)
	// Every match is at distance 1, code 0; code 1 is given a length too
	// so that the distance code is complete, as every inflater accepts.
	distLen := []uint8{1, 1}
	nlit := 286
	for nlit > 257 && litLen[nlit-1] == 0 {
		nlit--
	}
	all := append(slices.Clone(litLen[:nlit]), distLen...)
	// The code lengths, run-length coded with 16 (repeat 3-6), 17 (3-10
	// zeros) and 18 (11-138 zeros).
	type clSym struct{ sym, extra uint8 }
	var cls []clSym
	var clFreq [19]int
	for i := 0; i < len(all); {
		v := all[i]
		j := i + 1
		for j < len(all) && all[j] == v {
			j++
		}
		n := j - i
		if v == 0 {
			for n >= 11 {
				m := min(n, 138)
				cls = append(cls, clSym{18, uint8(m - 11)})
				n -= m
			}
			if n >= 3 {
				cls = append(cls, clSym{17, uint8(n - 3)})
				n = 0
			}
		} else {
			cls = append(cls, clSym{v, 0})
			n--
			for n >= 3 {
				m := min(n, 6)
				cls = append(cls, clSym{16, uint8(m - 3)})
				n -= m
			}
		}
		for ; n > 0; n-- {
			cls = append(cls, clSym{v, 0})
		}
		i = j
	}
	for _, c := range cls {
		clFreq[c.sym]++
	}
	clLen := huffmanLengths(clFreq[:], 7)
	order := [19]int{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}
	nclen := 19
	for nclen > 4 && clLen[order[nclen-1]] == 0 {
		nclen--
	}
	e.put(1, 1) // the final block
	e.put(2, 2) // dynamic Huffman codes
	e.put(uint64(nlit-257), 5)
	e.put(uint64(len(distLen)-1), 5)
	e.put(uint64(nclen-4), 4)
	for _, s := range order[:nclen] {
		e.put(uint64(clLen[s]), 3)
	}
	clCode := canonicalCodes(clLen)
	for _, c := range cls {
		e.put(uint64(clCode[c.sym]), uint(clLen[c.sym]))
		switch c.sym {
		case 16:
			e.put(uint64(c.extra), 2)
		case 17:
			e.put(uint64(c.extra), 3)
		case 18:
			e.put(uint64(c.extra), 7)
		}
	}
	litCode := canonicalCodes(litLen)
	distCode := canonicalCodes(distLen)
	for m := 3; m <= 258; m++ {
		c := lengthCode(m)
		v, n := uint64(litCode[c]), uint(litLen[c])
		v |= uint64(m-lengthBase[c-257]) << n
		n += lengthExtraBits[c-257]
		v |= uint64(distCode[0]) << n // distance 1: code 0, no extra bits
		e.matchCode[m], e.matchBits[m] = v, n+uint(distLen[0])
	}
	e.litCode, e.litLen = litCode, litLen
}

// put writes the n low bits of v (n at most 35), least significant first;
// fewer than 32 bits are ever left waiting, so they fit.
func (e *rleEncoder) put(v uint64, n uint) {
	e.bits |= v << e.nbits
	e.nbits += n
	if e.nbits >= 32 {
		e.out = binary.LittleEndian.AppendUint32(e.out, uint32(e.bits))
		e.bits >>= 32
		e.nbits -= 32
	}
}

// flush writes the bits left, padding the last byte with zeros.
func (e *rleEncoder) flush() {
	for e.nbits > 0 {
		e.out = append(e.out, byte(e.bits))
		e.bits >>= 8
		e.nbits -= min(e.nbits, 8)
	}
}

// The length codes 257-285: the shortest length each stands for and its
// extra bits.
var (
	lengthBase      = [29]int{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtraBits = [29]uint{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	lengthCodes     = func() (c [259]uint16) {
		for i := 28; i >= 0; i-- {
			for m := lengthBase[i]; m < 259 && c[m] == 0; m++ {
				c[m] = uint16(257 + i)
			}
		}
		return c
	}()
)

// lengthCode is the code of a match of m bytes (3-258).
func lengthCode(m int) int { return int(lengthCodes[m]) }

// huffmanLengths returns code lengths for symbols of the frequencies
// freq, none longer than limit, zero for the symbols never used. A lone
// symbol gets length 1. Past the limit the frequencies are flattened
// (halved, kept above zero) and the code built again, which converges
// quickly and costs little in size on the rare inputs that need it.
func huffmanLengths(freq []int, limit int) []uint8 {
	f := slices.Clone(freq)
	lengths := make([]uint8, len(freq))
	for {
		type node struct {
			freq   int
			parent int
		}
		var leaves []int
		for s, v := range f {
			if v > 0 {
				leaves = append(leaves, s)
			}
		}
		if len(leaves) == 0 {
			return lengths
		}
		if len(leaves) == 1 {
			// A second code of length 1 too: zlib refuses an incomplete
			// code for the code lengths.
			lengths[leaves[0]] = 1
			lengths[min(leaves[0]^1, len(lengths)-1)] = 1
			return lengths
		}
		slices.SortFunc(leaves, func(a, b int) int { return cmp.Or(f[a]-f[b], a-b) })
		nodes := make([]node, 0, 2*len(leaves))
		for _, s := range leaves {
			nodes = append(nodes, node{f[s], -1})
		}
		// Two queues: the leaves in order of frequency, then the merged
		// nodes, which are made in order of frequency too.
		li, mi := 0, len(leaves)
		take := func() int {
			if li < len(leaves) && (mi >= len(nodes) || nodes[li].freq <= nodes[mi].freq) {
				li++
				return li - 1
			}
			mi++
			return mi - 1
		}
		for range len(leaves) - 1 {
			a, b := take(), take()
			nodes = append(nodes, node{nodes[a].freq + nodes[b].freq, -1})
			nodes[a].parent, nodes[b].parent = len(nodes)-1, len(nodes)-1
		}
		depth := make([]int, len(nodes))
		longest := 0
		for i := len(nodes) - 2; i >= 0; i-- {
			depth[i] = depth[nodes[i].parent] + 1
			if i < len(leaves) {
				longest = max(longest, depth[i])
			}
		}
		if longest <= limit {
			for i, s := range leaves {
				lengths[s] = uint8(depth[i])
			}
			return lengths
		}
		for s := range f {
			if f[s] > 0 {
				f[s] = f[s]/2 + 1
			}
		}
	}
}

// canonicalCodes are the codes of the lengths (RFC 1951, 3.2.2), their
// bits reversed as deflate writes them, first bit lowest.
func canonicalCodes(lengths []uint8) []uint16 {
	var count [16]int
	for _, l := range lengths {
		count[l]++
	}
	count[0] = 0
	var next [16]int
	code := 0
	for l := 1; l < 16; l++ {
		code = (code + count[l-1]) << 1
		next[l] = code
	}
	codes := make([]uint16, len(lengths))
	for s, l := range lengths {
		if l == 0 {
			continue
		}
		c := next[l]
		next[l]++
		var r uint16
		for range l {
			r = r<<1 | uint16(c&1)
			c >>= 1
		}
		codes[s] = r
	}
	return codes
}
