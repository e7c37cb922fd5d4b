// The PNG coder of single puzzles: rleEncoder makes the zlib stream of the
// image data, and encodeGray (single.go) filters the rows and writes the
// chunks round it; neither image/png nor compress/flate writes them.
//
// Why: a puzzle's PNG is a megabyte of grey pixels (80 mm at 300 dpi),
// almost all white cells and straight lines. image/png tries all five
// filters on every row, 42% of its time here, for files no smaller than Up
// alone gives (54,719 bytes against 54,397). With the rows filtered by
// hand, compress/flate at BestSpeed still hashed every byte, about 7 ms an
// image: once the PDFs were fast, encodeGray was most of a daily re-run's
// CPU. Filtered with Up, whole rows are zeros and the rest runs of one
// byte between glyph edges: coded as runs, the files are 15% smaller.
//
// What it does: 8-bit greyscale only, not interlaced, with a pHYs chunk for
// the dpi; the first row filtered with None, every other with Up. A run of
// one filtered byte is one literal, then matches at distance 1 (3-258
// bytes, a remainder under 3 as literals), all in one final dynamic
// Huffman block: literal/length codes of at most 15 bits, code length codes
// of at most 7 (the frequencies flattened and the code built again past the
// limit, not package-merge), two distance codes. The codes are fitted to
// every eighth row (each symbol counted at least once, so any row can be
// coded; files within 0.5% of codes fitted to all), then every row is
// coded in one pass. Adler-32 is summed run by run in closed form.
//
// What it does not do: colour, palettes, alpha, other bit depths,
// interlacing; the Sub, Average and Paeth filters; any distance but 1 (no
// match across rows or repeated patterns); stored or fixed-code blocks,
// more than one block, or a choice of level.
//
// What would let it go: image/png with a filter the caller can fix (its
// output once had the pHYs chunk spliced in), over a compress/flate with a
// run-length strategy (zlib's Z_RLE) or a level as fast on such pictures.
//
// Tests: TestEncodeGrayRoundTrip (image/png and compress/zlib read back
// exactly the pixels of pictures made for the coder's edges: runs round 3
// and 258, noise, one pixel, frequencies that need the length limit),
// TestHuffmanLengths (complete codes within the limit), TestAdlerRuns,
// TestSinglePNGDigests (164 singles' files, and their pixels as image/png
// decodes them, byte for byte as written at 629408b) and TestSinglePNG
// (image/png decodes it; size, chunk CRCs, pHYs).

package templates

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
)

// rleEncoder holds one image's codes and output, reused from image to
// image.
type rleEncoder struct {
	litFreq [286]int
	// Each literal's code and its bits.
	litCode [256]uint16
	litLen  [256]uint8
	endCode uint16 // end of block
	endLen  uint8
	// Each match length's whole code (length code, extra bits, distance
	// 1) and its bits.
	matchCode [259]uint64
	matchBits [259]uint
	runs      []byteRun // a row's, as scan finds them
	// The runs of the rows sampled, one after the other, and where each
	// row's end: coded as they were counted, not scanned again.
	sampled    []byteRun
	sampledEnd []int
	out        []byte
	bits       uint64
	nbits      uint
	sum        adler32 // of the bytes coded so far
}

// byteRun is n filtered bytes of value v.
type byteRun struct {
	v byte
	n int32
}

const adlerMod = 65521

// adlerSpan is how many bytes the sum takes between reductions. After k
// bytes a is below 65521 + 255k and b below 65521(k+1) + 255k(k+1)/2,
// under 2^64 for k up to 2^28; a run is at most a row, far less than the
// margin.
const adlerSpan = 1 << 27

// adler32 is an Adler-32 sum in 64 bits: reduced modulo adlerMod only
// when unreduced, the bytes added since, would pass adlerSpan.
type adler32 struct {
	a, b      uint64
	unreduced int
}

// add adds n bytes of value v to the sum in closed form: a run of a
// million zeros costs what one byte does, and no byte a division (a sum
// of a megabyte of pixels needs no reduction before its end).
func (s adler32) add(v byte, n int) adler32 {
	return s.expect(n).addRun(v, n)
}

// expect makes room for n bytes more, reducing the sum if they would
// pass adlerSpan; addRun and add1 then add them without asking.
// They take and return a value, which the compiler keeps in registers
// in a loop.
func (s adler32) expect(n int) adler32 {
	if s.unreduced += n; s.unreduced > adlerSpan {
		s.a, s.b, s.unreduced = s.a%adlerMod, s.b%adlerMod, n
	}
	return s
}

// addRun is add after expect.
func (s adler32) addRun(v byte, n int) adler32 {
	nn := uint64(n)
	s.b += nn*s.a + uint64(v)*(nn*(nn+1)/2)
	s.a += nn * uint64(v)
	return s
}

// add1 is addRun(v, 1).
func (s adler32) add1(v byte) adler32 {
	s.a += uint64(v)
	s.b += s.a
	return s
}

// sum32 is the sum as zlib writes it.
func (s adler32) sum32() uint32 { return uint32(s.b%adlerMod<<16 | s.a%adlerMod) }

// count counts the symbols that code runs: a literal, then matches at
// distance 1 (3-258 bytes each), then literals for a remainder too short
// to match.
func (e *rleEncoder) count(runs []byteRun) {
	for _, r := range runs {
		e.litFreq[r.v]++
		for n := int(r.n) - 1; ; {
			if n < 3 {
				e.litFreq[r.v] += n
				break
			}
			m := matchLen(n)
			e.litFreq[lengthCode(m)]++
			n -= m
		}
	}
}

