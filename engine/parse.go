package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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

// LooksLikePuzzle reports whether s, given where a file name may stand
// (a command line argument), is meant as a one-line puzzle, even a mistyped
// one: it is longer than 40 bytes and nine in ten of its bytes are cells
// ('1'-'9', '.' or '0'), which no file name a person types is.
func LooksLikePuzzle(s string) bool {
	if len(s) <= 40 {
		return false
	}
	cells := 0
	for i := 0; i < len(s); i++ {
		if isCell(s[i]) {
			cells++
		}
	}
	return cells*10 >= len(s)*9
}

// text is what the line parsers take: a string, or the reader's bytes
// without a copy.
type text interface{ ~string | ~[]byte }

func isCell(b byte) bool { return b == '.' || (b >= '0' && b <= '9') }

// parseLine reads the 81 cells of a one-line puzzle (its first field) and
// returns the grid, or what is wrong with it.
func parseLine[T text](line T) (Grid, string) {
	if g, ok := readCells(line); ok {
		return g, ""
	}
	return Grid{}, lineProblem(line)
}

// readCells is parseLine without the words: it allocates nothing, checking
// the houses with bit masks as it reads the cells.
func readCells[T text](line T) (Grid, bool) {
	if len(line) < 81 || len(line) > 81 && !isFieldEnd(line[81]) {
		return Grid{}, false
	}
	var g Grid
	var rows, cols, boxes [9]uint16
	for i := 0; i < 81; i++ {
		b := line[i]
		if b == '.' || b == '0' {
			continue
		}
		if b < '1' || b > '9' {
			return Grid{}, false
		}
		d := b - '0'
		g[i] = d
		bit := uint16(1) << d
		r, c, x := i/9, i%9, Box(i)
		if (rows[r]|cols[c]|boxes[x])&bit != 0 {
			return Grid{}, false
		}
		rows[r] |= bit
		cols[c] |= bit
		boxes[x] |= bit
	}
	return g, true
}

// lineProblem says what is wrong with a line readCells refused: the first
// field's length, a character that is no cell, or the first repeated
// digit (the full conflict report is built only here).
func lineProblem[T text](line T) string {
	field := firstField(line)
	if len(field) != 81 {
		return fmt.Sprintf("want 81 cells on a line, found %d characters", len(field))
	}
	var g Grid
	for i := 0; i < 81; i++ {
		b := field[i]
		if !isCell(b) {
			return fmt.Sprintf("character %q at %s (position %d) is not a digit, '.' or '0'", rune(b), CellName(i), i+1)
		}
		if b != '.' {
			g[i] = b - '0'
		}
	}
	if c := g.Conflicts(); len(c) > 0 {
		return c[0].String()
	}
	return "not a puzzle" // not reached: readCells refuses nothing else
}

// MaxLine is the longest line Reader takes, in bytes; a longer one is
// reported with its length and skipped without being held in memory.
const MaxLine = 1 << 20

// The formats a Reader tells apart by the first line of its input that is
// not blank or a comment.
const (
	formatUnknown = iota
	formatPlain   // one-line puzzles and nine-line grids
	formatTSV     // a header row with a "puzzle" column, tab-separated
	formatJSON    // JSON lines: objects with a "puzzle" key
)

// Reader reads puzzles from text in one of three formats, found from the
// first line that is not blank or a comment ('#'):
//
//   - pressrun's TSV: a header row with a column named "puzzle", then one
//     tab-separated row a puzzle; the other columns are ignored, and the
//     header repeated (files joined with cat) is skipped;
//   - JSON lines: one object a line with a "puzzle" key holding the 81
//     cells; other keys are ignored;
//   - plain text: one 81-cell puzzle a line, or the nine-line grid formats
//     with '|', '-', '+' and '=' as separators (one row of nine cells per
//     line, white space ignored).
//
// Lines end with LF, CRLF or CR alone; a UTF-8 byte order mark at the start
// is skipped. Blank lines and lines starting with '#' are skipped. A bad
// puzzle, or a line longer than MaxLine, is reported as a *ParseError
// naming its line; reading can go on past it. Reading allocates nothing per
// puzzle, only to report a bad one.
type Reader struct {
	in     io.Reader
	buf    []byte // buf[start:end] is read and not yet returned
	start  int
	end    int
	limit  int   // the longest line taken: MaxLine but in tests
	err    error // the input's error, io.EOF at its end
	skipLF bool  // the last line ended with '\r': a '\n' next ends no line
	line   int   // lines returned so far

	format int
	header int // the line of a TSV header
	column int // the 0-based column of the puzzle in a TSV file
	cells  [81]byte
}

// NewReader reads puzzles from r.
func NewReader(r io.Reader) *Reader { return newReader(r, MaxLine, 64<<10) }

// newReader is NewReader taking lines up to limit bytes, reading size bytes
// at first.
func newReader(r io.Reader, limit, size int) *Reader {
	return &Reader{in: r, limit: limit, buf: make([]byte, max(1, min(size, limit+1)))}
}

