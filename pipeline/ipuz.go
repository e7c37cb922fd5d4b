package pipeline

// ipuz is the open exchange format of pencil-and-paper puzzles
// (http://www.ipuz.org/, specification version 2); puzzle syndicates and
// apps exchange Sudoku in its Sudoku kind. This file holds all of
// pressrun's ipuz: the writer (NewIpuz, IpuzJSON), the reader with its
// checks (ReadIpuzFile), and the import of ipuz files (importIpuz).

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/store"
	"github.com/pressrun/pressrun/templates"
)

// The ipuz names pressrun writes and reads.
const (
	IpuzVersion = "http://ipuz.org/v2"
	IpuzSudoku  = "http://ipuz.org/sudoku#1"
	// IpuzExtension is the key of pressrun's own field in an ipuz
	// object: what the Sudoku kind cannot say (see IpuzPressrun). The
	// specification lets a program add fields under a URL-like name of
	// its own.
	IpuzExtension = "https://github.com/pressrun/pressrun/ipuz"
	// MaxIpuzBytes is the most an ipuz file (or an array of them) may
	// have: the size is checked before the file is read.
	MaxIpuzBytes = 1 << 20
	// MaxIpuzPuzzles is the most puzzles one file's array may hold.
	MaxIpuzPuzzles = 1000
)

// Ipuz is one puzzle as an ipuz object of the Sudoku kind, the fields in
// the order pressrun writes them.
type Ipuz struct {
	Version    string         `json:"version"`
	Kind       []string       `json:"kind"`
	Title      string         `json:"title,omitempty"`
	Copyright  string         `json:"copyright,omitempty"`
	Publisher  string         `json:"publisher,omitempty"`
	Date       string         `json:"date,omitempty"` // mm/dd/yyyy, as the specification writes dates
	Origin     string         `json:"origin,omitempty"`
	UniqueID   string         `json:"uniqueid,omitempty"`
	Difficulty string         `json:"difficulty,omitempty"`
	Dimensions IpuzDimensions `json:"dimensions"`
	Charset    string         `json:"charset"`
	// DisplayCharset asks to print the charset's characters, not numbers.
	DisplayCharset bool `json:"displaycharset"`
	Boxes          bool `json:"boxes"`
	// Puzzle and Solution hold numbers (the value's place in Charset,
	// from 1; 0 for an empty cell) up to 9x9, and one-character strings
	// of Charset ("" for empty) above, where a number and a digit part.
	Puzzle   [][]any       `json:"puzzle"`
	Solution [][]any       `json:"solution"`
	Zones    []IpuzGroup   `json:"zones,omitempty"`
	Cages    []IpuzCalc    `json:"cages,omitempty"`
	Pressrun *IpuzPressrun `json:"https://github.com/pressrun/pressrun/ipuz,omitempty"`
}

// IpuzDimensions is ipuz's grid size.
type IpuzDimensions struct {
	Width  int `json:"width"`
	Height int `json:"height"`
}

// IpuzGroup is ipuz's GroupSpec as pressrun writes it: the cells of a
// house, each [column, row] counted from 1.
type IpuzGroup struct {
	Cells [][2]int `json:"cells"`
}

// IpuzCalc is ipuz's CalcSpec as pressrun writes a killer cage: its
// cells add up (operator "+") to Value.
type IpuzCalc struct {
	Operator string   `json:"operator"`
	Value    int      `json:"value"`
	Cells    [][2]int `json:"cells"`
}

// IpuzPressrun is pressrun's extension field: what the Sudoku kind
// cannot say. Variant is the archive's key of the kind (with a jigsaw's
// layout or a killer's cages); Box the box shape, rows by columns, which
// "boxes": true leaves open for sides other than 9; CagesDistinct that a
// killer cage's digits differ (a CalcSpec says only what they add up
// to); the level, ratings and rater are the archive's.
type IpuzPressrun struct {
	Variant       string         `json:"variant"`
	Box           []int          `json:"box,omitempty"`
	CagesDistinct bool           `json:"cages_distinct,omitempty"`
	Symmetry      string         `json:"symmetry,omitempty"`
	Level         string         `json:"level,omitempty"`
	Ratings       map[string]any `json:"ratings,omitempty"`
	Rater         string         `json:"rater,omitempty"`
}

// IpuzMeta are the words of an ipuz file beside its grid: from the spec
// or the command line.
type IpuzMeta struct {
	Title, Copyright, Publisher, Origin string
	Date                                string // YYYY-MM-DD, written mm/dd/yyyy
	// Symbols is the print style of a 12x12 or 16x16's values
	// (variant.Labels); its characters become the charset when each is
	// one character.
	Symbols string
}

// IpuzCharset is the charset of a grid of side n printed in symbols (a
// variant.Labels style): the labels when each is one character, else
// pressrun's 1-9 then A-G.
func IpuzCharset(n int, symbols string) string {
	labels, err := variant.Labels(symbols, n)
	if err == nil {
		s := strings.Join(labels, "")
		if len(s) == n {
			return s
		}
	}
	return string(variant.OneToG[:n])
}

