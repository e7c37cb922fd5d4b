package pipeline

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/pressrun/pressrun/templates"
)

// Printer is what a print-on-demand service asks of the files it prints,
// for the preflight. Lengths are in points.
type Printer struct {
	Name, Title        string // "kdp", "Amazon KDP"
	Sources            []string
	MinPages, MaxPages int
	// MinGutter is the least inside margin for a page count.
	MinGutter func(pages int) float64
	// MinOutside is the least outside, top and bottom margin, from the
	// trim, with bleed or without.
	MinOutside func(bleed bool) float64
	MinDPI     float64 // images
	// SpineTextPages is the fewest pages a book with spine text has.
	SpineTextPages int
	// CoverSafe is how far the cover's text keeps from the trim edges and
	// SpineSafe from the spine's folds.
	CoverSafe, SpineSafe float64
	// LastPageBlank says the printer puts its own mark on the last page,
	// which should be left blank.
	LastPageBlank bool
}

// Printers are the services `pressrun build --printer` knows.
var Printers = []Printer{
	{
		Name: "kdp", Title: "Amazon KDP",
		Sources: []string{
			"KDP Help, \"Set Trim Size, Bleed, and Margins\" (page count 24-828, gutter by page count, outside margins 0.25 in, 0.375 in with bleed)",
			"KDP Help, \"Create a Paperback Cover\" (bleed 0.125 in, spine text above 79 pages with 0.0625 in each side, barcode area 2 x 1.2 in, 300 dpi images)",
		},
		MinPages: templates.MinPages, MaxPages: templates.MaxPages,
		MinGutter: templates.Gutter, MinOutside: templates.MinMargin, MinDPI: 300,
		SpineTextPages: templates.SpineTextPages, CoverSafe: 0.125 * templates.Inch, SpineSafe: 0.0625 * templates.Inch,
	},
	{
		Name: "ingram", Title: "IngramSpark",
		Sources: []string{
			"IngramSpark, \"File Requirements for Print Books\" (margins at least 0.5 in from the trim on all sides, fonts embedded, a blank last page)",
			"IngramSpark Help, minimum page count of 18 for print titles; File Creation Guide (bleed 0.125 in, 300 dpi images)",
		},
		MinPages: 18, MaxPages: 1200,
		MinGutter:      func(pages int) float64 { return max(0.5*templates.Inch, templates.Gutter(pages)) },
		MinOutside:     func(bool) float64 { return 0.5 * templates.Inch },
		MinDPI:         300,
		SpineTextPages: templates.SpineTextPages, CoverSafe: 0.125 * templates.Inch, SpineSafe: 0.0625 * templates.Inch,
		LastPageBlank: true,
	},
}

// FindPrinter is the printer named name.
func FindPrinter(name string) (Printer, bool) {
	for _, p := range Printers {
		if p.Name == name {
			return p, true
		}
	}
	return Printer{}, false
}

// PrinterNames are the printers' names.
func PrinterNames() []string {
	var names []string
	for _, p := range Printers {
		names = append(names, p.Name)
	}
	return names
}

// Severity says what a preflight check found.
type Severity uint8

const (
	Pass Severity = iota
	Warn
	Fail
)

func (s Severity) String() string { return [...]string{"ok", "warning", "error"}[s] }

// Check is one line of the preflight: what was checked and what was found.
type Check struct {
	Name     string
	Severity Severity
	Detail   string
}

// Preflight is the checklist of a book's files for a printer.
type Preflight struct {
	Printer Printer
	Checks  []Check
}

// Count is the number of checks of severity s.
func (p *Preflight) Count(s Severity) int {
	n := 0
	for _, c := range p.Checks {
		if c.Severity == s {
			n++
		}
	}
	return n
}

// Text is the checklist as the file beside the book holds it.
func (p *Preflight) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "preflight for %s: %s, %s\n\n", p.Printer.Title, counted(p.Count(Fail), "error"), counted(p.Count(Warn), "warning"))
	for _, c := range p.Checks {
		fmt.Fprintf(&b, "%-7s  %-22s %s\n", c.Severity, c.Name, c.Detail)
	}
	b.WriteString("\nrules from:\n")
	for _, s := range p.Printer.Sources {
		fmt.Fprintf(&b, "  %s\n", s)
	}
	return b.String()
}

func (p *Preflight) add(name string, s Severity, format string, args ...any) {
	p.Checks = append(p.Checks, Check{Name: name, Severity: s, Detail: fmt.Sprintf(format, args...)})
}

// check adds a check that passes when ok, else fails with severity bad.
func (p *Preflight) check(name string, ok bool, bad Severity, format string, args ...any) {
	s := Pass
	if !ok {
		s = bad
	}
	p.add(name, s, format, args...)
}

// inches writes a length in points as inches: "0.375 in".
func inches(pt float64) string {
	return strconv.FormatFloat(math.Round(pt/templates.Inch*1000)/1000, 'f', -1, 64) + " in"
}

