package templates

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/templates/pdfcheck"
)

// testProof is a proof of two outlets: seven days of one from Tuesday 1
// December 2026 (three pages), five of the other (two), at the default
// rotation's levels, with stars on some days and a rating on the others.
func testProof(t testing.TB) Proof {
	t.Helper()
	puzzles := testPuzzles(t)
	rotation := [7]string{"Evil", "Easy", "Easy", "Medium", "Medium", "Hard", "Expert"}
	pr := Proof{Title: "Pressrun Features: daily puzzles", Subtitle: "1–7 December 2026", Date: testDate}
	for si, name := range []string{"The Morning Star", "Evening Post Syndicate"} {
		s := ProofSection{Name: name}
		for d := range 7 - 2*si {
			day := time.Date(2026, 12, 1+d, 0, 0, 0, 0, time.UTC)
			p := puzzles[si*40+d]
			p.Level = rotation[day.Weekday()]
			if d%2 == 0 {
				p.Stars = d%5 + 1
			} else {
				p.Rating = 1.5 + float64(d)
			}
			s.Days = append(s.Days, ProofDay{Label: day.Format("Monday 2 January"), Puzzle: p})
		}
		pr.Sections = append(pr.Sections, s)
	}
	return pr
}

// lineText is the words of a page whose boxes lie between y0 and y1 and x0
// and x1, left to right, joined by spaces.
func lineText(words []pdfcheck.Word, x0, y0, x1, y1 float64) string {
	var in []pdfcheck.Word
	for _, w := range words {
		if w.X0 >= x0 && w.X1 <= x1 && w.Y0 >= y0 && w.Y1 <= y1 {
			in = append(in, w)
		}
	}
	sort.Slice(in, func(i, j int) bool { return in[i].X0 < in[j].X0 })
	texts := make([]string, len(in))
	for i, w := range in {
		texts[i] = w.Text
	}
	return strings.Join(texts, " ")
}

// TestProofPDF reads a proof back with poppler: A4 pages, as many as the
// sections' days need three a page, each section from a new page; every
// day's givens and whole solution in their cells on the right page, its
// label, level, rating and id above them; the title line and "page N of M"
// on every page.
func TestProofPDF(t *testing.T) {
	needTools(t, "pdftotext", "pdfinfo", "pdffonts")
	pr := testProof(t)
	name := pdfOnDisk(t, func(w io.Writer) error { return WriteProof(w, pr) })
	info := string(command(t, "pdfinfo", name))
	if !strings.Contains(info, "Pages:           5\n") || !strings.Contains(info, "Page size:       595.28 x 841.89 pts (A4)") {
		t.Errorf("pdfinfo: want 5 pages (3 for 7 days, 2 for 5), A4:\n%s", info)
	}
	checkEmbedded(t, name)
	l, err := planProof(pr)
	if err != nil {
		t.Fatal(err)
	}
	if g := l.puzzles[0].w; g < 60*MM {
		t.Errorf("grids %.1f mm wide, want 60 mm or more", g/MM)
	}
	pages, sizes := pageWords(t, name)
	if len(pages) != 5 {
		t.Fatalf("pdftotext: %d pages, want 5", len(pages))
	}
	wantPages := [][3]int{{0, 0, 3}, {0, 3, 3}, {0, 6, 1}, {1, 0, 3}, {1, 3, 2}} // section, first day, days
	days := 0
	for n, words := range pages {
		if !near(sizes[n][0], 595.28) || !near(sizes[n][1], 841.89) {
			t.Errorf("page %d: %v pt, want A4", n+1, sizes[n])
		}
		want := wantPages[n]
		s := pr.Sections[want[0]]
		if got := lineText(words, 0, 0, proofW, l.titleY+4); got != pr.Title+" "+pr.Subtitle {
			t.Errorf("page %d: title line %q, want %q", n+1, got, pr.Title+" "+pr.Subtitle)
		}
		heading := s.Name
		if want[1] > 0 {
			heading += " (continued)"
		}
		if got := lineText(words, 0, l.titleY+4, proofW, l.headingY+5); got != heading {
			t.Errorf("page %d: heading %q, want %q", n+1, got, heading)
		}
		if got, want := lineText(words, 0, l.footerY-proofFooterSize*1.2, proofW, proofH), fmt.Sprintf("page %d of 5", n+1); got != want {
			t.Errorf("page %d: footer %q, want %q", n+1, got, want)
		}
		for k := range ProofDaysPerPage {
			pz, sol := l.puzzles[k], l.solutions[k]
			if k >= want[2] {
				if g, err := readGrid(words, [3]float64{pz.x, pz.y, pz.w}); err != nil || g.Clues() > 0 {
					t.Errorf("page %d: row %d should be empty: %v %v", n+1, k+1, g, err)
				}
				continue
			}
			d := s.Days[want[1]+k]
			days++
			where := fmt.Sprintf("page %d, %s: %s", n+1, s.Name, d.Label)
			g, err := readGrid(words, [3]float64{pz.x, pz.y, pz.w})
			if err != nil || g != engine.Grid(d.Puzzle.Givens) {
				t.Errorf("%s: the puzzle reads\n%s (%v)\nwant\n%s", where, g, err, d.Puzzle.Givens)
			}
			g, err = readGrid(words, [3]float64{sol.x, sol.y, sol.w})
			if err != nil || g != engine.Grid(d.Puzzle.Solution) {
				t.Errorf("%s: the solution reads\n%s (%v)\nwant\n%s", where, g, err, d.Puzzle.Solution)
			}
			above := pz.y - proofLabelSize*2
			label := lineText(words, pz.x-1, above, pz.right()+1, pz.y)
			rating := ""
			if d.Puzzle.Rating > 0 {
				rating = fmt.Sprintf(" SE %.1f", d.Puzzle.Rating)
			}
			if want := d.Label + " " + d.Puzzle.Level + rating; label != want {
				t.Errorf("%s: above the puzzle %q, want %q", where, label, want)
			}
			if got, want := lineText(words, sol.x-1, above, sol.right()+1, sol.y), "Solution id "+d.Puzzle.ID; got != want {
				t.Errorf("%s: above the solution %q, want %q", where, got, want)
			}
		}
	}
	if days != 12 {
		t.Errorf("%d days read, want 12", days)
	}
}