// NewIpuz is p as an ipuz object of the Sudoku kind, with meta's words.
func NewIpuz(p store.Puzzle, meta IpuzMeta) *Ipuz {
	v := p.Geometry()
	n := v.Size
	x := &Ipuz{Version: IpuzVersion, Kind: []string{IpuzSudoku}, Title: meta.Title, Copyright: meta.Copyright,
		Publisher: meta.Publisher, Origin: meta.Origin, UniqueID: p.ID,
		Dimensions: IpuzDimensions{n, n}, Charset: IpuzCharset(n, meta.Symbols), DisplayCharset: true, Boxes: !v.IsJigsaw()}
	if d := meta.Date; len(d) == 10 {
		x.Date = d[5:7] + "/" + d[8:10] + "/" + d[0:4]
	}
	if v.IsGattai() {
		gattaiIpuz(x, p, v)
	} else {
		x.Puzzle, x.Solution = ipuzGrid(p.Givens, n, x.Charset), ipuzGrid(p.Solution, n, x.Charset)
	}
	ext := &IpuzPressrun{Variant: v.Key(), Symmetry: p.Symmetry}
	if !v.IsJigsaw() && !v.IsGattai() {
		ext.Box = []int{v.BoxRows, v.BoxCols}
	}
	if v.IsJigsaw() {
		regions := make([][]int, n)
		for c, r := range v.Regions {
			regions[r] = append(regions[r], c)
		}
		for _, cells := range regions {
			x.Zones = append(x.Zones, IpuzGroup{Cells: ipuzCells(cells, n)})
		}
	}
	for _, h := range v.Extra {
		x.Zones = append(x.Zones, IpuzGroup{Cells: ipuzCells(h, n)})
	}
	for _, cage := range v.Cages {
		x.Cages = append(x.Cages, IpuzCalc{Operator: "+", Value: cage.Sum, Cells: ipuzCells(cage.Cells, n)})
		ext.CagesDistinct = true
	}
	if r := p.Ratings; r != nil {
		x.Difficulty = r.Level
		if r.ER > 0 {
			x.Difficulty = fmt.Sprintf("%s (er %.1f)", r.Level, r.ER)
		}
		ext.Level, ext.Ratings, ext.Rater = r.Level, ratingsJSON(r.Ratings), r.Rater
	}
	x.Pressrun = ext
	return x
}

// gattaiIpuz makes x a gattai's (a samurai's): its sheet's size, each
// place where no cell is null in the puzzle and the solution, and every
// house of its grids a zone, so that another ipuz reader has the whole
// puzzle; ipuz's own boxes, which split the sheet into 3x3 boxes from its
// corner, are off.
func gattaiIpuz(x *Ipuz, p store.Puzzle, v *variant.Variant) {
	sh := v.Sheet
	x.Dimensions = IpuzDimensions{sh.Cols, sh.Rows}
	x.Charset, x.Boxes = string(variant.Digits), false
	sheet := func(g variant.Grid) [][]any {
		rows := make([][]any, sh.Rows)
		for r := range rows {
			rows[r] = make([]any, sh.Cols)
			for c := range sh.Cols {
				if cell, ok := sh.Cell(r, c); ok {
					rows[r][c] = int(g[cell])
				}
			}
		}
		return rows
	}
	x.Puzzle, x.Solution = sheet(p.Givens), sheet(p.Solution)
	for _, h := range v.Houses() {
		cells := make([][2]int, len(h))
		for i, c := range h {
			at := sh.At[c]
			cells[i] = [2]int{at%sh.Cols + 1, at/sh.Cols + 1}
		}
		x.Zones = append(x.Zones, IpuzGroup{Cells: cells})
	}
}

// ipuzGrid is g as ipuz's rows: numbers up to 9x9, else characters of
// charset.
func ipuzGrid(g variant.Grid, n int, charset string) [][]any {
	rows := make([][]any, n)
	for r := range rows {
		rows[r] = make([]any, n)
		for c := range n {
			x := g[r*n+c]
			switch {
			case n <= 9:
				rows[r][c] = int(x)
			case x == 0:
				rows[r][c] = ""
			default:
				rows[r][c] = charset[x-1 : x]
			}
		}
	}
	return rows
}

// ipuzCells are row-major cells as ipuz's [column, row], from 1.
func ipuzCells(cells []int, n int) [][2]int {
	out := make([][2]int, len(cells))
	for i, c := range cells {
		out[i] = [2]int{c%n + 1, c/n + 1}
	}
	return out
}

// IpuzJSON is x as indented JSON with a final newline, each array of
// plain values (a grid's row, a cell) on one line.
func IpuzJSON(x any) ([]byte, error) {
	b, err := json.MarshalIndent(x, "", "  ")
	if err != nil {
		return nil, err
	}
	// JSON strings hold no raw newline, so a newline and its indent
	// inside such an array is layout only.
	b = flatArray.ReplaceAllFunc(b, func(m []byte) []byte {
		return lineBreak.ReplaceAll(m, nil)
	})
	return append(b, '\n'), nil
}

var (
	flatArray = regexp.MustCompile(`\[[^\[\]{}]*\]`)
	lineBreak = regexp.MustCompile(`\n\s*`)
)

// WriteIpuzFiles writes one file a puzzle, ID.ipuz, into dir, all or
// nothing (an Output).
func WriteIpuzFiles(ctx context.Context, dir string, puzzles []*Ipuz) ([]string, error) {
	var out Output
	defer out.Abort()
	var names []string
	for _, x := range puzzles {
		data, err := IpuzJSON(x)
		if err != nil {
			return nil, err
		}
		name := filepath.Join(dir, x.UniqueID+".ipuz")
		if err := out.AddBytes(name, data); err != nil {
			return nil, err
		}
		names = append(names, name)
	}
	return names, out.Commit(ctx)
}

// IpuzError is what is wrong with an ipuz file: the file, the field (a
// JSON path such as "puzzle[2][3]", "[1].solution" in an array, or "file"
// for the whole file) and the problem. Its message is
// "FILE: field: problem".
type IpuzError struct {
	File, Field, Problem string
}

func (e *IpuzError) Error() string { return e.File + ": " + e.Field + ": " + e.Problem }

