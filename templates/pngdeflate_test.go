package templates

import (
	"bytes"
	"compress/zlib"
	"image"
	"image/png"
	"io"
	"math/rand/v2"
	"testing"
)

// TestEncodeGrayRoundTrip: image/png and zlib read back exactly the
// pixels encodeGray wrote, for pictures made to hit the coder's edges:
// runs of every length around a match's 3 and 258, rows equal to the one
// above, noise (no runs at all), one pixel, one value everywhere, and
// skewed frequencies that need the length limit.
func TestEncodeGrayRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	type pic struct {
		name string
		w, h int
		fill func(x, y int) byte
	}
	pics := []pic{
		{"one pixel", 1, 1, func(x, y int) byte { return 7 }},
		{"white", 945, 40, func(x, y int) byte { return 255 }},
		{"noise", 300, 50, func(x, y int) byte { return byte(rng.IntN(256)) }},
		{"runs", 700, 30, func(x, y int) byte {
			// Runs of lengths 1, 2, 3, ... along each row, shifted by y.
			n, k := 1, 0
			for k+n <= x+y {
				k += n
				n++
			}
			return byte(n * 37)
		}},
		{"long runs", 2000, 5, func(x, y int) byte {
			for _, edge := range []int{258, 259, 260, 261, 262, 517, 518, 1000} {
				if x < edge {
					return byte(edge + y)
				}
			}
			return 0
		}},
		{"skewed", 600, 120, func(x, y int) byte {
			// Geometric frequencies: a Huffman code deeper than 15 bits
			// unless limited.
			v := 0
			for v < 30 && rng.IntN(2) == 0 {
				v++
			}
			return byte(v * 8)
		}},
		{"grid", 945, 300, func(x, y int) byte {
			if x%105 < 3 || y%105 < 3 {
				return 0
			}
			if (x/105+y/105)%3 == 0 {
				return 204
			}
			return 255
		}},
	}
	for _, p := range pics {
		img := image.NewGray(image.Rect(0, 0, p.w, p.h))
		for y := range p.h {
			for x := range p.w {
				img.Pix[y*img.Stride+x] = p.fill(x, y)
			}
		}
		var buf bytes.Buffer
		if err := encodeGray(&buf, img, 300); err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Errorf("%s: %v", p.name, err)
			continue
		}
		g, ok := got.(*image.Gray)
		if !ok || g.Rect != img.Rect || !bytes.Equal(g.Pix, img.Pix) {
			t.Errorf("%s: read back a different image", p.name)
		}
	}
	// zlib's own check: the Adler-32 sum, computed run by run, is right.
	e := &rleEncoder{}
	pix := bytes.Repeat([]byte{0, 0, 0, 9, 9, 200}, 5000)
	z := e.zlibRows(pix, 600, 50, 600)
	r, err := zlib.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadAll(r); err != nil {
		t.Errorf("zlib: %v", err)
	}
}

// TestHuffmanLengths: the lengths make a complete prefix code (Kraft's sum
// is one) within the limit, for frequencies up to the geometric ones that
// exceed it unlimited.
func TestHuffmanLengths(t *testing.T) {
	for _, tt := range []struct {
		freq  []int
		limit int
	}{
		{[]int{5, 0, 0, 1}, 15},
		{[]int{1, 1, 1, 1, 1}, 7},
		{func() []int {
			f := make([]int, 286)
			for i := range 40 {
				f[i] = 1 << (i % 31)
			}
			return f
		}(), 15},
		{[]int{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096}, 7},
	} {
		l := huffmanLengths(tt.freq, tt.limit)
		sum := 0.0
		for s, n := range l {
			if (n == 0) != (tt.freq[s] == 0) || int(n) > tt.limit {
				t.Errorf("%v: symbol %d of frequency %d has length %d (limit %d)", tt.freq, s, tt.freq[s], n, tt.limit)
			}
			if n > 0 {
				sum += 1 / float64(uint(1)<<n)
			}
		}
		if sum != 1 {
			t.Errorf("%v: lengths %v: Kraft sum %g, want 1", tt.freq, l, sum)
		}
	}
}

// TestAdlerRuns: the Adler-32 sum adler32 takes in 64 bits, reduced only every
// adlerSpan bytes, is the sum reduced at every step, over runs of up to
// a row's length passing the span four times, and over single bytes
// (add1).
func TestAdlerRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	s := adler32{a: 1}
	a, b := uint64(1), uint64(0)
	add := func(v byte, n int) {
		if n == 1 {
			s = s.expect(1).add1(v)
		} else {
			s = s.add(v, n)
		}
		nn := uint64(n)
		b = (b + nn%adlerMod*a + uint64(v)*((nn*(nn+1)/2)%adlerMod)) % adlerMod
		a = (a + nn%adlerMod*uint64(v)) % adlerMod
	}
	for total := 0; total < 4*adlerSpan+5; {
		n := 1 + rng.IntN(30000)
		if rng.IntN(4) == 0 {
			n = 1
		}
		add(byte(192+rng.IntN(64)), n) // high values: the sum nearest overflow
		total += n
	}
	if s.a%adlerMod != a || s.b%adlerMod != b || s.sum32() != uint32(b<<16|a) {
		t.Errorf("sum (%d, %d), want (%d, %d)", s.a%adlerMod, s.b%adlerMod, a, b)
	}
}
