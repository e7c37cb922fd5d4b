package templates

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/templates/pdfcheck"

	"github.com/pressrun/pressrun/templates/words"
)

// killerPuzzles reads testdata/killers.jsonl: three published killers
// copied from engine/variant/testdata/killer-published.jsonl (its first,
// dailykillersudoku.com #24789 via github.com/vtsukur/killer-sudoku-solver;
// KrazyDad's KD_Killer_IM1-B1-P1 and KD_Killer_IM2-B100-P1 via
// github.com/bnatalha/webscrapping; that folder's README names the
// commits and licences), then two 6x6 killers made for these tests (a
// random cage layout over a fixed solution, kept because it has one
// solution). Each is checked to have its given solution as its only one.
func killerPuzzles(t testing.TB) (nine, six []Puzzle) {
	t.Helper()
	f, err := os.Open("testdata/killers.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		v, g, err := variant.ParseKillerJSON(sc.Text())
		if err != nil {
			t.Fatalf("testdata/killers.jsonl:%d: %v", line, err)
		}
		var extra struct{ Name, Solution string }
		if err := json.Unmarshal(sc.Bytes(), &extra); err != nil {
			t.Fatal(err)
		}
		sol, err := v.Parse(extra.Solution)
		if err != nil {
			t.Fatalf("testdata/killers.jsonl:%d: %v", line, err)
		}
		if n, first := variant.NewSolver(v).Count(g, 2); n != 1 || v.Format(first) != extra.Solution {
			t.Fatalf("testdata/killers.jsonl:%d (%s): %d solutions", line, extra.Name, n)
		}
		p := Puzzle{Variant: v, Givens: g, Solution: sol, Level: "Hard", ID: fmt.Sprintf("k%d-%02d", v.Size, line)}
		if v.Size == 9 {
			nine = append(nine, p)
		} else {
			six = append(six, p)
		}
	}
	if len(nine) != 3 || len(six) != 2 {
		t.Fatalf("testdata/killers.jsonl: %d 9x9 and %d 6x6 killers, want 3 and 2", len(nine), len(six))
	}
	return nine, six
}

// killerBook is a killer book of the shape: the 9x9 killers two a
// page on a 6x9 trim, a 6x6 section four a page, the combinations page.
func killerBook(t testing.TB) *Book {
	nine, six := killerPuzzles(t)
	return &Book{Title: "Killer Sudoku", Date: testDate, Trim: Trims[2], PerPage: 2, SolutionsPerPage: 6, Combinations: true,
		Sections: []Section{{Name: "Hard", Puzzles: nine}, {Name: "6x6", PerPage: 4, SolutionsPerPage: 9, Puzzles: six}}}
}

// TestKillerBooks lays out killer books and reads them back with
// poppler: every cage's sum in its cage's first cell and no number
// elsewhere on a puzzle grid, every solution digit in its cell (no sums
// on a solution), the combinations page as a plain count of digit sets
// has it, the fonts embedded, nothing outside the live area; at two and
// four a page (tinted), and in large print.
func TestKillerBooks(t *testing.T) {
	t.Parallel() // seconds of layout and poppler: beside the others
	needTools(t, "pdftotext", "pdfinfo", "pdffonts", "pdftoppm", "qpdf")
	dir := t.TempDir()
	for _, tt := range []struct {
		name string
		edit func(*Book)
	}{
		{"6x9-2", func(*Book) {}},
		{"6x9-4-tinted", func(b *Book) { b.PerPage, b.SolutionsPerPage, b.TintCages = 4, 12, true }},
		{"letter-large", func(b *Book) {
			b.Trim, _ = ParseTrim("8.5x11")
			b.LargePrint, b.PerPage, b.SolutionsPerPage = true, 1, 4
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := killerBook(t)
			tt.edit(b)
			if b.LargePrint {
				b.Sections[1].PerPage, b.Sections[1].SolutionsPerPage = 2, 6
			}
			pdf, m := writeBookFile(t, dir, tt.name, b)
			checkStructure(t, pdf, b, m)
			pages, _ := pageWords(t, pdf)
			if n := checkPrinted(t, m, pages); n != 2*len(m.Puzzles) {
				t.Errorf("%d of %d grids read back", n, 2*len(m.Puzzles))
			}
			// The read-back is not vacuous: every cage's sum was found.
			cages := 0
			for _, p := range m.Puzzles {
				v, err := variant.FromKey(p.Variant)
				if err != nil || !v.IsKiller() {
					t.Fatalf("puzzle %d: variant %q: %v", p.Number, p.Variant, err)
				}
				sums, _, err := pdfcheck.ReadCageSums(pages[p.Page-1], p.GridPt, v.Size)
				if err != nil || len(sums) != len(v.Cages) {
					t.Errorf("puzzle %d: %d sums read for %d cages (%v)", p.Number, len(sums), len(v.Cages), err)
				}
				cages += len(sums)
			}
			if cages < 100 {
				t.Errorf("%d sums read in all", cages)
			}
			checkWordsInLiveArea(t, m, b, pages)
			checkInkInLiveArea(t, pdf, m, b)
			checkCombinationsPage(t, m, pages, []int{9, 6})
			if w := cellWarnings(m); len(w) > 0 {
				t.Errorf("warnings: %q", w)
			}
		})
	}
}