// IpuzPuzzle is a puzzle an ipuz file holds, checked: its variant, its
// givens, its one solution, and where it was read.
type IpuzPuzzle struct {
	At       Position
	Field    string // "" for a file of one object, "[i]" in an array
	Puzzle   variant.Puzzle
	Solution variant.Grid
	Title    string
}

// IsIpuz reports whether the file name is an ipuz file: its extension is
// .ipuz, or it begins (past white space) with a JSON object or array, or
// the specification's "ipuz(" wrapper, that names ipuz.org.
func IsIpuz(name string) bool {
	if strings.EqualFold(filepath.Ext(name), ".ipuz") {
		return true
	}
	f, err := os.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 4096)
	k, _ := io.ReadFull(f, head)
	return looksIpuz(head[:k])
}

// looksIpuz reports whether a file's first bytes are ipuz's (IsIpuz).
func looksIpuz(head []byte) bool {
	head = bytes.TrimLeft(head, " \t\r\n\ufeff")
	if !(bytes.HasPrefix(head, []byte("{")) || bytes.HasPrefix(head, []byte("[")) || bytes.HasPrefix(head, []byte("ipuz("))) {
		return false
	}
	return bytes.Contains(head, []byte("ipuz.org/"))
}

// stdinIpuz reports whether standard input, read through br, holds ipuz
// (looksIpuz), peeking no further than its first character past white
// space unless that may begin ipuz: a stream of puzzle lines is not held
// up.
func stdinIpuz(br *bufio.Reader) bool {
	for k := 1; k <= 4096; k++ {
		head, _ := br.Peek(k)
		if len(head) < k {
			return looksIpuz(head) // all of it
		}
		switch c := head[k-1]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c >= 0x80: // white space, a byte order mark
			continue
		case c == '{' || c == '[' || c == 'i':
			head, _ = br.Peek(4096)
			return looksIpuz(head)
		}
		return false
	}
	return false
}

// ReadIpuzFile reads the ipuz file name, a puzzle or a JSON array of
// them, and checks each puzzle with check (which the import gives the
// engine's solver). Its size is checked before it is read. Every problem
// is an *IpuzError; the first of each puzzle is returned, in order.
func ReadIpuzFile(name string, check func(variant.Puzzle) (variant.Grid, error)) ([]IpuzPuzzle, []error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, []error{err}
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > MaxIpuzBytes {
		return nil, []error{&IpuzError{File: name, Field: "file", Problem: fmt.Sprintf("%d bytes, past the %d (1 MiB) an ipuz file may have", st.Size(), MaxIpuzBytes)}}
	}
	return ReadIpuz(name, f, check)
}

// ReadIpuz is ReadIpuzFile for r, read as the file name: at most
// MaxIpuzBytes of it.
func ReadIpuz(name string, r io.Reader, check func(variant.Puzzle) (variant.Grid, error)) ([]IpuzPuzzle, []error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxIpuzBytes+1))
	if err != nil {
		return nil, []error{err}
	}
	if len(data) > MaxIpuzBytes {
		return nil, []error{&IpuzError{File: name, Field: "file", Problem: fmt.Sprintf("more than the %d bytes (1 MiB) an ipuz file may have", MaxIpuzBytes)}}
	}
	return DecodeIpuz(name, data, check)
}

// DecodeIpuz is ReadIpuzFile for the contents data of the file name.
func DecodeIpuz(name string, data []byte, check func(variant.Puzzle) (variant.Grid, error)) ([]IpuzPuzzle, []error) {
	data = bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\ufeff")))
	// The specification allows a file to wrap its object as ipuz(...).
	if bytes.HasPrefix(data, []byte("ipuz(")) && bytes.HasSuffix(data, []byte(")")) {
		data = data[len("ipuz(") : len(data)-1]
	}
	var objects []json.RawMessage
	field := func(i int) string { return "" }
	if bytes.HasPrefix(data, []byte("[")) {
		if err := json.Unmarshal(data, &objects); err != nil {
			return nil, []error{&IpuzError{File: name, Field: "file", Problem: "not JSON: " + jsonProblem(err)}}
		}
		if len(objects) == 0 {
			return nil, []error{&IpuzError{File: name, Field: "file", Problem: "an empty array: no puzzle"}}
		}
		if len(objects) > MaxIpuzPuzzles {
			return nil, []error{&IpuzError{File: name, Field: "file", Problem: fmt.Sprintf("%d puzzles, past the %d a file may hold", len(objects), MaxIpuzPuzzles)}}
		}
		field = func(i int) string { return "[" + strconv.Itoa(i) + "]" }
	} else {
		if !json.Valid(data) {
			var v any
			err := json.Unmarshal(data, &v)
			return nil, []error{&IpuzError{File: name, Field: "file", Problem: "not JSON: " + jsonProblem(err)}}
		}
		objects = []json.RawMessage{data}
	}
	var out []IpuzPuzzle
	var errs []error
	for i, raw := range objects {
		d := &ipuzDecoder{file: name, prefix: field(i)}
		p, err := d.decode(raw, check)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		p.At, p.Field = Position{File: name}, field(i)
		out = append(out, p)
	}
	return out, errs
}

// jsonProblem words a JSON syntax error with its byte offset.
func jsonProblem(err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%v (at byte %d)", se, se.Offset)
	}
	if err == nil {
		return "not valid"
	}
	return err.Error()
}

// ipuzDecoder reads one ipuz object of a file.
type ipuzDecoder struct {
	file, prefix string
}