// RunPreflight checks a book's interior (its PDF's bytes and the layout's
// manifest) and, when there is one, its cover against the printer's rules:
// the page count, even, in range; the gutter for the page count and the
// outside margins; every font embedded; no text in the bleed or the
// margins; the images' resolution; and the cover's wrap for the
// interior's page count, its spine text and barcode area.
func RunPreflight(pr Printer, pdf []byte, m *templates.Manifest, cover []byte, cm *templates.CoverManifest) *Preflight {
	p := &Preflight{Printer: pr}
	n := m.Pages
	p.check("page count", n >= pr.MinPages && n <= pr.MaxPages, Fail, "%d pages; %s prints %d-%d", n, pr.Title, pr.MinPages, pr.MaxPages)
	p.check("even page count", n%2 == 0, Fail, "%d pages", n)
	p.check("gutter", m.GutterPt >= pr.MinGutter(n)-0.005, Fail, "%s inside; %d pages need %s", inches(m.GutterPt), n, inches(pr.MinGutter(n)))
	least := pr.MinOutside(m.Bleed)
	p.check("outside margins", m.MarginPt >= least-0.005, Fail, "%s outside, top and bottom; at least %s%s",
		inches(m.MarginPt), inches(least), map[bool]string{true: " with bleed", false: ""}[m.Bleed])
	p.checkFonts("interior fonts", pdf)
	p.checkText(m, pr)
	p.add("interior images", Pass, "none")
	if pr.LastPageBlank {
		if m.TextBoxes[n-1] == [4]float64{} {
			p.add("last page blank", Pass, "for %s's mark", pr.Title)
		} else {
			p.add("last page blank", Warn, "page %d has text: %s prints its mark on the last page and adds a blank one after it", n, pr.Title)
		}
	}
	if cm == nil {
		p.add("cover", Warn, "no cover: add cover: to the spec to make one")
		return p
	}
	p.checkCover(pr, m, cover, cm)
	return p
}

var (
	fontDictRE = regexp.MustCompile(`/Type\s*/Font\b[^>]*?/Subtype\s*/(\w+)`)
	descRE     = regexp.MustCompile(`/Type\s*/FontDescriptor\b`)
	fileRE     = regexp.MustCompile(`/FontFile[23]?\b`)
	baseFontRE = regexp.MustCompile(`/BaseFont\s*/([\w+-]+)`)
)

// checkFonts checks that every font of the PDF is embedded: each font
// descriptor carries a font file, and no simple font (Type1, TrueType)
// goes without a descriptor, as the base-14 fonts do.
func (p *Preflight) checkFonts(name string, pdf []byte) {
	var missing []string
	fonts, embedded := 0, 0
	for _, obj := range pdfObjects(pdf) {
		switch {
		case descRE.Match(obj):
			fonts++
			if fileRE.Match(obj) {
				embedded++
			} else if b := baseFontRE.FindSubmatch(obj); b != nil {
				missing = append(missing, string(b[1]))
			} else {
				missing = append(missing, "a font")
			}
		case fontDictRE.Match(obj):
			sub := string(fontDictRE.FindSubmatch(obj)[1])
			if (sub == "Type1" || sub == "TrueType") && !bytes.Contains(obj, []byte("/FontDescriptor")) {
				fonts++
				b := baseFontRE.FindSubmatch(obj)
				missing = append(missing, string(b[1]))
			}
		}
	}
	switch {
	case len(missing) > 0:
		slices.Sort(missing)
		p.add(name, Fail, "not embedded: %s", strings.Join(slices.Compact(missing), ", "))
	case fonts == 0:
		p.add(name, Warn, "no fonts found")
	default:
		p.add(name, Pass, "%d of %d embedded", embedded, fonts)
	}
}

// pdfObjects are the dictionaries of a PDF's objects, streams left out
// (fpdf writes the objects themselves uncompressed).
func pdfObjects(pdf []byte) [][]byte {
	var out [][]byte
	for rest := pdf; ; {
		i := bytes.Index(rest, []byte(" obj"))
		if i < 0 {
			return out
		}
		rest = rest[i+4:]
		end := bytes.Index(rest, []byte("endobj"))
		if end < 0 {
			return out
		}
		obj := rest[:end]
		if s := bytes.Index(obj, []byte("stream")); s >= 0 {
			obj = obj[:s]
		}
		out = append(out, obj)
		rest = rest[end:]
	}
}

// checkText checks that every page's text lies inside the trim less the
// printer's margins: none in the bleed, the margins or the gutter.
func (p *Preflight) checkText(m *templates.Manifest, pr Printer) {
	var bleed, margins []int
	for i, box := range m.TextBoxes {
		if box[2] == 0 {
			continue
		}
		n := i + 1
		trim := m.TrimBox(n)
		x0, y0, x1, y1 := box[0], box[1], box[0]+box[2], box[1]+box[3]
		if x0 < trim[0] || y0 < trim[1] || x1 > trim[0]+trim[2] || y1 > trim[1]+trim[3] {
			bleed = append(bleed, n)
			continue
		}
		inside, outside := pr.MinGutter(m.Pages), pr.MinOutside(m.Bleed)
		left, right := inside, outside
		if n%2 == 0 {
			left, right = outside, inside
		}
		const slack = 0.01
		if x0 < trim[0]+left-slack || x1 > trim[0]+trim[2]-right+slack || y0 < trim[1]+outside-slack || y1 > trim[1]+trim[3]-outside+slack {
			margins = append(margins, n)
		}
	}
	p.check("no text in the bleed", len(bleed) == 0, Fail, "%s", pageList(bleed, "text beyond the trim on"))
	p.check("text in the live area", len(margins) == 0, Fail, "%s", pageList(margins, "text in the margins or the gutter on"))
}