// Next returns the next puzzle and the line it starts on. At the end it
// returns io.EOF; for a bad puzzle it returns a *ParseError (wrapping
// ErrFormat), after which Next may be called again; an error of the input
// is returned as it is.
func (r *Reader) Next() (Grid, int, error) {
	rows, start := 0, 0 // the rows of a nine-line grid collected, and its first line
	for {
		raw, long, err := r.readLine()
		if err != nil {
			if err == io.EOF && rows > 0 {
				return Grid{}, start, shortGrid(start, rows)
			}
			return Grid{}, r.line, err
		}
		r.line++
		if long > 0 {
			return Grid{}, r.line, &ParseError{Line: r.line, Msg: fmt.Sprintf("line too long (%d bytes)", long)}
		}
		if r.line == 1 {
			raw = bytes.TrimPrefix(raw, []byte("\ufeff"))
		}
		trimmed := bytes.TrimSpace(raw)
		if len(trimmed) == 0 || trimmed[0] == '#' {
			if rows > 0 {
				return Grid{}, start, shortGrid(start, rows)
			}
			continue
		}
		if r.format == formatUnknown {
			r.format = formatPlain
			if trimmed[0] == '{' {
				r.format = formatJSON
			} else if col, ok := puzzleColumn(raw); ok {
				r.format, r.header, r.column = formatTSV, r.line, col
				continue
			}
		}
		switch r.format {
		case formatTSV:
			field, msg := r.tsvField(raw)
			if msg == "" && string(field) == "puzzle" {
				continue // the header again
			}
			return r.fieldPuzzle(field, msg)
		case formatJSON:
			return r.fieldPuzzle(jsonPuzzle(trimmed))
		}
		if rows == 0 {
			if g, ok := readCells(trimmed); ok {
				return g, r.line, nil
			}
			if looksLikeLine(trimmed) {
				return Grid{}, r.line, &ParseError{Line: r.line, Msg: lineProblem(trimmed)}
			}
		}
		if isSeparator(trimmed) {
			continue
		}
		msg := gridRow(trimmed, r.cells[rows*9:rows*9+9])
		if msg != "" {
			if rows > 0 {
				msg = fmt.Sprintf("row %d of the grid starting on line %d: %s", rows+1, start, msg)
			}
			return Grid{}, r.line, &ParseError{Line: r.line, Msg: msg}
		}
		if rows == 0 {
			start = r.line
		}
		rows++
		if rows == 9 {
			g, msg := parseLine(r.cells[:])
			if msg != "" {
				return Grid{}, start, &ParseError{Line: start, Msg: msg}
			}
			return g, start, nil
		}
	}
}

func shortGrid(start, rows int) error {
	return &ParseError{Line: start, Msg: fmt.Sprintf("grid ends after %d rows, want 9", rows)}
}

// fieldPuzzle parses the puzzle field of a TSV row or a JSON line, or
// reports msg, what is wrong with the row, on the current line.
func (r *Reader) fieldPuzzle(field []byte, msg string) (Grid, int, error) {
	if msg == "" {
		var g Grid
		if g, msg = parseLine(field); msg == "" {
			return g, r.line, nil
		}
		msg = "puzzle: " + msg
	}
	return Grid{}, r.line, &ParseError{Line: r.line, Msg: msg}
}

// readLine returns the next line without its end (LF, CRLF or CR). For a
// line longer than the limit it returns its length instead, having dropped
// its bytes as they came. The line is valid until the next call.
func (r *Reader) readLine() (line []byte, long int, err error) {
	for {
		if r.skipLF && r.start < r.end {
			if r.buf[r.start] == '\n' {
				r.start++
			}
			r.skipLF = false
		}
		held := r.buf[r.start:r.end]
		if i := lineEnd(held); i >= 0 {
			r.skipLF = held[i] == '\r'
			r.start += i + 1
			if long > 0 {
				return nil, long + i, nil
			}
			return held[:i], 0, nil
		}
		if r.err != nil {
			if r.err != io.EOF {
				return nil, 0, r.err
			}
			r.start = r.end
			switch {
			case long > 0:
				return nil, long + len(held), nil
			case len(held) > 0:
				return held, 0, nil
			}
			return nil, 0, io.EOF
		}
		// No end of line held: make room, and read on.
		if r.start > 0 {
			r.end = copy(r.buf, held)
			r.start = 0
		}
		if r.end == len(r.buf) {
			if len(r.buf) <= r.limit { // room for limit bytes and their end
				grown := make([]byte, min(2*len(r.buf), r.limit+1))
				copy(grown, r.buf)
				r.buf = grown
			} else {
				long += r.end // too long: count what is held and drop it
				r.end = 0
			}
		}
		n, err := r.in.Read(r.buf[r.end:])
		r.end += n
		r.err = err
	}
}

// lineEnd is the index of the first '\n' or '\r' in b, or -1.
func lineEnd(b []byte) int {
	i := bytes.IndexByte(b, '\n')
	if i < 0 {
		return bytes.IndexByte(b, '\r')
	}
	if j := bytes.IndexByte(b[:i], '\r'); j >= 0 {
		return j
	}
	return i
}

