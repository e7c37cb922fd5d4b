package engine

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// ErrFormat is wrapped by every parse error, so callers can tell bad input
// from a failing reader with errors.Is.
var ErrFormat = errors.New("bad puzzle")

// ParseError is a rejected puzzle: the 1-based line where it starts and what
// is wrong with it.
type ParseError struct {
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }
func (e *ParseError) Unwrap() error { return ErrFormat }

// Parse reads one puzzle given as 81 cells on one line: '1'-'9' for givens,
// '.' or '0' for empty cells. Anything after the 81 cells that is separated
// by white space (a rating, a solution column) is ignored. The givens must
// not repeat a digit in a row, column or box; the error names the cells.
func Parse(line string) (Grid, error) {
	g, msg := parseLine(line)
	if msg != "" {
		return Grid{}, &ParseError{Line: 1, Msg: msg}
	}
	return g, nil
}

// MustParse is Parse for puzzles written into the program or its tests; it
// panics on a malformed line.
func MustParse(line string) Grid {
	g, err := Parse(line)
	if err != nil {
		panic(err)
	}
	return g
}

func isCell(b byte) bool { return b == '.' || (b >= '0' && b <= '9') }

func parseLine(line string) (Grid, string) {
	field := line
	if i := strings.IndexAny(line, " \t,;"); i >= 0 {
		field = line[:i]
	}
	if len(field) != 81 {
		return Grid{}, fmt.Sprintf("want 81 cells on a line, found %d characters", len(field))
	}
	var g Grid
	for i := 0; i < 81; i++ {
		b := field[i]
		if !isCell(b) {
			return Grid{}, fmt.Sprintf("character %q at %s (position %d) is not a digit, '.' or '0'", rune(b), CellName(i), i+1)
		}
		if b != '.' {
			g[i] = b - '0'
		}
	}
	if c := g.Conflicts(); len(c) > 0 {
		return Grid{}, c[0].String()
	}
	return g, ""
}

// Reader reads puzzles from text: one 81-cell puzzle a line, or the nine-line
// grid formats with '|', '-', '+' and '=' as separators (one row of nine
// cells per line, white space ignored). Blank lines and lines starting with
// '#' are skipped. A bad puzzle is reported as a *ParseError naming its line;
// reading can go on past it.
type Reader struct {
	sc   *bufio.Scanner
	line int
}

// NewReader reads puzzles from r.
func NewReader(r io.Reader) *Reader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	return &Reader{sc: sc}
}

// Next returns the next puzzle and the line it starts on. At the end it
// returns io.EOF; for a bad puzzle it returns a *ParseError (wrapping
// ErrFormat), after which Next may be called again.
func (r *Reader) Next() (Grid, int, error) {
	var rows []string // the cells of a nine-line grid being collected
	start := 0
	for r.sc.Scan() {
		r.line++
		text := strings.TrimRight(r.sc.Text(), "\r")
		if r.line == 1 {
			// The byte order mark some editors put at the start of a file.
			text = strings.TrimPrefix(text, "\ufeff")
		}
		trimmed := strings.TrimSpace(text)
		if trimmed == "" || trimmed[0] == '#' {
			if len(rows) > 0 {
				return Grid{}, start, &ParseError{Line: start, Msg: fmt.Sprintf("grid ends after %d rows, want 9", len(rows))}
			}
			continue
		}
		if len(rows) == 0 && looksLikeLine(trimmed) {
			g, msg := parseLine(trimmed)
			if msg != "" {
				return Grid{}, r.line, &ParseError{Line: r.line, Msg: msg}
			}
			return g, r.line, nil
		}
		if isSeparator(trimmed) {
			continue
		}
		cells, msg := gridRow(trimmed)
		if msg != "" {
			line := r.line
			if len(rows) > 0 {
				msg = fmt.Sprintf("row %d of the grid starting on line %d: %s", len(rows)+1, start, msg)
			}
			return Grid{}, line, &ParseError{Line: line, Msg: msg}
		}
		if len(rows) == 0 {
			start = r.line
		}
		rows = append(rows, cells)
		if len(rows) == 9 {
			g, msg := parseLine(strings.Join(rows, ""))
			if msg != "" {
				return Grid{}, start, &ParseError{Line: start, Msg: msg}
			}
			return g, start, nil
		}
	}
	if err := r.sc.Err(); err != nil {
		return Grid{}, r.line, err
	}
	if len(rows) > 0 {
		return Grid{}, start, &ParseError{Line: start, Msg: fmt.Sprintf("grid ends after %d rows, want 9", len(rows))}
	}
	return Grid{}, r.line, io.EOF
}

// looksLikeLine tells a one-line puzzle (even a malformed one) from a row of
// a nine-line grid: its first field is long and has no box separators.
func looksLikeLine(s string) bool {
	f := firstField(s)
	return len(f) > 12 && !strings.ContainsAny(f, "|+")
}

func allCells(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isCell(s[i]) {
			return false
		}
	}
	return true
}

func firstField(s string) string {
	if i := strings.IndexAny(s, " \t,;"); i >= 0 {
		return s[:i]
	}
	return s
}

// isSeparator reports a line made only of rule characters, such as
// "------+-------+------" or "+=====+".
func isSeparator(s string) bool {
	rule := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '-', '=', '+', '*':
			rule = true
		case ' ', '\t', '|':
		default:
			return false
		}
	}
	return rule
}

// gridRow extracts the nine cells of one row of a grid drawn over nine lines.
func gridRow(s string) (string, string) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isCell(c):
			b.WriteByte(c)
		case c == ' ' || c == '\t' || c == '|' || c == '+':
		default:
			return "", fmt.Sprintf("character %q is not a digit, '.' or '0'", rune(c))
		}
	}
	if b.Len() != 9 {
		return "", fmt.Sprintf("want 9 cells in a grid row, found %d", b.Len())
	}
	return b.String(), ""
}
