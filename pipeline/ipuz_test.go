package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/store"
	"github.com/pressrun/pressrun/templates"
)

// ipuzSamples are archive puzzles of every geometry an ipuz file can
// carry: classic, the other sizes (6x6, 12x12, 16x16), X, windoku,
// jigsaws and killers, each with its ratings.
func ipuzSamples(t *testing.T) []store.Puzzle {
	t.Helper()
	var prep Preparer
	c := prep.Prepare(context.Background(), engine.MustParse(goodPuzzles[0]))
	if c.Err != nil {
		t.Fatal(c.Err)
	}
	c.Puzzle.Symmetry = "none"
	out := []store.Puzzle{c.Puzzle}
	kit := NewVariantKit()
	for i, kind := range []string{"6x6", "12x12", "16x16", "x", "windoku", "jigsaw", "jigsaw-6x6", "killer", "killer-6x6"} {
		g, err := variant.GenerateKind(kind, variant.Options{Minimal: true}, rand.New(rand.NewPCG(uint64(i), 27)))
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		p, err := kit.Prepare(variant.Puzzle{Variant: g.Variant, Grid: g.Puzzle}, nil)
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		out = append(out, p)
	}
	return out
}

// TestIpuzSpecFields checks every ipuz object pressrun writes (archive
// export's NewIpuz and daily's files) field by field as the ipuz
// specification, version 2 (2.0.2, http://www.ipuz.org/, mirrored at
// libipuz.org/ipuz-spec.html and puzzazz.com/ipuz), defines them. It
// reads the JSON as plain values, not with pressrun's reader, and checks
// what the specification says, not what the writer meant.
//
// Where a comment below has quotation marks it quotes the specification;
// elsewhere it gives the specification's definition in short. (The stored
// copy of the specification at hand when this was written held its
// introduction verbatim; the Sudoku kind's field list, GroupSpec and
// CalcSpec are given as the specification defines them and as
// github.com/svisser/ipuz's validators, ipuz/puzzlekinds/sudoku.py and
// ipuz/structures/, check them.)
func TestIpuzSpecFields(t *testing.T) {
	samples := ipuzSamples(t)
	for _, p := range samples {
		name := p.Kind()
		t.Run(name, func(t *testing.T) {
			data, err := IpuzJSON(NewIpuz(p, IpuzMeta{Title: "Sudoku " + p.ID[:8], Copyright: "2026 The Desk", Origin: "pressrun test", Date: "2026-12-01"}))
			if err != nil {
				t.Fatal(err)
			}
			checkIpuzSpec(t, data, p.Geometry().Size)
		})
	}
	// Daily's files: the puzzle as a newspaper's day draws it.
	for _, p := range []store.Puzzle{samples[0], samples[1], samples[3], samples[8]} {
		s := templates.Single{Puzzle: templates.Puzzle{Number: 1, ID: p.ID[:8], Level: "Hard", Variant: p.Variant, Givens: p.Givens, Solution: p.Solution},
			Heading: "Monday 1 December", Date: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)}
		if p.Geometry().Size == 16 {
			s.Puzzle.Symbols = "0-F"
		}
		data, err := singleIpuz(s)
		if err != nil {
			t.Fatal(err)
		}
		t.Run("daily-"+p.Kind(), func(t *testing.T) { checkIpuzSpec(t, data, p.Geometry().Size) })
	}
}