// plainCombinations are the sums of k different digits 1..n that one
// set alone makes, by sum, each its digits as the page writes them
// ("1+2"): counted by listing every increasing run of k digits.
func plainCombinations(n, k int) map[string]string {
	sets := map[int][]string{}
	var walk func(from, left, sum int, digits []string)
	walk = func(from, left, sum int, digits []string) {
		if left == 0 {
			sets[sum] = append(sets[sum], strings.Join(digits, "+"))
			return
		}
		for d := from; d <= n; d++ {
			walk(d+1, left-1, sum+d, append(digits[:len(digits):len(digits)], fmt.Sprint(d)))
		}
	}
	walk(1, k, 0, nil)
	out := map[string]string{}
	for sum, s := range sets {
		if len(s) == 1 {
			out[fmt.Sprint(sum)] = s[0]
		}
	}
	return out
}

// checkCombinationsPage reads the combinations page back: under the
// heading of each size, each "sum = digits" line, the digits' count its
// column; they must be exactly plainCombinations' for 2 to 5 cells.
func checkCombinationsPage(t *testing.T, m *Manifest, pages [][]pdfcheck.Word, sizes []int) {
	t.Helper()
	if m.CombinationsPage == 0 {
		t.Fatal("no combinations page")
	}
	words := pages[m.CombinationsPage-1]
	// Each size's table starts at its heading, "Killer 9×9: ...".
	var tops []float64
	for _, n := range sizes {
		head := fmt.Sprintf("%d×%d:", n, n)
		i := slices.IndexFunc(words, func(w pdfcheck.Word) bool { return w.Text == head })
		if i < 0 {
			t.Fatalf("combinations page: no heading %q", head)
		}
		tops = append(tops, words[i].Y0)
	}
	got := map[int]map[int]map[string]string{} // size, cells, sum: digits
	for i, w := range words {
		if w.Text != "=" || i == 0 || i+1 == len(words) {
			continue
		}
		sum, digits := words[i-1], words[i+1]
		if math.Abs(sum.Y1-w.Y1) > 0.5 || math.Abs(digits.Y1-w.Y1) > 0.5 {
			t.Errorf("combinations page: %q %q %q not on one line", sum.Text, w.Text, digits.Text)
			continue
		}
		n := 0
		for k, top := range tops {
			if w.Y0 > top {
				n = sizes[k]
			}
		}
		cells := strings.Count(digits.Text, "+") + 1
		if got[n] == nil {
			got[n] = map[int]map[string]string{}
		}
		if got[n][cells] == nil {
			got[n][cells] = map[string]string{}
		}
		got[n][cells][sum.Text] = digits.Text
	}
	for _, n := range sizes {
		for k := 2; k <= 5; k++ {
			if want := plainCombinations(n, k); !maps.Equal(got[n][k], want) {
				t.Errorf("combinations page, %dx%d, %d cells: %v, want %v", n, n, k, got[n][k], want)
			}
		}
	}
	if len(got) != len(sizes) {
		t.Errorf("combinations page: tables for %d sizes, want %d", len(got), len(sizes))
	}
}