func (d *ipuzDecoder) fail(field, format string, args ...any) error {
	f := d.prefix + field
	if d.prefix != "" && field != "" && !strings.HasPrefix(field, "[") {
		f = d.prefix + "." + field
	}
	if f == "" {
		f = "file"
	}
	return &IpuzError{File: d.file, Field: f, Problem: fmt.Sprintf(format, args...)}
}

// ipuzIn is an ipuz object as read, each field kept raw until checked.
type ipuzIn struct {
	Version    json.RawMessage  `json:"version"`
	Kind       json.RawMessage  `json:"kind"`
	Title      json.RawMessage  `json:"title"`
	Dimensions json.RawMessage  `json:"dimensions"`
	Charset    json.RawMessage  `json:"charset"`
	Boxes      json.RawMessage  `json:"boxes"`
	Puzzle     json.RawMessage  `json:"puzzle"`
	Solution   json.RawMessage  `json:"solution"`
	Zones      json.RawMessage  `json:"zones"`
	Cages      json.RawMessage  `json:"cages"`
	Pressrun   *json.RawMessage `json:"https://github.com/pressrun/pressrun/ipuz"`
}

func present(m json.RawMessage) bool { return len(m) > 0 && string(m) != "null" }

// decode checks one ipuz object and builds its puzzle.
func (d *ipuzDecoder) decode(raw json.RawMessage, check func(variant.Puzzle) (variant.Grid, error)) (IpuzPuzzle, error) {
	var out IpuzPuzzle
	if !bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
		return out, d.fail("", "not a JSON object")
	}
	var in ipuzIn
	if err := json.Unmarshal(raw, &in); err != nil {
		return out, d.fail("", "not an ipuz object: %v", err)
	}
	// version: "http://ipuz.org/v1" or v2.
	var version string
	if err := json.Unmarshal(in.Version, &version); err != nil || !present(in.Version) {
		return out, d.fail("version", "missing or not a string (want %q)", IpuzVersion)
	}
	if version != "http://ipuz.org/v1" && version != IpuzVersion {
		return out, d.fail("version", "%q is no ipuz version pressrun reads (want %q)", version, IpuzVersion)
	}
	var kinds []string
	if err := json.Unmarshal(in.Kind, &kinds); err != nil || len(kinds) == 0 {
		return out, d.fail("kind", "missing or not an array of strings (want [%q])", IpuzSudoku)
	}
	sudoku := false
	for _, k := range kinds {
		base, _, _ := strings.Cut(k, "#")
		sudoku = sudoku || base == "http://ipuz.org/sudoku"
	}
	if !sudoku {
		return out, d.fail("kind", "%q is not the Sudoku kind (want %q)", kinds, IpuzSudoku)
	}
	if present(in.Title) {
		_ = json.Unmarshal(in.Title, &out.Title)
	}

	// The side: dimensions when given, else the puzzle's rows; both
	// checked against the largest grid pressrun knows before anything
	// of that size is made.
	if !present(in.Puzzle) {
		return out, d.fail("puzzle", "missing: the Sudoku kind's puzzle is mandatory")
	}
	var rows []json.RawMessage
	if err := json.Unmarshal(in.Puzzle, &rows); err != nil {
		return out, d.fail("puzzle", "not an array of rows")
	}
	n := len(rows)
	if v, err := d.gattaiOf(in, rows); err != nil || v != nil {
		if err != nil {
			return out, err
		}
		return d.decodeGattai(in, rows, v, check)
	}
	if present(in.Dimensions) {
		var dim struct {
			Width, Height *int
		}
		if err := json.Unmarshal(in.Dimensions, &dim); err != nil || dim.Width == nil || dim.Height == nil {
			return out, d.fail("dimensions", "want {\"width\": N, \"height\": N}")
		}
		w, h := *dim.Width, *dim.Height
		if w != h {
			return out, d.fail("dimensions", "%dx%d is not square", w, h)
		}
		if w < 4 || w > variant.MaxSize {
			return out, d.fail("dimensions", "%dx%d: pressrun's grids are 4x4 to %dx%d", w, h, variant.MaxSize, variant.MaxSize)
		}
		if n != w {
			return out, d.fail("puzzle", "%d rows, not the %d of dimensions", n, w)
		}
	}
	if n < 4 || n > variant.MaxSize {
		return out, d.fail("puzzle", "%d rows: pressrun's grids are 4x4 to %dx%d", n, variant.MaxSize, variant.MaxSize)
	}
	charset := string(variant.DefaultSymbols(n))
	if present(in.Charset) {
		if err := json.Unmarshal(in.Charset, &charset); err != nil {
			return out, d.fail("charset", "not a string")
		}
		if len([]rune(charset)) != n {
			return out, d.fail("charset", "%q has %d characters, not the grid's %d", charset, len([]rune(charset)), n)
		}
	} else if n > 9 {
		charset = string(variant.OneToG[:n])
	}
	givens, err := d.grid("puzzle", rows, n, []rune(charset), false)
	if err != nil {
		return out, err
	}

	// The geometry: boxes, zones (a jigsaw's regions, or extra houses),
	// cages.
	v, err := d.variant(in, n)
	if err != nil {
		return out, err
	}
	out.Puzzle = variant.Puzzle{Variant: v, Grid: givens}
	if bad := v.Conflicts(givens); len(bad) > 0 {
		a, b := bad[0][0], bad[0][1]
		return out, d.fail("puzzle", "%s and %s both hold %c in one house", v.CellName(a), v.CellName(b), []rune(charset)[givens[a]-1])
	}
	var solution variant.Grid
	if present(in.Solution) {
		var srows []json.RawMessage
		if err := json.Unmarshal(in.Solution, &srows); err != nil || len(srows) != n {
			return out, d.fail("solution", "want %d rows of %d values", n, n)
		}
		if solution, err = d.grid("solution", srows, n, []rune(charset), true); err != nil {
			return out, err
		}
	}
	return d.solved(out, []rune(charset), solution, check)
}