// pageList says which pages: "all N pages clear" when none.
func pageList(pages []int, what string) string {
	if len(pages) == 0 {
		return "every page clear"
	}
	var s []string
	for i, n := range pages {
		if i == 8 {
			s = append(s, fmt.Sprintf("and %d more", len(pages)-8))
			break
		}
		s = append(s, fmt.Sprint(n))
	}
	return fmt.Sprintf("%s page %s", what, strings.Join(s, ", "))
}

// checkCover checks the cover's wrap against the interior's page count
// and the printer's rules for its text, spine, barcode area and image.
func (p *Preflight) checkCover(pr Printer, m *templates.Manifest, cover []byte, cm *templates.CoverManifest) {
	trim := templates.Trim{W: m.TrimPt[0], H: m.TrimPt[1]}
	want := templates.NewCoverGeometry(trim, m.Pages, cm.PaperIn)
	g := cm.Geometry
	near := func(a, b float64) bool { return a-b < 0.01 && b-a < 0.01 }
	p.check("cover wrap size", cm.Pages == m.Pages && near(g.PageW, want.PageW) && near(g.PageH, want.PageH), Fail,
		"%s x %s with a %s spine for %d pages at %.6g in a page; the interior's %d pages need %s x %s",
		inches(g.PageW), inches(g.PageH), inches(g.Spine), cm.Pages, cm.PaperIn, m.Pages, inches(want.PageW), inches(want.PageH))
	p.check("cover bleed", near(g.Bleed, templates.Bleed), Fail, "%s on every side", inches(g.Bleed))
	switch {
	case cm.SpineText && m.Pages < pr.SpineTextPages:
		p.add("spine text", Fail, "on a book of %d pages; %s allows it from %d", m.Pages, pr.Title, pr.SpineTextPages)
	case cm.SpineText:
		p.add("spine text", Pass, "%d pages, a %s spine", m.Pages, inches(g.Spine))
	default:
		p.add("spine text", Pass, "none (%d pages, a %s spine)", m.Pages, inches(g.Spine))
	}
	var unsafe, onBarcode []string
	for _, t := range cm.Texts {
		x0, y0, x1, y1 := t.Box[0], t.Box[1], t.Box[0]+t.Box[2], t.Box[1]+t.Box[3]
		panel := map[string][4]float64{"back": g.Back, "spine": g.SpineBox, "front": g.Front}[t.Where]
		side := pr.CoverSafe
		if t.Where == "spine" {
			side = pr.SpineSafe
		}
		const slack = 0.01
		if x0 < panel[0]+side-slack || x1 > panel[0]+panel[2]-side+slack ||
			y0 < g.Bleed+pr.CoverSafe-slack || y1 > g.PageH-g.Bleed-pr.CoverSafe+slack {
			unsafe = append(unsafe, fmt.Sprintf("%q (%s)", t.Text, t.Where))
		}
		b := g.Barcode
		if x0 < b[0]+b[2] && x1 > b[0] && y0 < b[1]+b[3] && y1 > b[1] {
			onBarcode = append(onBarcode, fmt.Sprintf("%q", t.Text))
		}
	}
	p.check("cover text safe", len(unsafe) == 0, Fail, "%s", orClear(unsafe, fmt.Sprintf("every text %s inside the trim and %s from the spine's folds",
		inches(pr.CoverSafe), inches(pr.SpineSafe)), "too near an edge or a fold:"))
	p.check("barcode area clear", len(onBarcode) == 0, Fail, "%s", orClear(onBarcode, fmt.Sprintf("%s x %s at the back's lower right",
		inches(g.Barcode[2]), inches(g.Barcode[3])), "text in it:"))
	switch {
	case cm.ImageDPI == 0:
		p.add("cover images", Pass, "no background image")
	default:
		p.check("cover images", cm.ImageDPI >= pr.MinDPI, Fail, "the background, %d x %d px, prints at %.0f dpi; %s asks %.0f",
			cm.ImagePx[0], cm.ImagePx[1], cm.ImageDPI, pr.Title, pr.MinDPI)
	}
	p.checkFonts("cover fonts", cover)
}

// orClear is what a check says: clear when there are no items, else
// what and the items.
func orClear(items []string, clear, what string) string {
	if len(items) == 0 {
		return clear
	}
	return what + " " + strings.Join(items, ", ")
}

// counted is "1 error", "2 errors".
func counted(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
