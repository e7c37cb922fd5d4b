package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
)

// Transform is one element of the Sudoku group, the changes of a grid that
// keep every rule: an optional transposition, a reordering of the rows that
// keeps the rows of a band together (bands reordered, rows reordered within
// each band), the same for the columns and stacks, and a relabelling of the
// digits. There are 2 * 6^4 * 6^4 * 9! = 1,218,998,108,160 of them.
//
// Applied to a grid g, a transform gives the grid h with
//
//	h[r][c] = digit(s[row(r)][col(c)])
//
// where s is g, or g transposed (s[i][j] = g[j][i]) when the transform
// transposes; row(r) is the row of s that becomes row r of h, col(c) the
// column of s that becomes column c, and digit(d) the digit that d is
// written as, with 0 (an empty cell) kept as 0. String, ParseTransform and
// the JSON form spell out exactly these three maps, 1-based.
//
// A Transform is a small comparable value: the zero Transform is the
// identity, and two transforms are equal exactly when they act the same on
// every grid.
type Transform struct {
	transpose bool
	// Each map is stored XOR the identity, which makes the zero value the
	// identity: row r of the result comes from row rows[r]^r, column c from
	// column cols[c]^c, and digit d+1 becomes digit (digits[d]^d)+1.
	rows, cols, digits [9]uint8
}

// ErrTransform is wrapped by every error ParseTransform and
// Transform.UnmarshalJSON return for text that is not a transform.
var ErrTransform = errors.New("bad transform")

// Identity returns the transform that changes nothing (the zero Transform).
func Identity() Transform { return Transform{} }

// newTransform builds a transform from plain maps: the source row and column
// of each row and column of the result, and the digit each digit 1-9 becomes
// (digits[0] is ignored). The caller guarantees they form a group element.
func newTransform(transpose bool, rows, cols [9]uint8, digits [10]uint8) Transform {
	t := Transform{transpose: transpose}
	for i := uint8(0); i < 9; i++ {
		t.rows[i] = rows[i] ^ i
		t.cols[i] = cols[i] ^ i
		t.digits[i] = (digits[i+1] - 1) ^ i
	}
	return t
}

func (t Transform) row(r int) int { return int(t.rows[r]) ^ r }
func (t Transform) col(c int) int { return int(t.cols[c]) ^ c }

// digitMap returns the relabelling as a table indexed by digit, 0 kept as 0.
func (t Transform) digitMap() (m [10]uint8) {
	for d := uint8(0); d < 9; d++ {
		m[d+1] = (t.digits[d] ^ d) + 1
	}
	return m
}

// maps returns the transform's plain maps, the inverse of newTransform.
func (t Transform) maps() (rows, cols [9]uint8, digits [10]uint8) {
	for i := 0; i < 9; i++ {
		rows[i] = uint8(t.row(i))
		cols[i] = uint8(t.col(i))
	}
	return rows, cols, t.digitMap()
}

// Apply returns the grid t makes of g (see Transform for the exact maps).
// Empty cells stay empty; the cells of g must hold 0-9, as every parsed Grid
// does.
func (t Transform) Apply(g Grid) Grid {
	dm := t.digitMap()
	var h Grid
	for r := 0; r < 9; r++ {
		sr := t.row(r)
		for c := 0; c < 9; c++ {
			sc := t.col(c)
			src := sr*9 + sc
			if t.transpose {
				src = sc*9 + sr
			}
			h[r*9+c] = dm[g[src]]
		}
	}
	return h
}

// Invert returns the transform that undoes t: t.Invert().Apply(t.Apply(g))
// == g for every grid g.
func (t Transform) Invert() Transform {
	rows, cols, digits := t.maps()
	var ir, ic [9]uint8
	var id [10]uint8
	for i := uint8(0); i < 9; i++ {
		ir[rows[i]] = i
		ic[cols[i]] = i
		id[digits[i+1]] = i + 1
	}
	if t.transpose {
		// h[r][c] = g[cols[c]][rows[r]], so g[i][j] = h[ir[j]][ic[i]]: the
		// inverse transposes too, and its rows come from t's columns.
		ir, ic = ic, ir
	}
	return newTransform(t.transpose, ir, ic, id)
}

// Compose returns the transform that applies u first and then t:
// t.Compose(u).Apply(g) == t.Apply(u.Apply(g)) for every grid g.
func (t Transform) Compose(u Transform) Transform {
	tr, tc, td := t.maps()
	ur, uc, ud := u.maps()
	var rows, cols [9]uint8
	var digits [10]uint8
	for i := 0; i < 9; i++ {
		if t.transpose {
			// Row r of t's transposed input is column r of u's result.
			rows[i], cols[i] = uc[tr[i]], ur[tc[i]]
		} else {
			rows[i], cols[i] = ur[tr[i]], uc[tc[i]]
		}
		digits[i+1] = td[ud[i+1]]
	}
	return newTransform(t.transpose != u.transpose, rows, cols, digits)
}

// RandomTransform draws a transform uniformly from the whole Sudoku group.
func RandomTransform(rng *rand.Rand) Transform {
	var digits [10]uint8
	for d := range digits {
		digits[d] = uint8(d)
	}
	rng.Shuffle(9, func(i, j int) { digits[i+1], digits[j+1] = digits[j+1], digits[i+1] })
	return newTransform(rng.IntN(2) == 1, randomLines(rng), randomLines(rng), digits)
}