// grid reads the rows of puzzle or solution (full: every cell filled):
// each cell a number (the value's place in charset, from 1; 0 empty), a
// string (a character of charset; "", "0" or "." empty when not in
// charset), null (empty) or {"given": value}.
func (d *ipuzDecoder) grid(field string, rows []json.RawMessage, n int, charset []rune, full bool) (variant.Grid, error) {
	g := make(variant.Grid, n*n)
	for r, raw := range rows {
		var cells []json.RawMessage
		if err := json.Unmarshal(raw, &cells); err != nil {
			return nil, d.fail(fmt.Sprintf("%s[%d]", field, r), "not an array of cells")
		}
		if len(cells) != n {
			return nil, d.fail(fmt.Sprintf("%s[%d]", field, r), "%d cells, not %d", len(cells), n)
		}
		for c, cell := range cells {
			at := fmt.Sprintf("%s[%d][%d]", field, r, c)
			x, err := ipuzValue(cell, n, charset)
			if err != nil {
				return nil, d.fail(at, "%v", err)
			}
			if full && x == 0 {
				return nil, d.fail(at, "empty: a solution fills every cell")
			}
			g[r*n+c] = x
		}
	}
	return g, nil
}

// ipuzValue is one cell's value, 0 for empty.
func ipuzValue(raw json.RawMessage, n int, charset []rune) (uint8, error) {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) == 0 || string(raw) == "null":
		return 0, nil
	case raw[0] == '{':
		var obj struct {
			Given json.RawMessage `json:"given"`
			Value json.RawMessage `json:"value"`
		}
		if err := json.Unmarshal(raw, &obj); err != nil {
			return 0, fmt.Errorf("not a value")
		}
		if present(obj.Given) {
			return ipuzValue(obj.Given, n, charset)
		}
		return ipuzValue(obj.Value, n, charset)
	case raw[0] == '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return 0, fmt.Errorf("not a string")
		}
		if i := slices.Index(charset, []rune(s + "\x00")[0]); len([]rune(s)) == 1 && i >= 0 {
			return uint8(i + 1), nil
		}
		if s == "" || s == "0" || s == "." || s == "#" {
			return 0, nil
		}
		return 0, fmt.Errorf("%q is not a character of the charset %q", s, string(charset))
	}
	var k float64
	if err := json.Unmarshal(raw, &k); err != nil {
		return 0, fmt.Errorf("%s is not a value (a number, a character of the charset, or null)", raw)
	}
	if k != float64(int(k)) || k < 0 || int(k) > n {
		return 0, fmt.Errorf("%s is not a value of a %dx%d grid (0 to %d)", raw, n, n, n)
	}
	return uint8(k), nil
}

// ipuzCellsIn reads a GroupSpec's or CalcSpec's cells: "cells" as
// [column, row] from 1, or "rect" [x1, y1, x2, y2], corners included.
func (d *ipuzDecoder) cellsIn(field string, cells [][]int, rect []int, n int) ([]int, error) {
	var out []int
	add := func(x, y int) error {
		if x < 1 || x > n || y < 1 || y > n {
			return d.fail(field, "cell [%d, %d] is off the %dx%d grid (columns and rows count from 1)", x, y, n, n)
		}
		out = append(out, (y-1)*n+x-1)
		return nil
	}
	for _, xy := range cells {
		if len(xy) != 2 {
			return nil, d.fail(field, "a cell is [column, row], not %v", xy)
		}
		if err := add(xy[0], xy[1]); err != nil {
			return nil, err
		}
	}
	if rect != nil {
		if len(rect) != 4 || rect[0] > rect[2] || rect[1] > rect[3] || (rect[2]-rect[0]+1)*(rect[3]-rect[1]+1) > n*n {
			return nil, d.fail(field, "rect is [x1, y1, x2, y2], the top left corner first, within the grid")
		}
		for y := rect[1]; y <= rect[3]; y++ {
			for x := rect[0]; x <= rect[2]; x++ {
				if err := add(x, y); err != nil {
					return nil, err
				}
			}
		}
	}
	if len(out) == 0 {
		return nil, d.fail(field, "no cells")
	}
	slices.Sort(out)
	if len(slices.Compact(slices.Clone(out))) != len(out) {
		return nil, d.fail(field, "a cell twice")
	}
	return out, nil
}