// checkIpuzSpec validates one ipuz object of the Sudoku kind, of n
// values: a square grid of side n, or a gattai's sheet (wider than n:
// null where no cell is, omitted alike in the puzzle and the solution,
// its houses its zones alone, which cover every cell).
func checkIpuzSpec(t *testing.T, data []byte, n int) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		t.Fatalf("not a JSON object: %v\n%s", err, data)
	}
	str := func(key string, mandatory bool) string {
		v, ok := obj[key]
		if !ok {
			if mandatory {
				t.Errorf("%s: missing, and the specification makes it mandatory", key)
			}
			return ""
		}
		s, ok := v.(string)
		if !ok {
			t.Errorf("%s: %v is not a string", key, v)
		}
		return s
	}
	integer := func(field string, v any) int {
		num, ok := v.(json.Number)
		if !ok {
			t.Errorf("%s: %v is not a number", field, v)
			return -1
		}
		i, err := num.Int64()
		if err != nil {
			t.Errorf("%s: %v is not an integer", field, v)
		}
		return int(i)
	}

	// version: mandatory, http://ipuz.org/v2 for version 2 of the
	// specification.
	if v := str("version", true); v != "http://ipuz.org/v2" {
		t.Errorf("version: %q, want http://ipuz.org/v2", v)
	}
	// kind: mandatory, an array of PuzzleKinds. "Each PuzzleKind is
	// specified by a Uniform Resource Identifier (URI) ... When multiple
	// PuzzleKinds are specified, they should be listed from least
	// specific to most specific." The Sudoku kind is
	// http://ipuz.org/sudoku, version 1 written http://ipuz.org/sudoku#1.
	kinds, ok := obj["kind"].([]any)
	if !ok || len(kinds) == 0 {
		t.Fatalf("kind: %v is not a non-empty array", obj["kind"])
	}
	if kinds[len(kinds)-1] != "http://ipuz.org/sudoku#1" {
		t.Errorf("kind: %v, want the Sudoku kind http://ipuz.org/sudoku#1 (most specific last)", kinds)
	}
	for _, k := range kinds {
		if s, ok := k.(string); !ok || !strings.HasPrefix(s, "http://") {
			t.Errorf("kind: %v is not a URI", k)
		}
	}
	// The metadata fields are strings: title, copyright, publisher,
	// origin (the program that wrote the file), uniqueid, difficulty
	// (free text: no scale is standard), and date, written mm/dd/yyyy.
	for _, key := range []string{"title", "copyright", "publisher", "origin", "uniqueid", "difficulty", "date"} {
		str(key, false)
	}
	if d := str("date", false); d != "" {
		if _, err := time.Parse("01/02/2006", d); err != nil {
			t.Errorf("date: %q is not mm/dd/yyyy", d)
		}
	}
	if str("uniqueid", false) == "" {
		t.Errorf("uniqueid: missing (pressrun writes the archive id)")
	}
	// dimensions: {"width": N, "height": N}, integers of at least 1.
	dim, ok := obj["dimensions"].(map[string]any)
	if !ok {
		t.Fatalf("dimensions: %v is not an object", obj["dimensions"])
	}
	w, h := integer("dimensions.width", dim["width"]), integer("dimensions.height", dim["height"])
	sheet := w != n
	if !sheet && h != n || w < 1 || h < 1 {
		t.Errorf("dimensions: %dx%d, want %dx%d", w, h, n, n)
	}
	// Sudoku: charset, the characters of the puzzle's values (default
	// 123456789), one per value; displaycharset, true or false: show the
	// charset's characters rather than numbers; boxes, true or false: the
	// puzzle has the standard boxes (default true); showoperators, true
	// or false; cageborder, "thick" or "dashed".
	charset := []rune(str("charset", false))
	if charset == nil {
		charset = []rune("123456789")
	}
	if len(charset) != n || len(slices.Compact(slices.Sorted(slices.Values(charset)))) != n {
		t.Errorf("charset: %q, want %d different characters", string(charset), n)
	}
	for _, key := range []string{"displaycharset", "boxes", "showoperators"} {
		if v, ok := obj[key]; ok {
			if _, isBool := v.(bool); !isBool {
				t.Errorf("%s: %v is not true or false", key, v)
			}
		}
	}
	if v, ok := obj["cageborder"]; ok && v != "thick" && v != "dashed" {
		t.Errorf("cageborder: %v is not thick or dashed", v)
	}
	boxes := true
	if b, ok := obj["boxes"].(bool); ok {
		boxes = b
	}
	// puzzle: mandatory, rows of SudokuGiven: a value (a number, or a
	// character of the charset), 0 or null for an empty cell, or a
	// dictionary {"given": value, "style": StyleSpec}. solution: rows of
	// SudokuValue, a value without the dictionary. A number stands for
	// the charset's character at that place, from 1 (up to 9x9 with the
	// default charset the digit itself).
	value := func(field string, v any, empty bool) int {
		switch x := v.(type) {
		case nil:
			if !empty {
				t.Errorf("%s: empty in a solution", field)
			}
			return 0
		case string:
			if x == "" && empty {
				return 0
			}
			i := slices.Index(charset, []rune(x + "\x00")[0])
			if len([]rune(x)) != 1 || i < 0 {
				t.Errorf("%s: %q is not a character of the charset %q", field, x, string(charset))
				return -1
			}
			return i + 1
		case map[string]any:
			if !empty {
				t.Errorf("%s: a SudokuGiven's dictionary in a solution", field)
			}
			return -1
		}
		i := integer(field, v)
		if i < 0 || i > n || (i == 0 && !empty) {
			t.Errorf("%s: %d is not a value 1 to %d", field, i, n)
		}
		return i
	}
	grid := func(key string, empty bool) []int {
		rows, ok := obj[key].([]any)
		if !ok || len(rows) != h {
			t.Fatalf("%s: %d rows, want the height %d", key, len(rows), h)
		}
		var g []int
		for r, row := range rows {
			cells, ok := row.([]any)
			if !ok || len(cells) != w {
				t.Fatalf("%s[%d]: %v, want %d cells", key, r, row, w)
			}
			for c, cell := range cells {
				g = append(g, value(fmt.Sprintf("%s[%d][%d]", key, r, c), cell, empty))
			}
		}
		return g
	}
	omitted := map[int]bool{} // a sheet's places where no cell is
	if sheet {
		rows, _ := obj["puzzle"].([]any)
		for r, row := range rows {
			cells, _ := row.([]any)
			for c, cell := range cells {
				if cell == nil {
					omitted[r*w+c] = true
				}
			}
		}
	}
	value0 := value
	value = func(field string, v any, empty bool) int {
		var r, c int
		if _, err := fmt.Sscanf(field[strings.Index(field, "["):], "[%d][%d]", &r, &c); err == nil && omitted[r*w+c] {
			if v != nil {
				t.Errorf("%s: %v where the puzzle has no cell (null)", field, v)
			}
			return 0
		}
		return value0(field, v, empty)
	}
	puzzle, solution := grid("puzzle", true), grid("solution", false)
	givens := 0
	for i, x := range puzzle {
		if x != 0 {
			givens++
			if solution[i] != x {
				t.Errorf("puzzle: cell %d gives %d, the solution holds %d", i, x, solution[i])
			}
		}
	}
	// The houses: rows and columns; boxes when "boxes" is true (n = 9:
	// 3x3; other sides: some box shape, rows by columns, fits); each
	// zone. Each holds every value once.
	var houses [][]int
	for r := range n * b2i(!sheet) {
		var row, col []int
		for c := range n {
			row, col = append(row, r*n+c), append(col, c*n+r)
		}
		houses = append(houses, row, col)
	}
	holdsAll := func(cells []int) bool {
		seen := map[int]bool{}
		for _, c := range cells {
			seen[solution[c]] = true
		}
		return len(seen) == n && len(cells) == n
	}
	if sheet && boxes {
		t.Errorf("boxes: true on a sheet of %dx%d: the standard boxes are a square's", w, h)
	}
	if boxes && !sheet {
		fits := false
		for br := 1; br <= n; br++ {
			if n%br != 0 || (n == 9 && br != 3) {
				continue
			}
			bc := n / br
			ok := true
			for b := range n {
				var box []int
				for i := range n {
					box = append(box, (b/(n/bc)*br+i/bc)*n+b%(n/bc)*bc+i%bc)
				}
				ok = ok && holdsAll(box)
			}
			fits = fits || ok
		}
		if !fits {
			t.Errorf("boxes: true, but no standard box shape holds every value once")
		}
	}
	// zones: an array of GroupSpec, each a dictionary of "rect" [x1, y1,
	// x2, y2], "cells" [[x, y], ...] and "style" (a StyleSpec), nothing
	// else: cells are [column, row], the top left cell [1, 1].
	cellsOf := func(field string, spec map[string]any, allowed ...string) []int {
		for key := range spec {
			if !slices.Contains(allowed, key) {
				t.Errorf("%s: key %q is not in the specification's %v", field, key, allowed)
			}
		}
		var out []int
		list, _ := spec["cells"].([]any)
		for i, xy := range list {
			pair, ok := xy.([]any)
			if !ok || len(pair) != 2 {
				t.Errorf("%s.cells[%d]: %v is not [x, y]", field, i, xy)
				continue
			}
			x, y := integer(field, pair[0]), integer(field, pair[1])
			if x < 1 || x > w || y < 1 || y > h {
				t.Errorf("%s.cells[%d]: [%d, %d] is off the %dx%d grid", field, i, x, y, w, h)
				continue
			}
			out = append(out, (y-1)*w+x-1)
		}
		if len(out) == 0 {
			t.Errorf("%s: no cells", field)
		}
		return out
	}
	zones, _ := obj["zones"].([]any)
	covered := map[int]int{}
	for i, z := range zones {
		spec, ok := z.(map[string]any)
		if !ok {
			t.Errorf("zones[%d]: %v is not a GroupSpec", i, z)
			continue
		}
		cells := cellsOf(fmt.Sprintf("zones[%d]", i), spec, "rect", "cells", "style")
		if !holdsAll(cells) {
			t.Errorf("zones[%d]: the solution does not hold every value once in it", i)
		}
		for _, c := range cells {
			covered[c]++
		}
	}
	if sheet && len(covered)+len(omitted) != w*h {
		t.Errorf("zones: they cover %d of the sheet's %d cells", len(covered), w*h-len(omitted))
	}
	if !boxes && !sheet && (len(zones) != n || len(covered) != n*n) {
		t.Errorf("boxes: false, and the zones are not regions covering the grid (%d zones, %d cells)", len(zones), len(covered))
	}
	// cages: an array of CalcSpec, each a dictionary of "rect",
	// "cells", "value", "operator" and "style", nothing else: operator
	// one of "+", "-", "*", "/", value a number; with "+", the cage's
	// values add up to value.
	cages, _ := obj["cages"].([]any)
	inCage := map[int]bool{}
	for i, z := range cages {
		field := fmt.Sprintf("cages[%d]", i)
		spec, ok := z.(map[string]any)
		if !ok {
			t.Errorf("%s: %v is not a CalcSpec", field, z)
			continue
		}
		cells := cellsOf(field, spec, "rect", "cells", "value", "operator", "style")
		op, _ := spec["operator"].(string)
		if !slices.Contains([]string{"+", "-", "*", "/"}, op) {
			t.Errorf("%s.operator: %q is not +, -, * or /", field, op)
		}
		sum := 0
		for _, c := range cells {
			sum += solution[c]
			inCage[c] = true
		}
		if want := integer(field+".value", spec["value"]); op == "+" && sum != want {
			t.Errorf("%s: the solution adds up to %d, value says %d", field, sum, want)
		}
	}
	if len(cages) > 0 && len(inCage) != n*n {
		t.Errorf("cages: they cover %d cells of %d", len(inCage), n*n)
	}
	if len(cages) == 0 && givens == 0 {
		t.Errorf("puzzle: no givens and no cages")
	}
	// Any other field is an extension, which the specification asks to
	// name with a URL-like key of its author's.
	spec := []string{"version", "kind", "copyright", "publisher", "publication", "url", "uniqueid", "title", "intro",
		"explanation", "annotation", "author", "editor", "date", "notes", "difficulty", "origin", "block", "empty", "styles",
		"dimensions", "charset", "displaycharset", "boxes", "showoperators", "cageborder", "puzzle", "saved", "solution", "zones", "cages"}
	for key := range obj {
		if !slices.Contains(spec, key) && !strings.Contains(key, "://") {
			t.Errorf("%s: neither a field of the specification nor a URL-like extension", key)
		}
	}
}