// SingleCombinations agrees with the plain count, and with the sums every
// killer solver knows by heart.
func TestSingleCombinations(t *testing.T) {
	for _, n := range []int{6, 9} {
		for k := 1; k <= n; k++ {
			got := map[string]string{}
			for _, c := range SingleCombinations(n, k) {
				got[fmt.Sprint(c.Sum)] = strings.Join(strings.Fields(strings.ReplaceAll(strings.SplitN(c.String(), " = ", 2)[1], "+", " ")), "+")
			}
			if want := plainCombinations(n, k); !maps.Equal(got, want) {
				t.Errorf("%dx%d, %d cells: %v, want %v", n, n, k, got, want)
			}
		}
	}
	var two []string
	for _, c := range SingleCombinations(9, 2) {
		two = append(two, c.String())
	}
	if want := []string{"3 = 1+2", "4 = 1+3", "16 = 7+9", "17 = 8+9"}; !slices.Equal(two, want) {
		t.Errorf("two cells: %q, want %q", two, want)
	}
	if SingleCombinations(9, 0) != nil || SingleCombinations(9, 10) != nil {
		t.Error("combinations of 0 or 10 cells")
	}
}

// inkRecorder is a canvas that keeps every line and text drawn.
type inkRecorder struct {
	lines []inkLine
	texts []rect
	words []string
}

type inkLine struct{ x1, y1, x2, y2, w float64 }

func (r *inkRecorder) fillRect(rect, float64)   {}
func (r *inkRecorder) strokeRect(rect, float64) {}
func (r *inkRecorder) polygon([]point)          {}
func (r *inkRecorder) line(x1, y1, x2, y2, w float64) {
	r.lines = append(r.lines, inkLine{min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2), w})
}
func (r *inkRecorder) text(f *face, size, x, y float64, s string) {
	r.texts = append(r.texts, rect{x, y - f.digitTop*size, f.width(s, size), (f.digitTop - f.digitBottom) * size})
	r.words = append(r.words, s)
}

// ink is the line's inked rectangle (an axis-parallel line, butt ends).
func (l inkLine) ink() rect {
	if l.y1 == l.y2 {
		return rect{l.x1, l.y1 - l.w/2, l.x2 - l.x1, l.w}
	}
	return rect{l.x1 - l.w/2, l.y1, l.w, l.y2 - l.y1}
}

// gapBetween is the distance between two rectangles; 0 if they meet.
func gapBetween(a, b rect) float64 {
	dx := max(0, max(a.x-b.right(), b.x-a.right()))
	dy := max(0, max(a.y-b.bottom(), b.y-a.bottom()))
	return math.Hypot(dx, dy)
}

// outlineLength is the length of a cage's traced loops, inset, in
// points.
func outlineLength(loops [][]corner, cell, inset float64) float64 {
	sum := 0.0
	for _, loop := range loops {
		for k := range loop {
			a, b := loop[k], loop[(k+1)%len(loop)]
			sum += math.Abs(float64(b.x-a.x)*cell+float64(b.dx-a.dx)*inset) + math.Abs(float64(b.y-a.y)*cell+float64(b.dy-a.dy)*inset)
		}
	}
	return sum
}