// variant is the geometry the object's boxes, zones and cages describe,
// checked against pressrun's extension field when there is one.
func (d *ipuzDecoder) variant(in ipuzIn, n int) (*variant.Variant, error) {
	boxes := true // the specification's default
	if present(in.Boxes) {
		if err := json.Unmarshal(in.Boxes, &boxes); err != nil {
			return nil, d.fail("boxes", "not true or false")
		}
	}
	var ext IpuzPressrun
	if in.Pressrun != nil && present(*in.Pressrun) {
		if err := json.Unmarshal(*in.Pressrun, &ext); err != nil {
			return nil, d.fail(IpuzExtension, "not pressrun's extension: %v", err)
		}
	}
	type spec struct {
		Rect     []int   `json:"rect"`
		Cells    [][]int `json:"cells"`
		Operator *string `json:"operator"`
		Value    *int    `json:"value"`
	}
	var zoneSpecs, cageSpecs []spec
	if present(in.Zones) {
		if err := json.Unmarshal(in.Zones, &zoneSpecs); err != nil {
			return nil, d.fail("zones", "not an array of GroupSpecs ({\"cells\": [[x, y], ...]} or {\"rect\": [x1, y1, x2, y2]})")
		}
	}
	if present(in.Cages) {
		if err := json.Unmarshal(in.Cages, &cageSpecs); err != nil {
			return nil, d.fail("cages", "not an array of CalcSpecs ({\"operator\": \"+\", \"value\": N, \"cells\": [[x, y], ...]})")
		}
	}
	zones := make([][]int, len(zoneSpecs))
	for i, z := range zoneSpecs {
		cells, err := d.cellsIn(fmt.Sprintf("zones[%d]", i), z.Cells, z.Rect, n)
		if err != nil {
			return nil, err
		}
		zones[i] = cells
	}
	var v *variant.Variant
	var err error
	switch {
	case len(cageSpecs) > 0:
		if len(zones) > 0 || !boxes {
			return nil, d.fail("cages", "a killer with zones or without boxes: pressrun's killers have standard boxes only")
		}
		cages := make([]variant.Cage, len(cageSpecs))
		for i, c := range cageSpecs {
			field := fmt.Sprintf("cages[%d]", i)
			if c.Operator != nil && *c.Operator != "+" {
				return nil, d.fail(field+".operator", "%q: pressrun's killer cages add up (want \"+\")", *c.Operator)
			}
			if c.Value == nil {
				return nil, d.fail(field+".value", "missing: a killer cage needs its sum")
			}
			cells, err := d.cellsIn(field, c.Cells, c.Rect, n)
			if err != nil {
				return nil, err
			}
			cages[i] = variant.Cage{Sum: *c.Value, Cells: cells}
		}
		if v, err = variant.Killer(n, cages); err != nil {
			return nil, d.fail("cages", "%s", strings.TrimPrefix(err.Error(), variant.ErrVariant.Error()+": "))
		}
	case !boxes:
		if len(zones) != n {
			return nil, d.fail("zones", "without boxes the zones are a jigsaw's %d regions, not %d zones", n, len(zones))
		}
		layout := make([]int, n*n)
		for c := range layout {
			layout[c] = -1
		}
		for i, z := range zones {
			for _, c := range z {
				if layout[c] >= 0 {
					return nil, d.fail(fmt.Sprintf("zones[%d]", i), "cell [%d, %d] is in zone %d too: a jigsaw's regions do not overlap", c%n+1, c/n+1, layout[c])
				}
				layout[c] = i
			}
		}
		if v, err = variant.Jigsaw(n, layout); err != nil {
			return nil, d.fail("zones", "%s", strings.TrimPrefix(err.Error(), variant.ErrVariant.Error()+": "))
		}
	default:
		if v, err = variant.Sized(n); err != nil {
			return nil, d.fail("dimensions", "%s", strings.TrimPrefix(err.Error(), variant.ErrVariant.Error()+": "))
		}
		if len(ext.Box) == 2 && (ext.Box[0] != v.BoxRows || ext.Box[1] != v.BoxCols) {
			return nil, d.fail(IpuzExtension+".box", "%dx%d boxes: pressrun's %dx%d grid has boxes of %d rows by %d columns", ext.Box[0], ext.Box[1], n, n, v.BoxRows, v.BoxCols)
		}
		if len(zones) > 0 {
			if v, err = extraHouses(n, zones); err != nil {
				return nil, d.fail("zones", "%v", err)
			}
		}
	}
	if ext.Variant != "" && ext.Variant != v.Key() {
		return nil, d.fail(IpuzExtension+".variant", "%q, but boxes, zones and cages describe %q", ext.Variant, v.Key())
	}
	return v, nil
}

// extraHouses is the variant whose extra houses beside boxes are zones:
// Sudoku X's diagonals or windoku's windows.
func extraHouses(n int, zones [][]int) (*variant.Variant, error) {
	key := func(hs [][]int) string {
		var s []string
		for _, h := range hs {
			h = slices.Clone(h)
			slices.Sort(h)
			s = append(s, fmt.Sprint(h))
		}
		slices.Sort(s)
		return strings.Join(s, " ")
	}
	if n == 9 {
		for _, v := range []*variant.Variant{variant.X(), variant.Windoku()} {
			if key(v.Extra) == key(zones) {
				return v, nil
			}
		}
	}
	return nil, fmt.Errorf("%d zones beside the boxes that are neither Sudoku X's two diagonals nor windoku's four windows: pressrun has no such variant", len(zones))
}

