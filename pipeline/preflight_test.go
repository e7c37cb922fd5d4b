package pipeline

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/templates"
)

// preflightBook lays out a book of n puzzles (goodPuzzles over again) on
// an 8.5x11 trim, after edit, and returns its PDF and manifest.
func preflightBook(t *testing.T, n int, edit func(*templates.Book)) ([]byte, *templates.Manifest) {
	t.Helper()
	var s engine.Solver
	sec := templates.Section{Name: "Hard"}
	for i := 0; i < n; i++ {
		g := engine.MustParse(goodPuzzles[i%len(goodPuzzles)])
		sol, err := s.SolveUnique(g)
		if err != nil {
			t.Fatal(err)
		}
		sec.Puzzles = append(sec.Puzzles, templates.Puzzle{Level: "Hard", Givens: g[:], Solution: sol[:]})
	}
	b := &templates.Book{Title: "Preflight", Date: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), Trim: templates.Trims[6],
		PerPage: 6, SolutionsPerPage: 12, Sections: []templates.Section{sec}}
	if edit != nil {
		edit(b)
	}
	var buf bytes.Buffer
	m, err := templates.WriteBook(&buf, b)
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), m
}

// severity is what the named check of p found.
func severity(t *testing.T, p *Preflight, name string) (Severity, string) {
	t.Helper()
	for _, c := range p.Checks {
		if c.Name == name {
			return c.Severity, c.Detail
		}
	}
	t.Fatalf("no check %q in\n%s", name, p.Text())
	return 0, ""
}

func TestPreflight(t *testing.T) {
	kdp, _ := FindPrinter("kdp")
	ingram, _ := FindPrinter("ingram")

	// A book of 120 puzzles passes KDP's interior checks (no cover: a
	// warning).
	pdf, m := preflightBook(t, 120, nil)
	p := RunPreflight(kdp, pdf, m, nil, nil)
	if p.Count(Fail) != 0 || p.Count(Warn) != 1 {
		t.Fatalf("a good book:\n%s", p.Text())
	}
	if s, d := severity(t, p, "interior fonts"); s != Pass || d != "2 of 2 embedded" {
		t.Errorf("fonts: %s %s", s, d)
	}

	// Too short: 12 puzzles make fewer than KDP's 24 pages, more than
	// IngramSpark's 18.
	pdf, m = preflightBook(t, 12, nil)
	if s, d := severity(t, RunPreflight(kdp, pdf, m, nil, nil), "page count"); s != Fail || !strings.Contains(d, "24-828") {
		t.Errorf("a %d-page book for KDP: %s %s", m.Pages, s, d)
	}
	pdf, m = preflightBook(t, 60, nil)
	p = RunPreflight(ingram, pdf, m, nil, nil)
	if s, _ := severity(t, p, "page count"); s != Pass {
		t.Errorf("a %d-page book for IngramSpark: %s", m.Pages, s)
	}
	// IngramSpark asks 0.5 in everywhere: the 0.375 in gutter of a short
	// book fails, unless the book was laid out for it.
	if s, _ := severity(t, p, "gutter"); s != Fail {
		t.Errorf("a 0.375 in gutter for IngramSpark: %s", s)
	}
	pdf, m = preflightBook(t, 60, func(b *templates.Book) { b.MinGutter = ingram.MinGutter(0) })
	if p = RunPreflight(ingram, pdf, m, nil, nil); p.Count(Fail) != 0 {
		t.Errorf("laid out for IngramSpark:\n%s", p.Text())
	}

	// Margins below KDP's 0.375 in with bleed: the margin check and the
	// text check both fail (a margin the layout itself refuses, so the
	// manifest is edited as a bad file would have it).
	pdf, m = preflightBook(t, 120, func(b *templates.Book) { b.Bleed = true })
	m.MarginPt = 0.3 * templates.Inch
	for i := range m.TextBoxes {
		m.TextBoxes[i][1] -= 10 // text moved up, past the margin
	}
	m.TextBoxes[2][1] = -1 // and on page 3 into the bleed
	p = RunPreflight(kdp, pdf, m, nil, nil)
	if s, _ := severity(t, p, "outside margins"); s != Fail {
		t.Errorf("0.3 in margins: %s", s)
	}
	if s, d := severity(t, p, "no text in the bleed"); s != Fail || d != "text beyond the trim on page 3" {
		t.Errorf("text in the bleed: %s %s", s, d)
	}
	if s, _ := severity(t, p, "text in the live area"); s != Fail {
		t.Errorf("text in the margins: %s", s)
	}

	// A PDF that relies on a base-14 font fails the font check.
	doc := fpdf.New("P", "pt", "Letter", "")
	doc.AddPage()
	doc.SetFont("Helvetica", "", 12)
	doc.Text(72, 72, "not embedded")
	var buf bytes.Buffer
	if err := doc.Output(&buf); err != nil {
		t.Fatal(err)
	}
	p = &Preflight{Printer: kdp}
	p.checkFonts("fonts", buf.Bytes())
	if s, d := severity(t, p, "fonts"); s != Fail || d != "not embedded: Helvetica" {
		t.Errorf("Helvetica: %s %s", s, d)
	}
}