// TestProofDeterministic: the same proof makes the same bytes.
func TestProofDeterministic(t *testing.T) {
	pr := testProof(t)
	var a, b bytes.Buffer
	if err := WriteProof(&a, pr); err != nil {
		t.Fatal(err)
	}
	if err := WriteProof(&b, pr); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two proofs of the same days differ")
	}
}

// TestProofRefuses a proof that cannot be printed as asked, before
// writing anything.
func TestProofRefuses(t *testing.T) {
	pr := testProof(t)
	for _, tt := range []struct {
		what string
		edit func(p *Proof)
	}{
		{"no date", func(p *Proof) { p.Date = time.Time{} }},
		{"no days", func(p *Proof) { p.Sections = []ProofSection{{Name: "Empty"}} }},
		{"givens that break the rules", func(p *Proof) {
			g := p.Sections[1].Days[2].Puzzle.Givens
			g[0], g[1] = 5, 5
		}},
		{"a solution that drops a given", func(p *Proof) {
			d := &p.Sections[0].Days[0].Puzzle
			for i, v := range d.Givens {
				if v != 0 {
					d.Givens[i] = v%9 + 1
					break
				}
			}
		}},
		{"six stars", func(p *Proof) { p.Sections[0].Days[1].Puzzle.Stars = 6 }},
		{"a font that is not TrueType", func(p *Proof) { p.Fonts.Regular = []byte("OTTO....") }},
	} {
		p := pr
		p.Sections = slices.Clone(pr.Sections)
		for i := range p.Sections {
			p.Sections[i].Days = slices.Clone(pr.Sections[i].Days)
			for j := range p.Sections[i].Days {
				pz := &p.Sections[i].Days[j].Puzzle
				pz.Givens, pz.Solution = slices.Clone(pz.Givens), slices.Clone(pz.Solution)
			}
		}
		tt.edit(&p)
		var buf bytes.Buffer
		if err := WriteProof(&buf, p); !errors.Is(err, ErrInvalid) || buf.Len() > 0 {
			t.Errorf("%s: %v, %d bytes written; want ErrInvalid and nothing", tt.what, err, buf.Len())
		}
	}
}

// TestProofGlyphs: a proof's text the font cannot print is refused, naming
// its field and section, by CheckProofGlyphs and WriteProof alike.
func TestProofGlyphs(t *testing.T) {
	pr := testProof(t)
	if err := CheckProofGlyphs(&pr); err != nil {
		t.Fatalf("text the Go fonts can print: %v", err)
	}
	for _, tt := range []struct {
		edit    func(p *Proof)
		field   string
		section int
		missing []rune
		font    string
	}{
		{func(p *Proof) { p.Title = "数独" }, "title", -1, []rune("数独"), "Go Bold"},
		{func(p *Proof) { p.Subtitle = "Ⅻ" }, "subtitle", -1, []rune("Ⅻ"), "Go Regular"},
		{func(p *Proof) { p.Sections[1].Name = "☯ Post" }, "sections[1].name", 1, []rune("☯"), "Go Bold"},
		{func(p *Proof) { p.Sections[1].Days[3].Label = "12月4日" }, "sections[1].days[3].label", 1, []rune("月日"), "Go Bold"},
		{func(p *Proof) { p.Sections[0].Days[2].Puzzle.Level = "易" }, "sections[0].days[2].level", 0, []rune("易"), "Go Regular"},
	} {
		p := pr
		p.Sections = slices.Clone(pr.Sections)
		for i := range p.Sections {
			p.Sections[i].Days = slices.Clone(pr.Sections[i].Days)
			for j := range p.Sections[i].Days {
				pz := &p.Sections[i].Days[j].Puzzle
				pz.Givens, pz.Solution = slices.Clone(pz.Givens), slices.Clone(pz.Solution)
			}
		}
		tt.edit(&p)
		for _, err := range []error{CheckProofGlyphs(&p), WriteProof(io.Discard, p)} {
			var ge *GlyphError
			if !errors.As(err, &ge) || !errors.Is(err, ErrInvalid) {
				t.Errorf("%s: error %v, want a *GlyphError", tt.field, err)
				continue
			}
			if ge.Field != tt.field || ge.Section != tt.section || !slices.Equal(ge.Missing, tt.missing) || ge.Font != tt.font {
				t.Errorf("%s: got %+v", tt.field, ge)
			}
		}
	}
}