// importIpuz reads and checks every ipuz file before any puzzle is
// stored: a bad one is reported (cfg.Report) and, without KeepGoing, ends
// the import with nothing of it stored. The good ones are then prepared
// (checked, canonicalised and rated as any import's puzzles) and added.
func importIpuz(ctx context.Context, cfg ImportConfig, files []string, st *ImportStats, db *store.DB, im *Importer,
	provenance func(Position) Provenance, report func(error)) error {
	kit := NewVariantKit()
	check := func(p variant.Puzzle) (variant.Grid, error) { return kit.SolveUnique(p.Variant, p.Grid) }
	var good []IpuzPuzzle
	var first error
	for _, name := range files {
		if err := ctx.Err(); err != nil {
			return err
		}
		var puzzles []IpuzPuzzle
		var errs []error
		if name == "-" {
			name = StdinName
			puzzles, errs = ReadIpuz(name, cfg.Stdin, check)
		} else {
			puzzles, errs = ReadIpuzFile(name, check)
		}
		// An import of one variant's puzzles refuses another's: the file
		// names its own, and the two disagree.
		if cfg.Kind != nil {
			var same []IpuzPuzzle
			for _, p := range puzzles {
				if got := p.Puzzle.Variant.Name; got != cfg.Kind.Name {
					errs = append(errs, &IpuzError{File: name, Field: strings.TrimPrefix(p.Field+".kind", "."),
						Problem: fmt.Sprintf("a %s puzzle, not the %s the import was asked for (an ipuz file says its own variant)", got, cfg.Kind.Name)})
					continue
				}
				same = append(same, p)
			}
			puzzles = same
		}
		for _, err := range errs {
			bad := &BadInput{At: Position{File: name}, Err: err}
			var ie *IpuzError
			if errors.As(err, &ie) {
				st.BadPuzzles++
			} else {
				st.BadFiles++
			}
			report(bad)
			if first == nil {
				first = bad
			}
		}
		good = append(good, puzzles...)
	}
	if first != nil && !cfg.KeepGoing {
		return first
	}
	prep := Preparer{Archive: db, Scale: cfg.Scale, Budget: cfg.Budget}
	for _, p := range good {
		if err := ctx.Err(); err != nil {
			return err
		}
		var out Prepared
		if p.Puzzle.Variant.Name == "classic" {
			prep.Provenance = provenance(p.At)
			out = prep.Prepare(ctx, engine.Grid(p.Puzzle.Grid))
		} else {
			out = kit.prepareFor(ctx, db, p.Puzzle, nil, provenance(p.At))
		}
		if out.Err != nil {
			return out.Err // checked unique above: the work failed, not the puzzle
		}
		if r := out.Puzzle.Ratings; r != nil && r.Bound {
			st.Bound++
		}
		if err := im.AddPrepared(ctx, out); err != nil {
			return err
		}
	}
	return nil
}

// splitIpuz parts files into the ipuz files (IsIpuz) and the others, in
// order; standard input ("-", or no files) is ipuz when it begins as ipuz
// does (stdinIpuz: cfg.Stdin is then read through a buffer), and puzzles
// given as arguments are others.
func splitIpuz(cfg *ImportConfig) (ipuz, others []string) {
	files := cfg.Files
	if len(files) == 0 {
		files = []string{"-"}
	}
	stdin := false
	if slices.Contains(files, "-") && cfg.Stdin != nil {
		br := bufio.NewReader(cfg.Stdin)
		cfg.Stdin, stdin = br, stdinIpuz(br)
	}
	for _, f := range files {
		if f == "-" && stdin || f != "-" && IsIpuz(f) {
			ipuz = append(ipuz, f)
		} else {
			others = append(others, f)
		}
	}
	if len(cfg.Files) == 0 && len(ipuz) == 0 {
		return nil, nil // standard input, read as lines
	}
	return ipuz, others
}

// singleIpuz is a daily file of format ipuz: the puzzle s draws (its
// solution too, whether s draws the puzzle or the solution), titled with
// its heading, dated the day, its level the difficulty, its uniqueid the
// id printed with it.
func singleIpuz(s templates.Single) ([]byte, error) {
	p := store.Puzzle{ID: s.Puzzle.ID, Variant: s.Puzzle.Variant, Givens: s.Puzzle.Givens, Solution: s.Puzzle.Solution}
	x := NewIpuz(p, IpuzMeta{Title: s.Heading, Origin: "pressrun", Date: s.Date.Format(time.DateOnly), Symbols: s.Puzzle.Symbols})
	x.Difficulty, x.Pressrun.Level = s.Puzzle.Level, s.Puzzle.Level
	return IpuzJSON(x)
}

// gattaiOf is the gattai an ipuz object holds, nil for a square grid: the
// one pressrun's extension names, or else the built-in one whose sheet
// has the object's rows and its null cells exactly where no cell is.
func (d *ipuzDecoder) gattaiOf(in ipuzIn, rows []json.RawMessage) (*variant.Variant, error) {
	if in.Pressrun != nil && present(*in.Pressrun) {
		var ext IpuzPressrun
		if json.Unmarshal(*in.Pressrun, &ext) == nil {
			if v, err := variant.Gattai(ext.Variant); err == nil {
				return v, nil
			}
		}
	}
	for _, kind := range variant.GattaiKinds() {
		v, err := variant.Gattai(kind)
		if err != nil || v.Sheet.Rows != len(rows) {
			continue
		}
		if d.sheetCells(rows, v) {
			return v, nil
		}
	}
	return nil, nil
}

// sheetCells reports whether rows have v's sheet's shape: its rows of its
// columns, null exactly where no cell is.
func (d *ipuzDecoder) sheetCells(rows []json.RawMessage, v *variant.Variant) bool {
	sh := v.Sheet
	for r, raw := range rows {
		var cells []json.RawMessage
		if json.Unmarshal(raw, &cells) != nil || len(cells) != sh.Cols {
			return false
		}
		for c, cell := range cells {
			if _, ok := sh.Cell(r, c); ok == (string(bytes.TrimSpace(cell)) == "null") {
				return false
			}
		}
	}
	return true
}