// puzzleColumn finds the column named "puzzle" in a tab-separated header.
func puzzleColumn(header []byte) (int, bool) {
	for col := 0; ; col++ {
		field, rest, more := bytes.Cut(header, []byte{'\t'})
		if string(bytes.TrimSpace(field)) == "puzzle" {
			return col, true
		}
		if !more {
			return 0, false
		}
		header = rest
	}
}

// tsvField is the puzzle column of a TSV row, or what is wrong with the row.
func (r *Reader) tsvField(row []byte) ([]byte, string) {
	for col := 0; ; col++ {
		field, rest, more := bytes.Cut(row, []byte{'\t'})
		if col == r.column {
			return bytes.TrimSpace(field), ""
		}
		if !more {
			found := "1 column"
			if col > 0 {
				found = fmt.Sprintf("%d columns", col+1)
			}
			return nil, fmt.Sprintf("%s, but the header on line %d puts the puzzle in column %d", found, r.header, r.column+1)
		}
		row = rest
	}
}

// jsonPuzzle is the string under the key "puzzle" of a JSON object on one
// line, or what is wrong with the line. It reads the object in place: a
// well-formed object, checked first, needs no decoding to find a key.
func jsonPuzzle(line []byte) ([]byte, string) {
	if line[0] != '{' {
		return nil, `want a JSON object with a "puzzle" key`
	}
	if !json.Valid(line) {
		err := json.Unmarshal(line, new(json.RawMessage))
		return nil, fmt.Sprintf("not JSON: %v", err)
	}
	var puzzle []byte
	found := false
	i := skipSpace(line, 1)
	for line[i] != '}' {
		end := skipString(line, i)
		key := line[i+1 : end-1]
		i = skipSpace(line, end)
		i = skipSpace(line, i+1) // the ':'
		vstart := i
		i = skipValue(line, i)
		if jsonKey(key, "cages") {
			return nil, `a killer's "cages": --variant killer (or killer-6x6) reads it`
		}
		if jsonKey(key, "puzzle") {
			if found {
				return nil, `"puzzle" given twice`
			}
			found = true
			puzzle = line[vstart:i]
		}
		i = skipSpace(line, i)
		if line[i] == ',' {
			i = skipSpace(line, i+1)
		}
	}
	if !found {
		return nil, `no "puzzle" key in the JSON object`
	}
	if puzzle[0] != '"' {
		return nil, `"puzzle" is not a string`
	}
	if s := puzzle[1 : len(puzzle)-1]; bytes.IndexByte(s, '\\') < 0 {
		return s, ""
	}
	var s string // escapes: rare enough to decode
	if err := json.Unmarshal(puzzle, &s); err != nil {
		return nil, fmt.Sprintf("puzzle: %v", err)
	}
	return []byte(s), ""
}

// jsonKey reports whether raw, a JSON string's contents without the
// quotes, is name; escapes are decoded only when there are some.
func jsonKey(raw []byte, name string) bool {
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw) == name
	}
	var s string
	err := json.Unmarshal(append(append([]byte{'"'}, raw...), '"'), &s)
	return err == nil && s == name
}

// The skip functions walk JSON that json.Valid has accepted: each returns
// the index just after what it skips.

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	return i
}

func skipString(b []byte, i int) int {
	for j := i + 1; ; j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
}

func skipValue(b []byte, i int) int {
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for j := i; ; j++ {
			switch b[j] {
			case '"':
				j = skipString(b, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
	}
	for ; i < len(b); i++ { // a number, true, false or null
		switch b[i] {
		case ',', '}', ']', ' ', '\t', '\r', '\n':
			return i
		}
	}
	return i
}

// looksLikeLine tells a one-line puzzle (even a malformed one) from a row of
// a nine-line grid: its first field is long and has no box separators.
func looksLikeLine[T text](s T) bool {
	f := firstField(s)
	if len(f) <= 12 {
		return false
	}
	for i := 0; i < len(f); i++ {
		if f[i] == '|' || f[i] == '+' {
			return false
		}
	}
	return true
}

// firstField is s up to the first blank, tab, comma or semicolon.
func firstField[T text](s T) T {
	for i := 0; i < len(s); i++ {
		if isFieldEnd(s[i]) {
			return s[:i]
		}
	}
	return s
}

func isFieldEnd(b byte) bool { return b == ' ' || b == '\t' || b == ',' || b == ';' }

// isSeparator reports a line made only of rule characters, such as
// "------+-------+------" or "+=====+".
func isSeparator[T text](s T) bool {
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

// gridRow copies the nine cells of one row of a grid drawn over nine lines
// into row, or says what is wrong with the line.
func gridRow(s []byte, row []byte) string {
	n := 0
	for _, c := range s {
		switch {
		case isCell(c):
			if n < len(row) {
				row[n] = c
			}
			n++
		case c == ' ' || c == '\t' || c == '|' || c == '+':
		default:
			return fmt.Sprintf("character %q is not a digit, '.' or '0'", rune(c))
		}
	}
	if n != 9 {
		return fmt.Sprintf("want 9 cells in a grid row, found %d", n)
	}
	return ""
}
