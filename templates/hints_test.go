package templates

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/logic"
)

// hintsBook is a small book of three sections (sampled, top1465, 17
// clues: 8, 12 and 12 puzzles) whose last two sections have per hints a
// puzzle, from the logic solver.
func hintsBook(t testing.TB, per int) *Book {
	t.Helper()
	puzzles := testPuzzles(t)
	var some []Puzzle
	for _, r := range [][2]int{{0, 8}, {60, 72}, {90, 102}} {
		some = append(some, puzzles[r[0]:r[1]]...)
	}
	b := testBook(t, some)
	b.Sections[0].Puzzles = append(b.Sections[0].Puzzles, b.Sections[1].Puzzles[:4]...)
	b.Sections[1].Puzzles = b.Sections[1].Puzzles[4:]
	for si := 1; si < len(b.Sections); si++ {
		for pi := range b.Sections[si].Puzzles {
			p := &b.Sections[si].Puzzles[pi]
			hs, err := logic.Hints(engine.Grid(p.Givens), per)
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range hs {
				p.Hints = append(p.Hints, h.Text)
			}
		}
	}
	return b
}

// TestHintsAppendix writes books with hints and reads them back page by
// page with pdftotext: a puzzle's footer on page P says "Hint p. H" (or
// its shortened "Hint H" under narrow grids), page H is the first to say
// "Puzzle N (page P)" and holds its first hint, every hint is printed
// whole in the appendix, the manifest's HintPage is H, the contents list
// the appendix, and everything stays in the live area.
func TestHintsAppendix(t *testing.T) {
	t.Parallel() // seconds of layout and poppler: beside the others
	needTools(t, "pdftotext", "pdfinfo", "pdffonts", "qpdf")
	for _, per := range []int{4, 6} { // 6x9: 6 a page shortens no footer, TestHintsPagination's 5x8 does
		t.Run(fmt.Sprintf("%d-a-page", per), func(t *testing.T) {
			b := hintsBook(t, 3)
			b.PerPage, b.Trim = per, Trims[2]
			var buf bytes.Buffer
			m, err := WriteBook(&buf, b)
			if err != nil {
				t.Fatal(err)
			}
			pdf := filepath.Join(t.TempDir(), "hints.pdf")
			if err := os.WriteFile(pdf, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			checkStructure(t, pdf, b, m)
			pages, _ := pageWords(t, pdf)
			checkWordsInLiveArea(t, m, b, pages)
			checkPrinted(t, m, pages)

			text := map[int]string{}
			pageText := func(n int) string {
				if _, ok := text[n]; !ok {
					out := command(t, "pdftotext", "-f", fmt.Sprint(n), "-l", fmt.Sprint(n), pdf, "-")
					text[n] = strings.Join(strings.Fields(string(out)), " ")
				}
				return text[n]
			}
			first, last := m.Pages, 0 // the appendix's pages
			var hinted []Puzzle
			for _, s := range b.Sections {
				for _, p := range s.Puzzles {
					if len(p.Hints) > 0 {
						hinted = append(hinted, p)
					}
				}
			}
			i := 0
			for _, s := range b.Sections {
				for _, p := range s.Puzzles {
					pl := m.Puzzles[i]
					i++
					footer := pageText(pl.Page)
					if len(p.Hints) == 0 {
						if pl.HintPage != 0 || strings.Contains(footer, "Hint") {
							t.Errorf("puzzle %d has no hints, yet HintPage %d and page %d says %q", pl.Number, pl.HintPage, pl.Page, footer)
						}
						continue
					}
					h := pl.HintPage
					want := fmt.Sprintf("Hint p. %d ", h)
					if !strings.Contains(footer, want) && !strings.Contains(footer, fmt.Sprintf("Hint %d ", h)) {
						t.Errorf("puzzle %d: page %d does not say %q: %q", pl.Number, pl.Page, want, footer)
					}
					heading := fmt.Sprintf("Puzzle %d (page %d)", pl.Number, pl.Page)
					for n := pl.Page + 1; n < h; n++ {
						if strings.Contains(pageText(n), heading+" ") {
							t.Errorf("puzzle %d: %q on page %d, before its HintPage %d", pl.Number, heading, n, h)
						}
					}
					got := pageText(h)
					if !strings.Contains(got, heading+" 1. "+p.Hints[0]) {
						t.Errorf("puzzle %d: page %d lacks %q and its first hint %q:\n%s", pl.Number, h, heading, p.Hints[0], got)
					}
					first, last = min(first, h), max(last, h)
				}
			}
			appendix := ""
			for n := first; n <= last+1 && n <= m.Pages; n++ {
				appendix += pageText(n) + " "
			}
			for _, p := range hinted {
				for j, h := range p.Hints {
					if !strings.Contains(appendix, fmt.Sprintf("%d. %s", j+1, h)) {
						t.Errorf("puzzle %d: hint %d %q is not printed whole", p.Number, j+1, h)
					}
				}
			}
			if !strings.HasPrefix(pageText(first), "Hints Stuck?") {
				t.Errorf("page %d, the appendix's first, begins %q", first, pageText(first)[:40])
			}
			contents := pageText(4)
			if !strings.Contains(contents, "Hints") || !strings.Contains(contents, fmt.Sprint(first)) {
				t.Errorf("the contents do not list the hints on page %d: %q", first, contents)
			}
			t.Logf("%d pages, hints on pages %d-%d", m.Pages, first, last)
		})
	}
}

// TestHintsPagination plans books with long hints on every trim: no
// line leaves the live area, no hint is split across pages, a puzzle's
// heading shares its page with its first hint, a page that goes on with
// a puzzle's hints repeats its heading, "continued", and each puzzle's
// footer label fits its grid.
func TestHintsPagination(t *testing.T) {
	puzzles := testPuzzles(t)[:40]
	long := strings.Repeat("In row 4, 3 and 7 can only go in r4c2 and r4c8 (a hidden pair), so those two cells hold nothing else: remove 1 and 5 from r4c2. ", 3)
	for _, trim := range []string{"5x8", "6x9", "8.5x11"} {
		for _, large := range []bool{false, true} {
			b := testBook(t, puzzles)
			b.Trim, _ = ParseTrim(trim)
			b.LargePrint = large
			if !large {
				b.PerPage = 6
			}
			for si := range b.Sections {
				for pi := range b.Sections[si].Puzzles {
					b.Sections[si].Puzzles[pi].Hints = []string{long, "Short.", long, long, long}[:1+pi%5]
				}
			}
			l := planned(t, b)
			fc := l.fc
			name := fmt.Sprintf("%s large %v", trim, large)
			checkHintPages(t, name, l)
			for i, p := range l.puzzles {
				m := l.manifest.Puzzles[i]
				per := l.b.PerPage
				lb := fitLabel(fc, l.sz.label[per], l.puzzleSlots[per][0].w, footerLabels(nil, p.ID, m.SolutionPage, m.HintPage))
				if lb.width(fc) > l.puzzleSlots[per][0].w+0.01 || !strings.Contains(lb.right, fmt.Sprint(m.HintPage)) {
					t.Errorf("%s: puzzle %d's footer %+v is wider than its grid or lacks its hint page %d", name, p.Number, lb, m.HintPage)
				}
			}
		}
	}
}

// A footer with a hint page shortens, as grids narrow, through its
// ladder and keeps both pages; the narrowest still fit.
func TestHintFooterShortens(t *testing.T) {
	fc, err := parseFaces(GoFonts())
	if err != nil {
		t.Fatal(err)
	}
	ways := footerLabels(nil, "1a2b3c4d", 301, 212)
	used := map[string]bool{}
	for w := 200.0; w >= 80; w -= 5 {
		lb := fitLabel(fc, 8, w, ways)
		used[lb.right] = true
		if lb.width(fc) > w+0.01 || !strings.Contains(lb.right, "212") || !strings.Contains(lb.right, "301") {
			t.Errorf("width %.0f: %+v (%.1f pt wide)", w, lb, lb.width(fc))
		}
	}
	for _, lb := range ways {
		if !used[lb.right] {
			t.Errorf("%q never used: the ladder skips it", lb.right)
		}
	}
}

// checkHintPages holds a plan's appendix to the rules of TestHintsPagination.
func checkHintPages(t *testing.T, name string, l *layout) {
	t.Helper()
	live := l.geo.live(1)
	height := live.h - l.footer()
	next := map[int]int{} // the next hint number due, by puzzle number
	byHeading := map[string]int{}
	for i, p := range l.puzzles {
		byHeading[fmt.Sprintf("Puzzle %d (page %d)", p.Number, l.manifest.Puzzles[i].Page)] = i
	}
	pages := 0
	for n, pg := range l.pages {
		if pg.kind != kindHints {
			continue
		}
		pages++
		lines := l.hints.pages[pg.first]
		for k, line := range lines {
			if line.y+line.f.descent*line.size > height+0.01 || line.x+line.f.width(line.text, line.size) > live.w+0.01 {
				t.Errorf("%s: page %d: %q at (%.1f, %.1f) leaves the %.1f x %.1f area", name, n+1, line.text, line.x, line.y, live.w, height)
			}
			if line.f != l.fc.bold || k == 0 && pg.first == 0 {
				continue
			}
			head, continued := strings.CutSuffix(line.text, ", continued")
			i, ok := byHeading[head]
			if !ok {
				t.Fatalf("%s: page %d: a heading %q of no puzzle", name, n+1, line.text)
			}
			p := l.puzzles[i]
			if continued != (next[p.Number] > 0) {
				t.Errorf("%s: page %d: %q, with hint %d due", name, n+1, line.text, next[p.Number]+1)
			}
			if !continued && l.manifest.Puzzles[i].HintPage != n+1 {
				t.Errorf("%s: puzzle %d's heading on page %d, HintPage %d", name, p.Number, n+1, l.manifest.Puzzles[i].HintPage)
			}
			if k+1 >= len(lines) || lines[k+1].text != fmt.Sprintf("%d.", next[p.Number]+1) {
				t.Errorf("%s: page %d: %q is not followed by hint %d", name, n+1, line.text, next[p.Number]+1)
			}
			// The hints after it on this page, each whole.
			for j := k + 1; j < len(lines) && lines[j].f != l.fc.bold; {
				num := lines[j].text
				want := fmt.Sprintf("%d.", next[p.Number]+1)
				if num != want {
					t.Fatalf("%s: page %d: %q where %q is due", name, n+1, num, want)
				}
				var words []string
				for j++; j < len(lines) && lines[j].x > 0; j++ {
					words = append(words, lines[j].text)
				}
				if got := strings.Join(words, " "); got != strings.Join(strings.Fields(p.Hints[next[p.Number]]), " ") {
					t.Errorf("%s: page %d: hint %d of puzzle %d is %q, not whole", name, n+1, next[p.Number]+1, p.Number, got)
				}
				next[p.Number]++
			}
		}
	}
	for i, p := range l.puzzles {
		if next[p.Number] != len(p.Hints) {
			t.Errorf("%s: puzzle %d: %d of %d hints set", name, p.Number, next[p.Number], len(p.Hints))
		}
		if (len(p.Hints) > 0) != (l.manifest.Puzzles[i].HintPage > 0) {
			t.Errorf("%s: puzzle %d: %d hints, HintPage %d", name, p.Number, len(p.Hints), l.manifest.Puzzles[i].HintPage)
		}
	}
	if pages < 2 {
		t.Errorf("%s: %d pages of hints; the test wants page breaks", name, pages)
	}
}

// A book without hints has no appendix and no "Hint" in its footers.
func TestNoHints(t *testing.T) {
	l := planned(t, testBook(t, testPuzzles(t)[:12]))
	for _, pg := range l.pages {
		if pg.kind == kindHints {
			t.Fatal("an appendix of no hints")
		}
	}
	for _, e := range l.contents {
		if e.text == "Hints" {
			t.Fatal("the contents list hints")
		}
	}
	for _, m := range l.manifest.Puzzles {
		if m.HintPage != 0 || strings.Contains(footerLabels(nil, m.ID, m.SolutionPage, m.HintPage)[0].right, "Hint") {
			t.Fatalf("puzzle %d: HintPage %d", m.Number, m.HintPage)
		}
	}
}