// randomLines draws a uniform order of nine rows (or columns) that keeps
// bands (stacks) together.
func randomLines(rng *rand.Rand) (p [9]uint8) {
	bands := [3]uint8{0, 1, 2}
	rng.Shuffle(3, func(i, j int) { bands[i], bands[j] = bands[j], bands[i] })
	for b, from := range bands {
		lines := [3]uint8{0, 1, 2}
		rng.Shuffle(3, func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
		for i, l := range lines {
			p[3*b+i] = 3*from + l
		}
	}
	return p
}

// String formats t in one compact token: "t" when it transposes, then "r",
// "c" and "d" each followed by nine digits: the rows of the (transposed)
// grid that become rows 1-9, its columns that become columns 1-9, and what
// digits 1-9 become, all 1-based. The identity is
// "r123456789c123456789d123456789". ParseTransform reads it back.
func (t Transform) String() string {
	rows, cols, digits := t.fields()
	prefix := ""
	if t.transpose {
		prefix = "t"
	}
	return prefix + "r" + rows + "c" + cols + "d" + digits
}

func (t Transform) fields() (rows, cols, digits string) {
	r, c, d := t.maps()
	var rb, cb, db [9]byte
	for i := 0; i < 9; i++ {
		rb[i] = '1' + r[i]
		cb[i] = '1' + c[i]
		db[i] = '0' + d[i+1]
	}
	return string(rb[:]), string(cb[:]), string(db[:])
}

// ParseTransform reads the form String writes. Errors wrap ErrTransform and
// say which map is wrong.
func ParseTransform(s string) (Transform, error) {
	rest, transpose := strings.CutPrefix(s, "t")
	var f [3]string
	for i, tag := range []string{"r", "c", "d"} {
		var ok bool
		if rest, ok = strings.CutPrefix(rest, tag); !ok || len(rest) < 9 {
			return Transform{}, fmt.Errorf("%w %q: want [t]r<9 digits>c<9 digits>d<9 digits>", ErrTransform, s)
		}
		f[i], rest = rest[:9], rest[9:]
	}
	if rest != "" {
		return Transform{}, fmt.Errorf("%w %q: unexpected %q at the end", ErrTransform, s, rest)
	}
	t, err := transformOf(transpose, f[0], f[1], f[2])
	if err != nil {
		return Transform{}, fmt.Errorf("%w %q: %v", ErrTransform, s, err)
	}
	return t, nil
}

// transformJSON is the JSON object form of a Transform; its fields are the
// strings of String.
type transformJSON struct {
	Transpose bool   `json:"transpose"`
	Rows      string `json:"rows"`
	Cols      string `json:"cols"`
	Digits    string `json:"digits"`
}

// MarshalJSON writes t as
// {"transpose":false,"rows":"123456789","cols":"123456789","digits":"123456789"},
// the maps of String.
func (t Transform) MarshalJSON() ([]byte, error) {
	rows, cols, digits := t.fields()
	return json.Marshal(transformJSON{Transpose: t.transpose, Rows: rows, Cols: cols, Digits: digits})
}

// UnmarshalJSON reads the object MarshalJSON writes. "transpose" may be left
// out (false); the three maps are required and unknown keys are errors. A
// JSON null leaves t as it is. Errors wrap ErrTransform.
func (t *Transform) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		return nil
	}
	var v transformJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return fmt.Errorf("%w: %w", ErrTransform, err)
	}
	u, err := transformOf(v.Transpose, v.Rows, v.Cols, v.Digits)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrTransform, err)
	}
	*t = u
	return nil
}

// transformOf checks and builds a transform from the three 1-based maps of
// String.
func transformOf(transpose bool, rows, cols, digits string) (Transform, error) {
	r, err := parseOrder("rows", rows, "band")
	if err != nil {
		return Transform{}, err
	}
	c, err := parseOrder("cols", cols, "stack")
	if err != nil {
		return Transform{}, err
	}
	d, err := parseOrder("digits", digits, "")
	if err != nil {
		return Transform{}, err
	}
	var dm [10]uint8
	for i, v := range d {
		dm[i+1] = v + 1
	}
	return newTransform(transpose, r, c, dm), nil
}

// parseOrder reads nine digits 1-9, each once, as 0-based values. With a
// block name ("band", "stack") each group of three must come from one block.
func parseOrder(name, s, block string) ([9]uint8, error) {
	var p [9]uint8
	if len(s) != 9 {
		return p, fmt.Errorf("%s %q: want 9 digits", name, s)
	}
	var seen uint16
	for i := 0; i < 9; i++ {
		ch := s[i]
		if ch < '1' || ch > '9' {
			return p, fmt.Errorf("%s %q: %q is not a digit 1-9", name, s, rune(ch))
		}
		v := ch - '1'
		if seen&(1<<v) != 0 {
			return p, fmt.Errorf("%s %q: %c appears twice", name, s, ch)
		}
		seen |= 1 << v
		p[i] = v
	}
	if block != "" {
		for b := 0; b < 9; b += 3 {
			if p[b]/3 != p[b+1]/3 || p[b]/3 != p[b+2]/3 {
				return p, fmt.Errorf("%s %q: %s %d mixes lines from different %ss", name, s, block, b/3+1, block)
			}
		}
	}
	return p, nil
}