// decodeGattai reads a gattai's ipuz object (gattaiIpuz's form): its
// sheet's rows, null where no cell is, and checks it as decode checks a
// square grid's. Its zones, when given, must be its houses.
func (d *ipuzDecoder) decodeGattai(in ipuzIn, rows []json.RawMessage, v *variant.Variant, check func(variant.Puzzle) (variant.Grid, error)) (IpuzPuzzle, error) {
	var out IpuzPuzzle
	if present(in.Title) {
		_ = json.Unmarshal(in.Title, &out.Title)
	}
	sh := v.Sheet
	if present(in.Dimensions) {
		var dim struct{ Width, Height int }
		if err := json.Unmarshal(in.Dimensions, &dim); err != nil || dim.Width != sh.Cols || dim.Height != sh.Rows {
			return out, d.fail("dimensions", "want {\"width\": %d, \"height\": %d}, a %s's sheet", sh.Cols, sh.Rows, v.Name)
		}
	}
	charset := string(variant.Digits)
	if present(in.Charset) {
		if err := json.Unmarshal(in.Charset, &charset); err != nil || len([]rune(charset)) != 9 {
			return out, d.fail("charset", "want 9 characters, a %s's digits", v.Name)
		}
	}
	sheet := func(field string, rows []json.RawMessage, full bool) (variant.Grid, error) {
		if len(rows) != sh.Rows {
			return nil, d.fail(field, "%d rows, not the %d of a %s's sheet", len(rows), sh.Rows, v.Name)
		}
		g := make(variant.Grid, v.Cells())
		for r, raw := range rows {
			var cells []json.RawMessage
			if err := json.Unmarshal(raw, &cells); err != nil || len(cells) != sh.Cols {
				return nil, d.fail(fmt.Sprintf("%s[%d]", field, r), "want %d cells", sh.Cols)
			}
			for c, cell := range cells {
				at := fmt.Sprintf("%s[%d][%d]", field, r, c)
				i, ok := sh.Cell(r, c)
				null := string(bytes.TrimSpace(cell)) == "null"
				switch {
				case !ok && !null:
					return nil, d.fail(at, "a value where the %s has no cell: want null", v.Name)
				case !ok:
					continue
				case null:
					return nil, d.fail(at, "null where the %s has a cell: want a value, 0 for empty", v.Name)
				}
				x, err := ipuzValue(cell, 9, []rune(charset))
				if err != nil {
					return nil, d.fail(at, "%v", err)
				}
				if full && x == 0 {
					return nil, d.fail(at, "empty: a solution fills every cell")
				}
				g[i] = x
			}
		}
		return g, nil
	}
	givens, err := sheet("puzzle", rows, false)
	if err != nil {
		return out, err
	}
	if present(in.Zones) {
		var zones []struct {
			Cells [][]int `json:"cells"`
		}
		if err := json.Unmarshal(in.Zones, &zones); err != nil {
			return out, d.fail("zones", "not an array of GroupSpecs with cells")
		}
		for i, z := range zones {
			var cells []int
			for _, xy := range z.Cells {
				if len(xy) != 2 {
					return out, d.fail(fmt.Sprintf("zones[%d]", i), "a cell is [column, row], not %v", xy)
				}
				c, ok := sh.Cell(xy[1]-1, xy[0]-1)
				if !ok {
					return out, d.fail(fmt.Sprintf("zones[%d]", i), "cell %v: the %s has no cell there", xy, v.Name)
				}
				cells = append(cells, c)
			}
			if !v.IsHouse(cells) {
				return out, d.fail(fmt.Sprintf("zones[%d]", i), "not a row, column or box of a %s's grids", v.Name)
			}
		}
	}
	out.Puzzle = variant.Puzzle{Variant: v, Grid: givens}
	if bad := v.Conflicts(givens); len(bad) > 0 {
		return out, d.fail("puzzle", "%s and %s both hold %c in one house", v.CellName(bad[0][0]), v.CellName(bad[0][1]), []rune(charset)[givens[bad[0][0]]-1])
	}
	var solution variant.Grid
	if present(in.Solution) {
		var srows []json.RawMessage
		if err := json.Unmarshal(in.Solution, &srows); err != nil {
			return out, d.fail("solution", "not an array of rows")
		}
		if solution, err = sheet("solution", srows, true); err != nil {
			return out, err
		}
	}
	return d.solved(out, []rune(charset), solution, check)
}

// solved is out with its solution, which check (the caller's uniqueness
// test) finds: an error when it finds none or several, or one other than
// solution, the file's own (nil: none given), which must first keep the
// puzzle's givens, break no house and make every cage's sum (its values
// written in charset).
func (d *ipuzDecoder) solved(out IpuzPuzzle, charset []rune, solution variant.Grid, check func(variant.Puzzle) (variant.Grid, error)) (IpuzPuzzle, error) {
	v, givens := out.Puzzle.Variant, out.Puzzle.Grid
	if solution != nil {
		for c, x := range givens {
			if x != 0 && solution[c] != x {
				return out, d.fail("solution", "%s holds %c where the puzzle gives %c: it does not solve the puzzle", v.CellName(c), charset[solution[c]-1], charset[x-1])
			}
		}
		if bad := v.Conflicts(solution); len(bad) > 0 {
			return out, d.fail("solution", "%s and %s hold the same value in one house: it does not solve the puzzle", v.CellName(bad[0][0]), v.CellName(bad[0][1]))
		}
		for i, cage := range v.Cages {
			sum := 0
			for _, c := range cage.Cells {
				sum += int(solution[c])
			}
			if sum != cage.Sum {
				return out, d.fail(fmt.Sprintf("cages[%d]", i), "the solution's cells add up to %d, not %d: it does not solve the puzzle", sum, cage.Sum)
			}
		}
	}
	sol, err := check(out.Puzzle)
	switch {
	case errors.Is(err, engine.ErrManySolutions):
		return out, d.fail("puzzle", "more than one solution: a Sudoku has exactly one")
	case errors.Is(err, engine.ErrNoSolution):
		return out, d.fail("puzzle", "no solution")
	case err != nil:
		return out, d.fail("puzzle", "%v", err)
	}
	if solution != nil && !slices.Equal(sol, solution) {
		return out, d.fail("solution", "it does not solve the puzzle")
	}
	out.Solution = sol
	return out, nil
}