// TestIpuzReadBack: what NewIpuz writes, DecodeIpuz reads back as the
// same puzzle of the same variant.
func TestIpuzReadBack(t *testing.T) {
	kit := NewVariantKit()
	check := func(p variant.Puzzle) (variant.Grid, error) { return kit.SolveUnique(p.Variant, p.Grid) }
	for _, p := range ipuzSamples(t) {
		data, err := IpuzJSON(NewIpuz(p, IpuzMeta{}))
		if err != nil {
			t.Fatal(err)
		}
		got, errs := DecodeIpuz("x.ipuz", data, check)
		if len(errs) > 0 || len(got) != 1 {
			t.Fatalf("%s: %v", p.Kind(), errs)
		}
		if got[0].Puzzle.Variant.Key() != p.Geometry().Key() || !slices.Equal(got[0].Puzzle.Grid, p.Givens) || !slices.Equal(got[0].Solution, p.Solution) {
			t.Errorf("%s: read back %s %v", p.Kind(), got[0].Puzzle.Variant.Key(), got[0].Puzzle.Grid)
		}
	}
}

// ipuzClassic is an ipuz object of a classic puzzle with the changes
// edit makes to its fields.
func ipuzClassic(t *testing.T, edit func(map[string]any)) []byte {
	t.Helper()
	var prep Preparer
	p := prep.Prepare(context.Background(), engine.MustParse(goodPuzzles[0])).Puzzle
	data, err := IpuzJSON(NewIpuz(p, IpuzMeta{}))
	if err != nil {
		t.Fatal(err)
	}
	var obj map[string]any
	if err := json.Unmarshal(data, &obj); err != nil {
		t.Fatal(err)
	}
	edit(obj)
	out, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestIpuzBad: every bad ipuz is refused as FILE: field: problem.
func TestIpuzBad(t *testing.T) {
	rows := func(o map[string]any, key string) [][]any {
		var out [][]any
		for _, r := range o[key].([]any) {
			out = append(out, r.([]any))
		}
		return out
	}
	tests := []struct {
		name, want string
		data       []byte
	}{
		{"not-json", "file: not JSON", []byte("this is not json\n")},
		{"truncated", "file: not JSON", ipuzClassic(t, func(map[string]any) {})[:100]},
		{"no-version", "version: missing", ipuzClassic(t, func(o map[string]any) { delete(o, "version") })},
		{"wrong-kind", `kind: ["http://ipuz.org/crossword#1"] is not the Sudoku kind`, ipuzClassic(t, func(o map[string]any) { o["kind"] = []string{"http://ipuz.org/crossword#1"} })},
		{"no-puzzle", "puzzle: missing", ipuzClassic(t, func(o map[string]any) { delete(o, "puzzle") })},
		{"short-row", "puzzle[3]: 8 cells, not 9", ipuzClassic(t, func(o map[string]any) { r := o["puzzle"].([]any); r[3] = r[3].([]any)[:8] })},
		{"rows-past-dimensions", "puzzle: 8 rows, not the 9 of dimensions", ipuzClassic(t, func(o map[string]any) { o["puzzle"] = o["puzzle"].([]any)[:8] })},
		{"not-square", "dimensions: 9x8 is not square", ipuzClassic(t, func(o map[string]any) { o["dimensions"] = map[string]int{"width": 9, "height": 8} })},
		{"huge", "dimensions: 10000x10000: pressrun's grids are 4x4 to 16x16", ipuzClassic(t, func(o map[string]any) { o["dimensions"] = map[string]int{"width": 10000, "height": 10000} })},
		{"huge-rows", "puzzle: 40 rows: pressrun's grids are 4x4 to 16x16", ipuzClassic(t, func(o map[string]any) {
			delete(o, "dimensions")
			o["puzzle"] = make([][]int, 40)
		})},
		{"value", "puzzle[0][2]: 12 is not a value of a 9x9 grid", ipuzClassic(t, func(o map[string]any) { rows(o, "puzzle")[0][2] = 12 })},
		{"charset-char", `puzzle[0][2]: "Z" is not a character of the charset`, ipuzClassic(t, func(o map[string]any) { rows(o, "puzzle")[0][2] = "Z" })},
		{"charset-length", "charset: \"12345\" has 5 characters, not the grid's 9", ipuzClassic(t, func(o map[string]any) { o["charset"] = "12345" })},
		{"solution-differs", "does not solve the puzzle", ipuzClassic(t, func(o map[string]any) {
			s := rows(o, "solution")
			s[8][7], s[8][8] = s[8][8], s[8][7]
		})},
		{"solution-against-givens", "solution: r1c3 holds", ipuzClassic(t, func(o map[string]any) {
			s := rows(o, "solution")
			s[0][2], s[0][3] = s[0][3], s[0][2]
		})},
		{"many-solutions", "puzzle: more than one solution", ipuzClassic(t, func(o map[string]any) {
			for _, r := range rows(o, "puzzle")[:5] {
				for c := range r {
					r[c] = 0
				}
			}
			delete(o, "solution")
		})},
		{"conflict", "both hold", ipuzClassic(t, func(o map[string]any) {
			p := rows(o, "puzzle")
			p[0][0], p[0][1] = 3, 3
		})},
		{"boxes-not-bool", "boxes: not true or false", ipuzClassic(t, func(o map[string]any) { o["boxes"] = "yes" })},
		{"zones-unknown", "zones: 1 zones beside the boxes that are neither", ipuzClassic(t, func(o map[string]any) {
			o["zones"] = []any{map[string]any{"rect": []int{1, 1, 9, 1}}}
		})},
		{"zone-off-grid", "zones[0]: cell [10, 1] is off the 9x9 grid", ipuzClassic(t, func(o map[string]any) {
			o["zones"] = []any{map[string]any{"cells": [][]int{{10, 1}}}}
		})},
		{"jigsaw-zones", "zones: without boxes the zones are a jigsaw's 9 regions, not 0 zones", ipuzClassic(t, func(o map[string]any) { o["boxes"] = false })},
		{"cage-operator", `cages[0].operator: "*": pressrun's killer cages add up`, ipuzClassic(t, func(o map[string]any) {
			o["cages"] = []any{map[string]any{"operator": "*", "value": 6, "cells": [][]int{{1, 1}}}}
		})},
		{"extension-disagrees", `https://github.com/pressrun/pressrun/ipuz.variant: "x", but boxes, zones and cages describe "classic"`, ipuzClassic(t, func(o map[string]any) {
			o[IpuzExtension].(map[string]any)["variant"] = "x"
		})},
		{"array-element", "[1].kind:", append(append([]byte("["), ipuzClassic(t, func(map[string]any) {})...),
			append([]byte(","), append(ipuzClassic(t, func(o map[string]any) { o["kind"] = []string{"http://ipuz.org/fill"} }), ']')...)...)},
	}
	kit := NewVariantKit()
	check := func(p variant.Puzzle) (variant.Grid, error) { return kit.SolveUnique(p.Variant, p.Grid) }
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := filepath.Join(dir, tt.name+".ipuz")
			if err := os.WriteFile(name, tt.data, 0o644); err != nil {
				t.Fatal(err)
			}
			got, errs := ReadIpuzFile(name, check)
			if len(errs) != 1 {
				t.Fatalf("%d errors, %d puzzles: %v", len(errs), len(got), errs)
			}
			var ie *IpuzError
			if !errors.As(errs[0], &ie) || !strings.HasPrefix(errs[0].Error(), name+": ") || !strings.Contains(errs[0].Error(), tt.want) {
				t.Errorf("got %v, want %s: ...%s...", errs[0], name, tt.want)
			}
		})
	}
	// A file past the limit is refused before it is read.
	big := filepath.Join(dir, "big.ipuz")
	if err := os.WriteFile(big, append(ipuzClassic(t, func(map[string]any) {}), bytes.Repeat([]byte(" "), MaxIpuzBytes)...), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs := ReadIpuzFile(big, check); len(errs) != 1 || !strings.Contains(errs[0].Error(), "big.ipuz: file: ") || !strings.Contains(errs[0].Error(), "past the 1048576 (1 MiB)") {
		t.Errorf("a file past 1 MiB: %v", errs)
	}
}