// ringKiller is a made-up killer whose cage at r4c5-r6c7 is a hook round
// r5c6 that touches itself at a point (r5c5 and r6c6 meet at a corner,
// r5c6 and r6c5 outside), an L at the top-left, the rest single cells:
// the shapes an outline must get right beyond a published killer's.
func ringKiller(t testing.TB) *variant.Variant {
	cell := func(r, c int) int { return (r-1)*9 + c - 1 }
	hook := []int{cell(5, 5), cell(4, 5), cell(4, 6), cell(4, 7), cell(5, 7), cell(6, 7), cell(6, 6)}
	el := []int{cell(1, 1), cell(2, 1), cell(2, 2)}
	cages := []variant.Cage{{Sum: 28, Cells: hook}, {Sum: 6, Cells: el}}
	taken := map[int]bool{}
	for _, c := range append(slices.Clone(hook), el...) {
		taken[c] = true
	}
	for c := range 81 {
		if !taken[c] {
			cages = append(cages, variant.Cage{Sum: 1 + c%9, Cells: []int{c}})
		}
	}
	v, err := variant.Killer(9, cages)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// The cage outlines: each as long as its cells' boundary inset at every
// corner (worked out cell side by cell side, not from the traced loops);
// the dashes inside their own cage, the ink of two cages' dashes never
// meeting, a little over half of each outline inked; each sum in its
// cage's first cell, clear of every dash and of a digit written in the
// middle of the cell. For the test killers and a made-up one with a hook
// that touches itself, at the cells of a puzzle and of a solution.
func TestCageOutlines(t *testing.T) {
	fc, err := parseFaces(Fonts{})
	if err != nil {
		t.Fatal(err)
	}
	nine, six := killerPuzzles(t)
	vs := []*variant.Variant{ringKiller(t)}
	for _, p := range append(nine, six...) {
		vs = append(vs, p.Variant)
	}
	gaps := map[float64][2]float64{} // by cell size: the least gap from a sum to a given, to a pencilled digit
	for _, c := range []float64{27, 18, 30} {
		gaps[c] = [2]float64{math.Inf(1), math.Inf(1)}
	}
	defer func() {
		for _, c := range []float64{18, 27, 30} {
			t.Logf("%.0f pt cells: a sum is %.2f pt from a given-sized digit, %.2f pt from a pencilled one at the least", c, gaps[c][0], gaps[c][1])
		}
	}()
	for vi, v := range vs {
		n := v.Size
		cs := newCageShape(v)
		for _, tt := range []struct {
			cell float64
			st   gridStyle
			sums bool
		}{{27, puzzleStyle, true}, {18, puzzleStyle, true}, {30, largeStyle, true}, {9, solutionStyle, false}} {
			cst := newCageStyle(tt.cell, tt.st, !tt.sums)
			in := func(cage, r, c int) bool { return r >= 0 && r < n && c >= 0 && c < n && cs.of[r*n+c] == cage }
			for i, cage := range v.Cages {
				// The inset outline's length, a cell side at a time: an end
				// where the outline turns into the cage is shorter by the
				// inset, one where it turns out of it longer.
				want := 0.0
				for _, c := range cage.Cells {
					r, col := c/n, c%n
					for _, s := range steps {
						or, oc := r+s[1], col+s[0] // across the side
						if in(i, or, oc) {
							continue
						}
						want += tt.cell
						for _, sign := range []int{-1, 1} { // the side's two ends
							ar, ac := r+sign*s[0], col+sign*s[1] // along the side
							switch {
							case !in(i, ar, ac):
								want -= cst.inset
							case in(i, ar+s[1], ac+s[0]):
								want += cst.inset
							}
						}
					}
				}
				got := outlineLength(cs.loops[i], tt.cell, cst.inset)
				if math.Abs(got-want) > 1e-6 {
					t.Fatalf("killer %d, cage %d at %s: outline %.2f pt long, want %.2f", vi, i, v.CellName(cage.Cells[0]), got, want)
				}
			}

			var r inkRecorder
			drawCages(&r, fc.regular, 0, 0, tt.cell, cs, tt.sums, tt.st)
			owner := make([]int, len(r.lines))
			inked := make([]float64, len(v.Cages))
			for k, l := range r.lines {
				mx, my := (l.x1+l.x2)/2, (l.y1+l.y2)/2
				owner[k] = cs.of[int(my/tt.cell)*n+int(mx/tt.cell)]
				inked[owner[k]] += l.x2 - l.x1 + l.y2 - l.y1
				// Both ends in a cell of the cage, off its edge.
				for _, e := range [][2]float64{{l.x1, l.y1}, {l.x2, l.y2}} {
					c := int(e[1]/tt.cell)*n + int(e[0]/tt.cell)
					if cs.of[c] != owner[k] {
						t.Fatalf("killer %d: a dash of cage %d reaches into %s", vi, owner[k], v.CellName(c))
					}
				}
			}
			least := 2*cst.inset - cst.width - 1e-6
			for a := range r.lines {
				for b := range a {
					if owner[a] != owner[b] && gapBetween(r.lines[a].ink(), r.lines[b].ink()) < least {
						t.Fatalf("killer %d: dashes of cages %d and %d %.2f pt apart, want %.2f", vi, owner[a], owner[b], gapBetween(r.lines[a].ink(), r.lines[b].ink()), least)
					}
				}
			}
			for i := range v.Cages {
				outline := outlineLength(cs.loops[i], tt.cell, cst.inset)
				lo := 0.45
				if tt.sums {
					lo = 0.3 // the sum takes a corner
				}
				if f := inked[i] / outline; f < lo || f > 0.8 {
					t.Errorf("killer %d, cage %d: %.0f%% of the outline inked", vi, i, f*100)
				}
			}
			if !tt.sums {
				if len(r.texts) != 0 {
					t.Errorf("killer %d: %d sums on a solution", vi, len(r.texts))
				}
				continue
			}
			if len(r.texts) != len(v.Cages) {
				t.Fatalf("killer %d: %d sums for %d cages", vi, len(r.texts), len(v.Cages))
			}
			// A digit in the middle of a cell: as large as a given, and as
			// a reader pencils one, half the cell.
			digitBox := func(f *face, scale float64) rect {
				size := scale * tt.cell
				w, h := f.width("8", size), (f.digitTop-f.digitBottom)*size
				return rect{(tt.cell - w) / 2, (tt.cell - h) / 2, w, h}
			}
			given, pencil := digitBox(fc.bold, tt.st.givenScale), digitBox(fc.regular, 0.5)
			for i, box := range r.texts {
				first := v.Cages[i].Cells[0]
				if r.words[i] != fmt.Sprint(v.Cages[i].Sum) {
					t.Errorf("killer %d: sum %q for cage %d, want %d", vi, r.words[i], i, v.Cages[i].Sum)
				}
				x0, y0 := float64(first%n)*tt.cell, float64(first/n)*tt.cell
				if box.x < x0+tt.st.box/2 || box.y < y0+tt.st.box/2 || box.right() > x0+tt.cell/2 || box.bottom() > y0+tt.cell/3 {
					t.Errorf("killer %d: sum %s at %+v, not in the top-left of %s at %.1f, %.1f", vi, r.words[i], box, v.CellName(first), x0, y0)
				}
				local := rect{box.x - x0, box.y - y0, box.w, box.h}
				gaps[tt.cell] = [2]float64{min(gaps[tt.cell][0], gapBetween(local, given)), min(gaps[tt.cell][1], gapBetween(local, pencil))}
				if g := gapBetween(local, given); g < 0.2 {
					t.Errorf("killer %d, %.0f pt cells: sum %s %.2f pt from a given-sized digit in the middle of its cell", vi, tt.cell, r.words[i], g)
				}
				if g := gapBetween(local, pencil); g < 0.05*tt.cell {
					t.Errorf("killer %d, %.0f pt cells: sum %s %.2f pt from a pencilled digit in the middle of its cell", vi, tt.cell, r.words[i], g)
				}
				for _, l := range r.lines {
					if g := gapBetween(box, l.ink()); g < 0.5 {
						t.Errorf("killer %d: sum %s %.2f pt from a dash", vi, r.words[i], g)
					}
				}
			}
		}
	}
}

// The killer rules: the cages, their sums, no repeats, the rule of 45
// with the total of each size the book has.
func TestKillerRules(t *testing.T) {
	nine, six := killerPuzzles(t)
	one := Rules(nil, []Section{{Puzzles: nine}})
	for _, want := range []string{
		"Fill in the empty cells so that every row, every column and every 3×3 box holds each of the digits 1 to 9 exactly once; the digits in each cage (a group of cells outlined with dashes) add up to the small number in its top-left corner, and no digit repeats within a cage.",
		"The rule of 45: the digits of every row, every column and every box add up to 45. ",
	} {
		if !strings.Contains(one, want) {
			t.Errorf("killer rules lack %q:\n%s", want, one)
		}
	}
	if small := Rules(nil, []Section{{Puzzles: six}}); !strings.Contains(small, "The rule of 21: the digits of every row, every column and every box add up to 21. ") || !strings.Contains(small, "every 2×3 box holds each of the digits 1 to 6") {
		t.Errorf("6x6 killer rules:\n%s", small)
	}
	b := varietyBook(t)
	b.Sections = append(b.Sections, Section{Name: "Killer", Puzzles: nine}, Section{Name: "Killer 6x6", Puzzles: six})
	all := Rules(nil, b.Sections)
	for _, want := range []string{"- Killer: every row", "- Killer 6×6: every row", "- Sudoku X:", "add up to 45 (21 in a 6×6 grid).", "each grid keeps the rules of its kind. The book has eight kinds of puzzle:"} {
		if !strings.Contains(all, want) {
			t.Errorf("variety rules lack %q:\n%s", want, all)
		}
	}
	if classic := Rules(nil, []Section{{Puzzles: testPuzzles(t)[:1]}}); classic != words.English().Text("rules.classic") {
		t.Errorf("classic rules %q", classic)
	}
}

// A killer section in the variety book: every grid reads back, the
// killers' sums included, and the solutions pages hold one kind each.
func TestVarietyKiller(t *testing.T) {
	needTools(t, "pdftotext")
	nine, six := killerPuzzles(t)
	b := varietyBook(t)
	b.Combinations = true
	b.Sections = append(b.Sections, Section{Name: "Killer", Puzzles: nine}, Section{Name: "Killer 6x6", PerPage: 4, Puzzles: six})
	pdf, m := writeBookFile(t, t.TempDir(), "variety-killer", b)
	pages, _ := pageWords(t, pdf)
	if n := checkPrinted(t, m, pages); n != 2*len(m.Puzzles) {
		t.Errorf("%d of %d grids read back", n, 2*len(m.Puzzles))
	}
	checkCombinationsPage(t, m, pages, []int{9, 6})
	kinds := map[int]string{}
	for _, p := range m.Puzzles {
		if k, ok := kinds[p.SolutionPage]; ok && k != p.Section {
			t.Errorf("solutions page %d holds %s and %s", p.SolutionPage, k, p.Section)
		}
		kinds[p.SolutionPage] = p.Section
	}
}

// A killer alone, as a newspaper prints it: the PDF reads back with its
// sums; the SVG and PNG are made.
func TestSingleKiller(t *testing.T) {
	needTools(t, "pdftotext")
	nine, six := killerPuzzles(t)
	dir := t.TempDir()
	for _, p := range []Puzzle{nine[0], six[0]} {
		for _, sol := range []bool{false, true} {
			s := Single{Puzzle: p, Solution: sol, Date: testDate, TintCages: true}
			var buf bytes.Buffer
			if err := WriteSinglePDF(&buf, s); err != nil {
				t.Fatal(err)
			}
			name := savePDF(t, dir, fmt.Sprintf("killer%d-%v", p.size(), sol), buf.Bytes())
			sq, _ := SingleGrid(s)
			pages, _ := pageWords(t, name)
			v := p.Variant
			sums, rest, err := pdfcheck.ReadCageSums(pages[0], sq, v.Size)
			if err != nil {
				t.Fatal(err)
			}
			if sol && len(sums) != 0 || !sol && len(sums) != len(v.Cages) {
				t.Errorf("%dx%d solution %v: %d sums", v.Size, v.Size, sol, len(sums))
			}
			for _, cage := range v.Cages {
				if got, ok := sums[cage.Cells[0]]; !sol && (!ok || got != cage.Sum) {
					t.Errorf("%dx%d: cage at %s reads %d, want %d", v.Size, v.Size, v.CellName(cage.Cells[0]), got, cage.Sum)
				}
			}
			want := p.Givens
			if sol {
				want = p.Solution
			}
			if g, err := readVariantGrid(rest, sq, p.labels()); err != nil || !bytes.Equal(g, want) {
				t.Errorf("%dx%d solution %v: read %v (%v), want %v", v.Size, v.Size, sol, g, err, want)
			}
			if err := WriteSingleSVG(&buf, s); err != nil {
				t.Error(err)
			}
			if err := WriteSinglePNG(&buf, s, 100); err != nil {
				t.Error(err)
			}
		}
	}
}
