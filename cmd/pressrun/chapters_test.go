package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/teach"
	"github.com/pressrun/pressrun/engine/variant"
	vlogic "github.com/pressrun/pressrun/engine/variant/logic"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/templates"
	"github.com/pressrun/pressrun/templates/pdfcheck"
)

// chapterSpec is a small teaching book: four chapters, one of them at a
// level too, in language lang.
func chapterSpec(t *testing.T, dir, lang string) string {
	t.Helper()
	spec := fmt.Sprintf(`title: Learn
seed: 11
date: 2026-12-01
language: %s
scale: sukaku
output: learn.pdf
layout: {per-page: 2, solutions-per-page: 6}
hints: {per-puzzle: 1}
sections:
  - {technique: hidden-single, count: 3}
  - {technique: x-wing, count: 3}
  - {technique: skyscraper, count: 3}
  - {technique: xy-wing, level: hard, count: 3}
  - {technique: x-wing, variant: x, count: 2}
`, lang)
	path := filepath.Join(dir, "learn.yaml")
	if err := os.WriteFile(path, []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A teaching book: each chapter's puzzles need its technique and nothing
// harder (solved again here), the manifest says the technique, and each
// chapter's worked example prints, in the pattern's cells, the
// candidates the solve has there at the technique's first step (read
// back from the PDF with pdftotext).
func TestBuildChapters(t *testing.T) {
	dir := t.TempDir()
	buildOK(t, chapterSpec(t, dir, "en"))
	m := readManifest(t, filepath.Join(dir, "learn.json"))
	aims := map[int]teach.Aim{}
	for _, s := range m.Sections {
		var aim teach.Aim
		for _, name := range strings.Split(s.Technique, ",") {
			tech, err := teach.Named(name)
			if err != nil {
				t.Fatalf("section %d: technique %q: %v", s.Index, s.Technique, err)
			}
			aim.Techniques = append(aim.Techniques, tech)
		}
		aims[s.Index] = aim
	}
	if len(m.Puzzles) != 14 || len(m.Examples) != 5 {
		t.Fatalf("%d puzzles, %d worked examples", len(m.Puzzles), len(m.Examples))
	}
	for _, p := range m.Puzzles {
		if p.Variant != "" {
			continue // the X chapter: below
		}
		g, err := engine.Parse(p.Puzzle)
		if err != nil {
			t.Fatal(err)
		}
		res, err := logic.SolveWith(g, logic.Options{Scale: logic.Sukaku})
		if err != nil {
			t.Fatal(err)
		}
		aim := aims[p.SectionIndex]
		if j := aim.Judge(teach.ClassicSteps(res.Steps)); !aim.Met(j) {
			t.Errorf("puzzle %d (%s): %+v", p.Number, aim.Names(), j)
		}
		if p.SectionIndex == 4 && p.Level != "Hard" {
			t.Errorf("puzzle %d: level %q in the chapter at hard", p.Number, p.Level)
		}
		if p.HintPage == 0 {
			t.Errorf("puzzle %d has no hint", p.Number)
		}
	}

	// The archive finds the puzzles with an x-wing step: the chapter's
	// among them, and each one's solve has one.
	q := pressrun(t, "", "archive", "query", "--archive", filepath.Join(dir, "pressrun.db"), "--variant", "classic", "--technique", "x-wing", "--format", "tsv")
	if q.code != 0 {
		t.Fatalf("archive query --technique x-wing: exit %d: %s", q.code, q.stderr)
	}
	rows := strings.Split(strings.TrimSpace(q.stdout), "\n")[1:]
	found := map[string]bool{}
	for _, row := range rows {
		f := strings.Split(row, "\t")
		found[f[0]] = true
		g, _ := engine.Parse(f[1])
		res, err := logic.SolveWith(g, logic.Options{Scale: logic.Sukaku})
		if err != nil || res.Count(logic.XWing) == 0 {
			t.Errorf("archive query --technique x-wing gave %s, whose solve has no x-wing (%v)", f[0], err)
		}
	}
	for _, p := range m.Puzzles {
		if p.SectionIndex == 2 && !found[p.ArchiveID] {
			t.Errorf("archive query --technique x-wing misses the chapter's puzzle %s", p.ArchiveID)
		}
	}

	pdfcheck.NeedTools(t, "pdftotext")
	pages, _ := pdfcheck.RawPageWords(t, filepath.Join(dir, "learn.pdf"))
	for _, ex := range m.Examples {
		i := slices.IndexFunc(m.Puzzles, func(p pipeline.PuzzleManifest) bool { return p.Number == ex.Number })
		p := m.Puzzles[i]
		if p.Variant != "" {
			checkVariantExample(t, p, aims[p.SectionIndex], ex, pages[ex.Page-1])
			continue
		}
		g, _ := engine.Parse(p.Puzzle)
		res, _ := logic.SolveWith(g, logic.Options{Scale: logic.Sukaku})
		aim := aims[p.SectionIndex]
		first := slices.IndexFunc(res.Steps, func(s logic.Step) bool { return aim.Has(s.Technique) })
		want := logic.PositionBefore(g, res.Steps, first)
		got := readCandidates(pages[ex.Page-1], ex.GridPt)
		for _, c := range res.Steps[first].Cells {
			if got[c] != want.Candidates[c] {
				t.Errorf("%s, page %d: r%dc%d prints candidates %s, the solve has %s", ex.Section, ex.Page, c/9+1, c%9+1, got[c], want.Candidates[c])
			}
		}
		for c := range 81 {
			if want.Cells[c] == 0 && got[c] != want.Candidates[c] {
				t.Errorf("%s, page %d: r%dc%d prints candidates %s, the solve has %s", ex.Section, ex.Page, c/9+1, c%9+1, got[c], want.Candidates[c])
			}
		}
	}
}

// readCandidates reads the small digits of a worked example's grid (its
// square [x, y, size]) from a page's words: each digit's cell, and its
// place in the cell's three by three (1 top left, 9 bottom right).
func readCandidates(words []pdfcheck.Word, sq [3]float64) [81]logic.Digits {
	var out [81]logic.Digits
	cell := sq[2] / 9
	for _, w := range words {
		if w.Y1-w.Y0 > cell/2 || strings.Trim(w.Text, "123456789") != "" {
			continue // a given or a digit found, or not a digit
		}
		step := (w.X1 - w.X0) / float64(len(w.Text))
		for k, r := range w.Text {
			x := w.X0 + (float64(k)+0.5)*step
			y := (w.Y0 + w.Y1) / 2
			col, row := int(math.Floor((x-sq[0])/cell)), int(math.Floor((y-sq[1])/cell))
			if col < 0 || col > 8 || row < 0 || row > 8 {
				continue
			}
			d := int(r - '0')
			out[row*9+col] |= 1 << d
		}
	}
	return out
}

// The same book in German: no English word on its chapter pages (the
// chapters' title pages and worked examples).
func TestBuildChaptersGerman(t *testing.T) {
	pdfcheck.NeedTools(t, "pdftotext")
	dir := t.TempDir()
	buildOK(t, chapterSpec(t, dir, "de"))
	m := readManifest(t, filepath.Join(dir, "learn.json"))
	text := string(pdfcheck.Command(t, "pdftotext", "-layout", filepath.Join(dir, "learn.pdf"), "-"))
	pages := strings.Split(text, "\f")
	english := regexp.MustCompile(`(?i)\b(the|and|is|of|cell|cells|candidates?|puzzle|row|column|box|which|where|when|here|worked|example|shaded|crossed)\b`)
	for _, ex := range m.Examples {
		for _, n := range []int{ex.Page - 1, ex.Page} { // the chapter's title page, then its example
			if w := english.FindAllString(pages[n-1], -1); len(w) > 0 {
				t.Errorf("page %d (%s): English words %v:\n%s", n, ex.Section, w, pages[n-1])
			}
		}
	}
	if !strings.Contains(text, "Lösungsbeispiel") {
		t.Errorf("no German worked example heading")
	}
}

// checkVariantExample checks a Sudoku X chapter's puzzle and its worked
// example: the puzzle meets the chapter's aim, and the example page
// prints every open cell's candidates as the solve has them at its first
// step of the technique: the digits no row, column, box or diagonal
// holding the cell has yet, less those the steps before ruled out.
func checkVariantExample(t *testing.T, p pipeline.PuzzleManifest, aim teach.Aim, ex templates.ExamplePlacement, page []pdfcheck.Word) {
	t.Helper()
	v, err := variant.Named(p.Variant)
	if err != nil {
		t.Fatal(err)
	}
	_, g, _, err := variant.NewReader(strings.NewReader(p.Puzzle+"\n"), v).Next()
	if err != nil {
		t.Fatal(err)
	}
	res, err := vlogic.NewSolver(v).Solve(g)
	if err != nil {
		t.Fatal(err)
	}
	if j := aim.Judge(teach.VariantSteps(res.Steps)); !aim.Met(j) {
		t.Fatalf("X puzzle %d: %+v", p.Number, j)
	}
	first := slices.IndexFunc(res.Steps, func(s vlogic.Step) bool { return aim.Has(s.Technique) })
	cells := slices.Clone([]uint8(g))
	var out [81]logic.Digits
	for _, s := range res.Steps[:first] {
		for _, pl := range s.Place {
			cells[pl.Cell] = uint8(pl.Symbol)
		}
	}
	houses := [][]int{}
	for i := range 9 {
		var row, col, box, diag, anti []int
		for k := range 9 {
			row, col = append(row, i*9+k), append(col, k*9+i)
			box = append(box, (i/3*3+k/3)*9+i%3*3+k%3)
			diag, anti = append(diag, k*10), append(anti, k*9+8-k)
		}
		houses = append(houses, row, col, box)
		if i == 0 {
			houses = append(houses, diag, anti)
		}
	}
	for c := range 81 {
		if cells[c] != 0 {
			continue
		}
		out[c] = 0x3fe
		for _, h := range houses {
			if slices.Contains(h, c) {
				for _, e := range h {
					out[c] &^= 1 << cells[e]
				}
			}
		}
	}
	for _, s := range res.Steps[:first] {
		for _, r := range s.Remove {
			out[r.Cell] &^= 1 << r.Symbol
		}
	}
	got := readCandidates(page, ex.GridPt)
	for c := range 81 {
		if cells[c] == 0 && got[c] != out[c] {
			t.Errorf("X example, page %d: r%dc%d prints candidates %s, the solve has %s", ex.Page, c/9+1, c%9+1, got[c], out[c])
		}
	}
}