// The cover's checks: a real cover passes; one made for another page
// count, a coarse background, text in the barcode area or spine text on
// a thin book each fail.
func TestPreflightCover(t *testing.T) {
	kdp, _ := FindPrinter("kdp")
	pdf, m := preflightBook(t, 480, nil) // over 80 pages: spine text
	cover := func(pages int) ([]byte, *templates.CoverManifest) {
		var buf bytes.Buffer
		cm, err := templates.WriteCover(&buf, &templates.Cover{Title: "Preflight", Author: "A. Setter", Blurb: "Puzzles.",
			Trim: templates.Trims[6], Pages: pages, PaperIn: 0.002252, Date: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			t.Fatal(err)
		}
		return buf.Bytes(), cm
	}
	data, cm := cover(m.Pages)
	if p := RunPreflight(kdp, pdf, m, data, cm); p.Count(Fail) != 0 || p.Count(Warn) != 0 {
		t.Fatalf("a good cover:\n%s", p.Text())
	}
	wrong, wm := cover(m.Pages + 40)
	if s, d := severity(t, RunPreflight(kdp, pdf, m, wrong, wm), "cover wrap size"); s != Fail {
		t.Errorf("a cover for %d pages on a %d-page book: %s %s", wm.Pages, m.Pages, s, d)
	}
	for name, edit := range map[string]func(*templates.CoverManifest){
		"cover images": func(c *templates.CoverManifest) { c.ImageDPI, c.ImagePx = 200, [2]int{3600, 2250} },
		"barcode area clear": func(c *templates.CoverManifest) {
			b := c.Geometry.Barcode
			c.Texts = append(c.Texts, templates.CoverText{Where: "back", Text: "$9.99", Box: [4]float64{b[0] + 10, b[1] + 10, 30, 12}})
		},
		"cover text safe": func(c *templates.CoverManifest) { c.Texts[0].Box[1] = c.Geometry.Bleed },
	} {
		bad := *cm
		bad.Texts = append([]templates.CoverText(nil), cm.Texts...)
		edit(&bad)
		if s, d := severity(t, RunPreflight(kdp, pdf, m, data, &bad), name); s != Fail {
			t.Errorf("%s: %s %s", name, s, d)
		}
	}
	// Spine text on a book of fewer than 80 pages.
	short, sm := preflightBook(t, 30, nil)
	thin := *cm
	thin.Pages, thin.Geometry = sm.Pages, templates.NewCoverGeometry(templates.Trims[6], sm.Pages, 0.002252)
	if s, d := severity(t, RunPreflight(kdp, short, sm, data, &thin), "spine text"); s != Fail || sm.Pages >= 80 || !cm.SpineText {
		t.Errorf("spine text on %d pages: %s %s", sm.Pages, s, d)
	}
}