// FuzzDecodeIpuz: a puzzle or an error, never a panic, never both.
func FuzzDecodeIpuz(f *testing.F) {
	var prep Preparer
	p := prep.Prepare(context.Background(), engine.MustParse(goodPuzzles[0])).Puzzle
	data, _ := IpuzJSON(NewIpuz(p, IpuzMeta{}))
	f.Add(data)
	f.Add([]byte(`{"version":"http://ipuz.org/v2","kind":["http://ipuz.org/sudoku#1"],"puzzle":[[0]]}`))
	f.Add([]byte(`[{"dimensions":{"width":4,"height":4}}]`))
	kit := NewVariantKit()
	check := func(p variant.Puzzle) (variant.Grid, error) { return kit.SolveUnique(p.Variant, p.Grid) }
	f.Fuzz(func(t *testing.T, data []byte) {
		got, errs := DecodeIpuz("f.ipuz", data, check)
		for _, g := range got {
			if len(g.Solution) != g.Puzzle.Variant.Cells() {
				t.Fatalf("a puzzle without its solution: %+v", g)
			}
		}
		for _, err := range errs {
			var ie *IpuzError
			if !errors.As(err, &ie) {
				t.Fatalf("not an IpuzError: %v", err)
			}
		}
	})
}

// TestIpuzOtherForms: the forms the specification allows that pressrun
// does not write are read too: the ipuz(...) wrapper, version 1's kind
// without its version, no dimensions, no solution, givens as strings of
// the charset, null for empty, {"given": value}, zones as rects, and a
// 16x16's hexadecimal charset.
func TestIpuzOtherForms(t *testing.T) {
	kit := NewVariantKit()
	check := func(p variant.Puzzle) (variant.Grid, error) { return kit.SolveUnique(p.Variant, p.Grid) }
	samples := ipuzSamples(t)
	for _, p := range []store.Puzzle{samples[0], samples[3], samples[5]} { // classic, 16x16, windoku
		v := p.Geometry()
		n := v.Size
		charset := "123456789"
		if n == 16 {
			charset = "0123456789ABCDEF"
		}
		rows := make([][]any, n)
		for r := range rows {
			for c := range n {
				var cell any // null: empty
				switch x := p.Givens[r*n+c]; {
				case x != 0 && c%2 == 0:
					cell = charset[x-1 : x]
				case x != 0:
					cell = map[string]any{"given": charset[x-1 : x]}
				}
				rows[r] = append(rows[r], cell)
			}
		}
		obj := map[string]any{"version": "http://ipuz.org/v1", "kind": []string{"http://ipuz.org/sudoku"}, "charset": charset, "puzzle": rows}
		if v.Name == "windoku" {
			obj["zones"] = []any{
				map[string]any{"rect": []int{6, 6, 8, 8}}, map[string]any{"rect": []int{2, 2, 4, 4}},
				map[string]any{"rect": []int{6, 2, 8, 4}}, map[string]any{"rect": []int{2, 6, 4, 8}, "style": map[string]any{"color": "ccc"}},
			}
		}
		data, err := json.Marshal(obj)
		if err != nil {
			t.Fatal(err)
		}
		data = append(append([]byte("ipuz("), data...), ')')
		got, errs := DecodeIpuz("other.ipuz", data, check)
		if len(errs) > 0 || len(got) != 1 {
			t.Fatalf("%s: %v\n%s", p.Kind(), errs, data)
		}
		if got[0].Puzzle.Variant.Key() != v.Key() || !slices.Equal(got[0].Puzzle.Grid, p.Givens) || !slices.Equal(got[0].Solution, p.Solution) {
			t.Errorf("%s: read as %s %v", p.Kind(), got[0].Puzzle.Variant.Key(), got[0].Puzzle.Grid)
		}
	}
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