// code codes runs, of size bytes in all, as count counts them, and adds
// them to the sum.
func (e *rleEncoder) code(runs []byteRun, size int) {
	// A byte's code is at most 15 bits, and put writes 8 bytes ahead.
	e.out = slices.Grow(e.out, 2*size+16)
	// The bits and the sum in locals, not in e, for the length of a row,
	// and put without a branch (as e.put, inlined).
	out, bits, nbits, sum := e.out, e.bits, e.nbits, e.sum.expect(size)
	put := func(v uint64, n uint) {
		bits |= v << nbits
		nbits += n
		binary.LittleEndian.PutUint64(out[len(out):len(out)+8], bits)
		out = out[:len(out)+int(nbits/8)]
		bits >>= nbits &^ 7
		nbits &= 7
	}
	for _, r := range runs {
		v, n := r.v, int(r.n)
		lit, litLen := uint64(e.litCode[v]), uint(e.litLen[v])
		if n == 1 {
			// Most runs but of zeros, in the edges of the digits.
			sum = sum.add1(v)
			put(lit, litLen)
			continue
		}
		sum = sum.addRun(v, n)
		put(lit, litLen)
		for n--; n >= 3; {
			m := matchLen(n)
			put(e.matchCode[m], e.matchBits[m])
			n -= m
		}
		for ; n > 0; n-- {
			put(lit, litLen)
		}
	}
	e.out, e.bits, e.nbits, e.sum = out, bits, nbits, sum
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
	e.litFreq = [286]int{}
	e.sampled, e.sampledEnd = e.sampled[:0], e.sampledEnd[:0]
	for y := 0; y < h; y += 8 {
		start := len(e.sampled)
		e.sampled = e.scan(e.sampled, pix, w, y, stride)
		e.sampledEnd = append(e.sampledEnd, len(e.sampled))
		e.count(e.sampled[start:])
	}
	for s := range e.litFreq {
		e.litFreq[s] = 8*e.litFreq[s] + 1
	}
	e.sum = adler32{a: 1}
	e.out = append(e.out[:0], 0x78, 0x01) // deflate, 32 KB window, fastest
	e.bits, e.nbits = 0, 0
	e.header()
	start := 0
	for y := 0; y < h; y++ {
		if y%8 == 0 {
			end := e.sampledEnd[y/8]
			e.code(e.sampled[start:end], w+1)
			start = end
			continue
		}
		e.runs = e.scan(e.runs[:0], pix, w, y, stride)
		e.code(e.runs, w+1)
	}
	e.put(uint64(e.endCode), uint(e.endLen))
	e.flush()
	return binary.BigEndian.AppendUint32(e.out, e.sum.sum32())
}

// scan appends to runs those of row y as filtered, its filter byte first.
func (e *rleEncoder) scan(runs []byteRun, pix []byte, w, y, stride int) []byteRun {
	cur := pix[y*stride:][:w] // so sliced, the compiler sees len(cur) == w
	if y == 0 {
		runs = append(runs, byteRun{0, 1}) // None
		for i := 0; i < w; {
			j := i + 1
			for j < w && cur[j] == cur[i] {
				j++
			}
			runs = append(runs, byteRun{cur[i], int32(j - i)})
			i = j
		}
		return runs
	}
	runs = append(runs, byteRun{2, 1}) // Up
	prev := pix[(y-1)*stride:][:w]
	if bytes.Equal(cur, prev) {
		runs = append(runs, byteRun{0, int32(w)}) // most rows: the same as the one above
		return runs
	}
	for i := 0; i < w; {
		d := cur[i] - prev[i]
		j := i + 1
		if d == 0 {
			// The common case, pixels as the ones above: eight at a time,
			// to the first that differs.
			for j+8 <= w {
				if x := binary.LittleEndian.Uint64(cur[j:j+8]) ^ binary.LittleEndian.Uint64(prev[j:j+8]); x != 0 {
					j += bits.TrailingZeros64(x) / 8
					break
				}
				j += 8
			}
		}
		for j < w && cur[j]-prev[j] == d {
			j++
		}
		runs = append(runs, byteRun{d, int32(j - i)})
		i = j
	}
	return runs
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
	copy(e.litCode[:], litCode)
	copy(e.litLen[:], litLen)
	e.endCode, e.endLen = litCode[256], litLen[256]
}

// put writes the n low bits of v (n at most 56), least significant first:
// it writes all the bits waiting, eight bytes, and keeps those of the
// last byte unfinished (at most 7) for the next.
func (e *rleEncoder) put(v uint64, n uint) {
	e.out = slices.Grow(e.out, 8)
	e.bits |= v << e.nbits
	e.nbits += n
	binary.LittleEndian.PutUint64(e.out[len(e.out):len(e.out)+8], e.bits)
	e.out = e.out[:len(e.out)+int(e.nbits/8)]
	e.bits >>= e.nbits &^ 7
	e.nbits &= 7
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
		// The symbols in order of frequency, then of symbol: sorted as
		// one number each, frequency above symbol, which is many times
		// faster than sorting the symbols by a comparison of the two (a
		// frequency is at most 8 a pixel, far below 2^48).
		keys := make([]uint64, 0, len(f))
		for s, v := range f {
			if v > 0 {
				keys = append(keys, uint64(v)<<16|uint64(s))
			}
		}
		slices.Sort(keys)
		leaves := make([]int, len(keys))
		for i, k := range keys {
			leaves[i] = int(k & 0xffff)
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
