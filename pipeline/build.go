package pipeline

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/store"
	"github.com/pressrun/pressrun/templates"
)

// BuildOptions are what `pressrun build` adds to a spec.
type BuildOptions struct {
	Seed    uint64    // the spec's seed, or the one chosen for it
	Date    time.Time // the book's date (required: the output never depends on the clock)
	Version string    // pressrun's version, for the copyright page and the archive
	Workers int       // generating goroutines; below 1: one per core
	// Printer, when set, is the printer the book's files are checked
	// for before anything is written: a preflight that finds an error
	// fails the build (a *PreflightError) and writes nothing.
	Printer *Printer
	// Progress, when set, is told how each section is doing, from one
	// goroutine.
	Progress func(SectionProgress)
}

// SectionProgress is how far a section's pool has come.
type SectionProgress struct {
	Section    int // 0-based
	Name       string
	Count      int // puzzles the section prints
	Reused     int // taken from the archive
	Made       int // generated and rated
	Duplicates int // generated but already archived, and not this build's to use
	Inside     int // candidates inside the fence
	Done       bool
}

// SectionError is a section that could not be filled.
type SectionError struct {
	Section int // 0-based
	Name    string
	Found   int // candidates inside the fence
	Want    int
	Made    int
	Err     error // what stopped it (level.ErrNoPuzzle within the tries, or the budget)
}

func (e *SectionError) Error() string {
	return fmt.Sprintf("section %d (%s): found %d of %d puzzles after %d candidates: %v", e.Section+1, e.Name, e.Found, e.Want, e.Made, e.Err)
}

func (e *SectionError) Unwrap() error { return e.Err }

// ErrBudget is a section that made its whole budget of candidates without
// enough of them inside its fence.
var ErrBudget = errors.New("the section's budget of candidates is spent")

// BuildResult is what a build made.
type BuildResult struct {
	BookID   int64
	Manifest *BookManifest
	PDF      string
	JSON     string // the manifest
	Report   string // the report image
	Already  bool   // the output is this spec's book already: nothing was built
	// Cover is the cover's PDF ("": the spec has no cover:) and Preflight
	// the checklist written beside the book ("": no printer to check for).
	Cover, PreflightFile string
	Preflight            *Preflight
}

// PreflightError is a book whose files failed the preflight: nothing was
// written.
type PreflightError struct{ Preflight *Preflight }

func (e *PreflightError) Error() string {
	return fmt.Sprintf("the preflight for %s found %s: nothing was written", e.Preflight.Printer.Title, counted(e.Preflight.Count(Fail), "error"))
}

// PreflightName is the preflight's checklist beside the book's PDF.
func PreflightName(pdf string) string {
	return strings.TrimSuffix(pdf, filepath.Ext(pdf)) + "-preflight.txt"
}

// OutputNames are the files a build writes: the PDF, its manifest and the
// report image.
func OutputNames(pdf string) (manifest, report string) {
	base := strings.TrimSuffix(pdf, filepath.Ext(pdf))
	return base + ".json", base + "-report.png"
}

// CheckBook checks what of the spec only the page layout can judge (trim,
// margin, per-page, fonts) and returns the book to lay out, without
// puzzles. The problems are configs.Errors at the spec's lines.
func CheckBook(spec *configs.Book, date time.Time, version string) (*templates.Book, error) {
	var errs configs.Errors
	fail := func(field, format string, args ...any) {
		errs = append(errs, &configs.Error{File: spec.File, Line: spec.Lines[field], Field: field, Msg: fmt.Sprintf(format, args...)})
	}
	b := &templates.Book{Title: spec.Title, Subtitle: spec.Subtitle, Author: spec.Author, Version: version, Date: date,
		Bleed: spec.Page.Bleed, PerPage: spec.Layout.PerPage, SolutionsPerPage: spec.Layout.SolutionsPerPage,
		LargePrint: spec.Layout.LargePrint, TintRegions: spec.Layout.TintRegions, TintCages: spec.Layout.TintCages,
		Combinations: spec.Layout.Combinations, Fonts: templates.GoFonts(), Words: spec.Words}
	setFrontMatter(b, spec.Front)
	trim, err := templates.ParseTrim(spec.Page.Trim)
	if err != nil {
		fail("page.trim", "%q: want 5x8, 5.5x8.5, 6x9, 7x10, 8x10, 8.25x11, 8.5x11, A4, A5, or WxH in inches (WxHmm in millimetres), 3-15 in a side", spec.Page.Trim)
	}
	b.Trim = trim
	if spec.Page.MarginIn > 0 {
		b.Margin = spec.Page.MarginIn * templates.Inch
		if least := templates.MinMargin(spec.Page.Bleed); b.Margin < least {
			fail("page.margin", "%.3g in: at least %.3g in %s", spec.Page.MarginIn, least/templates.Inch, map[bool]string{true: "with bleed", false: "without bleed"}[spec.Page.Bleed])
		}
	}
	per, sols := templates.PerPageChoices(spec.Layout.LargePrint)
	what := ""
	if spec.Layout.LargePrint {
		what = " in large print"
	}
	if n := spec.Layout.PerPage; n != 0 && !slices.Contains(per, n) {
		fail("layout.per-page", "%d: want %s%s", n, templates.OrList(per), what)
	}
	if n := spec.Layout.SolutionsPerPage; n != 0 && !slices.Contains(sols, n) {
		fail("layout.solutions-per-page", "%d: want %s%s", n, templates.OrList(sols), what)
	}
	var ferrs configs.Errors
	b.Fonts, ferrs = ReadFonts(spec.File, spec.Lines, "page.font", spec.Page.Font, "page.bold-font", spec.Page.BoldFont)
	errs = append(errs, ferrs...)
	if len(errs) == 0 {
		// Every text the spec gives must be in the fonts: the book would
		// print "?" for a missing character.
		probe := *b
		for _, sec := range spec.Sections {
			lv, _ := spec.LadderOf(sec.Kind).Find(sec.Level)
			probe.Sections = append(probe.Sections, templates.Section{Name: SectionName(spec.Words, sec, lv), Description: SectionDescription(spec.Words, sec, lv),
				PerPage: sec.PerPage, SolutionsPerPage: sec.SolutionsPerPage, Guessing: sec.AllowGuess})
		}
		var ge *templates.GlyphError
		if err := templates.CheckGlyphs(&probe); errors.As(err, &ge) {
			field := ge.Field
			if ge.Section >= 0 {
				field = fmt.Sprintf("sections[%d].level", ge.Section)
				if spec.Sections[ge.Section].Title != "" && strings.HasSuffix(ge.Field, ".name") {
					field = fmt.Sprintf("sections[%d].title", ge.Section)
				}
			}
			fail(field, "%q: the font %s has no %s; set page.font (and page.bold-font) to a TrueType font that has them",
				ge.Text, ge.Font, ge.Chars())
		}
		// Each section's grids must leave cells a reader can write in:
		// a 16x16 needs pages that classic's counts a page do not.
		for i, sec := range spec.Sections {
			_, _, _, err := templates.SectionCells(&probe, i, sec.Kind.Side(), 0)
			var se *templates.SectionError
			if errors.As(err, &se) {
				field := fmt.Sprintf("sections[%d].%s", i, se.Field)
				if se.Book {
					field = "layout." + se.Field
				}
				fail(field, "%s", se.Msg)
			}
		}
	}
	checked := b
	if len(errs) > 0 {
		checked = nil
	}
	errs = append(errs, CheckCover(spec, checked)...)
	if len(errs) > 0 {
		slices.SortStableFunc(errs, func(a, b *configs.Error) int { return a.Line - b.Line })
		return nil, errs
	}
	return b, nil
}

// ReadFonts reads and checks the TrueType fonts a spec names (regular and
// bold; either path may be empty) at the spec's fields: the Go fonts
// where none is named, a custom regular font for bold too when no bold
// one is named. The problems are configs.Errors at the fields' lines.
func ReadFonts(file string, lines map[string]int, regularField, regular, boldField, bold string) (templates.Fonts, configs.Errors) {
	fonts := templates.GoFonts()
	var errs configs.Errors
	for _, f := range []struct {
		field, path string
		dst         *[]byte
	}{{regularField, regular, &fonts.Regular}, {boldField, bold, &fonts.Bold}} {
		if f.path == "" {
			continue
		}
		data, err := os.ReadFile(f.path)
		if err == nil {
			err = templates.CheckFont(data)
		}
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			errs = append(errs, &configs.Error{File: file, Line: lines[f.field], Field: f.field,
				Msg: fmt.Sprintf("%s: %s", f.path, strings.TrimPrefix(err.Error(), "templates: font: "))})
			continue
		}
		*f.dst = data
	}
	if regular != "" && bold == "" {
		fonts.Bold = nil // the custom font for both
	}
	return fonts, errs
}

// Build makes the book the spec describes (see ARCHITECTURE.md, "The main
// job"): per section it reserves unpublished archive puzzles at the level,
// generates and rates more on a bounded pool of workers until enough lie
// inside the section's IQR fence, archives every candidate, selects and
// orders; then it writes the PDF, records the book and its placements in
// the ledger in one transaction, and writes the manifest and the report.
// The same spec and seed on an empty archive give the same bytes for any
// number of workers. Interrupted, it leaves the archive consistent (every
// candidate rated so far stays, unpublished) and no file half-written; run
// again, it completes the book.
func Build(ctx context.Context, spec *configs.Book, book *templates.Book, opts BuildOptions) (*BuildResult, error) {
	res := &BuildResult{PDF: spec.Output}
	res.JSON, res.Report = OutputNames(spec.Output)
	if err := RemoveStaleTemps(res.PDF, res.JSON, res.Report, CoverName(spec.Output), PreflightName(spec.Output)); err != nil {
		return nil, err
	}
	db, err := store.Open(spec.Archive, store.Create)
	if err != nil {
		return nil, err
	}
	defer db.Close()

	if done, err := finished(ctx, db, spec, opts, res); done || err != nil {
		return res, err
	}

	holder, release, err := hold(ctx, db, "build")
	if err != nil {
		return nil, err
	}
	defer release()

	b := &builder{db: db, spec: spec, opts: opts, holder: holder, used: map[string]bool{}, solutions: map[string]bool{}}
	var sections []sectionResult
	for i := range spec.Sections {
		s, err := b.section(ctx, i)
		if err != nil {
			return nil, err
		}
		sections = append(sections, s)
	}

	// The PDF, then the ledger, then the manifest and the report.
	for _, s := range sections {
		book.Sections = append(book.Sections, s.printed)
	}
	if book.HowToPlay == "" && !book.Omit.HowToPlay {
		book.HowToPlay = howToPlay(sections, book)
	}
	if b.rated() {
		book.RatingNote = RatingNote(spec.Words, spec.Scale)
	}
	if opts.Printer != nil {
		book.MinGutter = opts.Printer.MinGutter(0)
		book.BlankLast = opts.Printer.LastPageBlank
	}
	var pdf bytes.Buffer
	layout, err := templates.WriteBook(&pdf, book)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{res.PDF: pdf.Bytes()}
	var cover []byte
	var coverManifest *templates.CoverManifest
	if spec.Cover != nil {
		if cover, coverManifest, err = MakeCover(spec, book, layout.Pages); err != nil {
			return nil, err
		}
		res.Cover = CoverName(spec.Output)
		files[res.Cover] = cover
	}
	if opts.Printer != nil {
		res.Preflight = RunPreflight(*opts.Printer, pdf.Bytes(), layout, cover, coverManifest)
		if res.Preflight.Count(Fail) > 0 {
			return res, &PreflightError{Preflight: res.Preflight}
		}
		res.PreflightFile = PreflightName(spec.Output)
		files[res.PreflightFile] = []byte(res.Preflight.Text())
	}
	sum := sha256.Sum256(pdf.Bytes())
	m := newManifest(spec, opts, layout, sections, hex.EncodeToString(sum[:]))
	manifest, err := m.JSON()
	if err != nil {
		return nil, err
	}
	report, err := Report(m)
	if err != nil {
		return nil, err
	}
	if err := WriteFiles(files); err != nil {
		return nil, err
	}
	var places []store.Placement
	var cands []store.Candidate
	for i, s := range sections {
		for _, p := range m.Puzzles {
			if p.SectionIndex == i+1 {
				places = append(places, store.Placement{PuzzleID: p.ArchiveID, Section: s.printed.Name, Ordinal: p.Number, Page: p.Page})
			}
		}
		cands = append(cands, s.candidates...)
	}
	id, err := db.AddBook(context.WithoutCancel(ctx), store.Book{Title: spec.Title, SpecChecksum: spec.Checksum, Seed: int64(opts.Seed),
		OutputChecksum: m.PDFSHA256, Output: spec.Output, Manifest: manifest, Candidates: cands, Reprints: spec.Reprints}, places)
	if err != nil {
		return nil, err
	}
	if err := WriteFiles(map[string][]byte{res.JSON: manifest, res.Report: report}); err != nil {
		return nil, err
	}
	res.BookID, res.Manifest = id, m
	return res, nil
}

// finished reports whether the output is already this spec's book, as
// the ledger knows it: then it puts back a manifest or report that an
// interruption after the ledger's commit left unwritten, and says so in
// res.
func finished(ctx context.Context, db *store.DB, spec *configs.Book, opts BuildOptions, res *BuildResult) (bool, error) {
	data, err := os.ReadFile(spec.Output)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	sum := sha256.Sum256(data)
	b, err := db.BookByChecksum(ctx, hex.EncodeToString(sum[:]))
	if errors.Is(err, store.ErrNotFound) || err == nil && (b.SpecChecksum != spec.Checksum || b.Seed != int64(opts.Seed)) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	m, err := ParseManifest(b.Manifest)
	if err != nil {
		return false, fmt.Errorf("book %d in the archive: %w", b.ID, err)
	}
	files := map[string][]byte{}
	if have, err := os.ReadFile(res.JSON); err != nil || !bytes.Equal(have, b.Manifest) {
		files[res.JSON] = b.Manifest
	}
	if _, err := os.Stat(res.Report); err != nil {
		report, err := Report(m)
		if err != nil {
			return false, err
		}
		files[res.Report] = report
	}
	if err := WriteFiles(files); err != nil {
		return false, err
	}
	res.BookID, res.Manifest, res.Already = b.ID, m, true
	return true, nil
}

// builder is one build's state across its sections.
type builder struct {
	db        *store.DB
	spec      *configs.Book
	opts      BuildOptions
	holder    string
	used      map[string]bool // archive ids printed by earlier sections
	solutions map[string]bool // their solutions' lines: no two puzzles of a book share one
}

// sectionResult is a section made: what it prints and what it weighed.
type sectionResult struct {
	printed    templates.Section
	kept       []candidate
	fence      Fence
	candidates []store.Candidate
	level      level.Level
	stats      SectionProgress
}

// candidate is a puzzle of a section's pool and its value of the metric.
type candidate struct {
	p     store.Puzzle
	value float64
}

// hold names a run of kind ("build", "daily") in the reservations table,
// after freeing the reservations of runs on this host that died, and keeps
// its leases renewed while it runs (a third of the lease at a time);
// release, which the caller defers, stops that and gives back whatever the
// run holds and did not place, also when it was stopped. A run killed, or
// a machine lost, leaves its reservations to releaseDead on its own host,
// and to the end of their lease on every other.
func hold(ctx context.Context, db *store.DB, kind string) (holder string, release func(), err error) {
	if holder, err = newHolder(kind); err != nil {
		return "", nil, err
	}
	if err := releaseDead(ctx, db); err != nil {
		return "", nil, err
	}
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(db.Lease / 3)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				// A renewal that fails is tried again at the next tick;
				// the lease outlasts two of them.
				db.Renew(context.WithoutCancel(ctx), holder)
			}
		}
	}()
	return holder, func() {
		close(stop)
		<-done
		db.Release(context.WithoutCancel(ctx), holder)
	}, nil
}

// newHolder names a run of kind ("build", "daily") in the reservations
// table: host, process and a random tag, so that no two runs anywhere
// share a name.
func newHolder(kind string) (string, error) {
	host, _ := os.Hostname()
	var tag [6]byte
	if _, err := rand.Read(tag[:]); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s %s %d %x", kind, host, os.Getpid(), tag), nil
}

// releaseDead frees at once the reservations of runs on this host whose
// process is gone (killed), so their puzzles serve again without waiting
// for their leases to end. A process id means something only on its own
// host: other hosts' runs are left to their leases.
func releaseDead(ctx context.Context, db *store.DB) error {
	host, _ := os.Hostname()
	holders, err := db.Holders(ctx)
	if err != nil {
		return err
	}
	for _, h := range holders {
		if h.Host != host || h.PID <= 0 || h.PID == os.Getpid() || !processGone(h.PID) {
			continue
		}
		if _, err := db.Release(ctx, h.Name); err != nil {
			return err
		}
	}
	return nil
}

// section fills section i's pool, fences it and selects.
func (b *builder) section(ctx context.Context, i int) (sectionResult, error) {
	sec := b.spec.Sections[i]
	ladder := b.spec.LadderOf(sec.Kind)
	lv, _ := ladder.Find(sec.Level)
	name := SectionName(b.spec.Words, sec, lv)
	out := sectionResult{level: lv}
	st := SectionProgress{Section: i, Name: name, Count: sec.Count}
	report := func() {
		if b.opts.Progress != nil {
			b.opts.Progress(st)
		}
	}
	metric, k, kind := b.spec.IQR.Metric, b.spec.IQR.K, b.spec.IQR.Fence
	if sec.Technique != nil {
		// A chapter's puzzles share their hardest technique: they differ
		// in how much of the solve it takes, which the score counts.
		metric = "score"
	}
	valueOf := func(p store.Puzzle) float64 {
		v, _ := p.Ratings.Column(metric)
		return v
	}
	var pool []candidate
	inPool := map[string]bool{}
	add := func(p store.Puzzle) {
		if inPool[p.ID] || b.used[p.ID] || b.solutions[p.Line(p.Solution)] || guessed(p) && !sec.AllowGuess {
			return
		}
		if sec.Technique != nil && sec.Level != "" && ladder.Of(&p.Ratings.Ratings) != lv.Name {
			return // a chapter at a level: made for the technique, at another level
		}
		inPool[p.ID] = true
		pool = append(pool, candidate{p, valueOf(p)})
	}
	fenced := func() (Fence, int) {
		vals := make([]float64, len(pool))
		for j, c := range pool {
			vals[j] = c.value
		}
		f := NewFence(metric, kind, k, vals)
		return f, len(pool) - f.Rejected
	}
	first := FirstRound(sec.Count)

	// The archive's unpublished puzzles at the level first.
	if reusable(ladder) {
		got, err := b.db.Reserve(ctx, b.reservation(sec, lv, ladder, first))
		if err != nil {
			return out, err
		}
		for _, p := range got {
			add(p)
		}
		st.Reused = len(pool)
	}
	fence, inside := fenced()
	st.Inside = inside
	report()

	// Then generate, round by round, until enough lie inside the fence.
	unfilled := func(err error) error {
		return &SectionError{Section: i, Name: name, Found: inside, Want: sec.Count, Made: st.Made, Err: err}
	}
	budget := 20*sec.Count + 100
	next := 0
	for need := first - len(pool); inside < sec.Count; need = int(math.Ceil(float64(sec.Count-inside)*1.3)) + 2 {
		if next >= budget {
			return out, unfilled(ErrBudget)
		}
		n := min(max(need, 1), budget-next)
		made, err := b.generate(ctx, i, sec, lv, ladder, next, n, &st, report)
		if errors.Is(err, level.ErrNoPuzzle) {
			return out, unfilled(err)
		}
		if err != nil {
			return out, err
		}
		for _, p := range made {
			add(p)
		}
		next += n
		fence, inside = fenced()
		st.Inside = inside
		report()
	}

	// Select: the first Count inside the fence, in pool order; then order.
	kept := make([]candidate, 0, sec.Count)
	outcome := map[string]string{}
	for _, c := range pool {
		switch {
		case fence.Side(c.value) != "":
			outcome[c.p.ID] = fence.Side(c.value)
		case len(kept) < sec.Count:
			kept = append(kept, c)
			outcome[c.p.ID] = "kept"
		default:
			outcome[c.p.ID] = "spare"
		}
	}
	switch sec.Order {
	case "easiest-first", "hardest-first":
		slices.SortStableFunc(kept, func(a, c candidate) int {
			if a.value != c.value {
				return cmpFloat(a.value, c.value)
			}
			if a.p.Ratings.ER != c.p.Ratings.ER {
				return cmpFloat(a.p.Ratings.ER, c.p.Ratings.ER)
			}
			return strings.Compare(a.p.ID, c.p.ID)
		})
		if sec.Order == "hardest-first" {
			slices.Reverse(kept)
		}
	}
	out.printed = templates.Section{Name: name, Description: SectionDescription(b.spec.Words, sec, lv), PerPage: sec.PerPage, SolutionsPerPage: sec.SolutionsPerPage,
		Guessing: sec.AllowGuess}
	label := LevelName(b.spec.Words, lv)
	if sec.Technique != nil && sec.Level == "" {
		label = TechniqueName(b.spec.Words, sec.Technique)
	}
	for _, c := range kept {
		b.used[c.p.ID] = true
		b.solutions[c.p.Line(c.p.Solution)] = true
		stars := starsOf(ladder, lv.Name)
		if sec.Level == "" {
			stars = starsOf(ladder, c.p.Ratings.Level)
		}
		tp := templates.Puzzle{ID: c.p.ID[:8], Level: label, Variant: c.p.Variant, Symbols: sec.Kind.Symbols,
			Givens: c.p.Givens, Solution: c.p.Solution}
		switch b.spec.Layout.Show {
		case "rating":
			tp.Rating = c.p.Ratings.ER
			if sec.Kind.IsClassic() {
				tp.RatingLabel = b.spec.Scale.OrDefault().Label
			}
		case "stars":
			tp.Stars = stars
		}
		out.printed.Puzzles = append(out.printed.Puzzles, tp)
	}
	if sec.Technique != nil {
		if err := b.addChapterHints(ctx, sec, &out.printed); err != nil {
			return out, err
		}
		if err := b.chapterExample(sec, &out.printed); err != nil {
			return out, err
		}
	} else if err := b.addHints(ctx, lv.Name, &out.printed); err != nil {
		return out, err
	}
	for _, c := range pool {
		out.candidates = append(out.candidates, store.Candidate{Section: i + 1, PuzzleID: c.p.ID, Metric: metric, Value: c.value,
			Low: fence.Low, High: fence.High, Outcome: outcome[c.p.ID]})
	}
	out.kept, out.fence = kept, fence
	st.Done = true
	report()
	out.stats = st
	return out, nil
}

func cmpFloat(a, b float64) int {
	if a < b {
		return -1
	}
	if a > b {
		return 1
	}
	return 0
}

// starsOf is the stars a level gets: one to five, spread over the ladder.
func starsOf(ladder level.Ladder, name string) int {
	i := max(ladder.Index(name), 0)
	if len(ladder) <= 5 {
		return i + 1
	}
	return 1 + i*4/(len(ladder)-1)
}

// rated reports whether the book prints classic puzzles' ratings.
func (b *builder) rated() bool {
	return b.spec.Layout.Show == "rating" && slices.ContainsFunc(b.spec.Sections, func(s configs.Section) bool { return s.Kind.IsClassic() })
}

// reusable reports whether the archive's ratings can place a puzzle on the
// ladder: every column its rules name is one the archive keeps.
func reusable(ladder level.Ladder) bool {
	for _, lv := range ladder {
		for _, r := range lv.Rules {
			if !slices.Contains(rate.Columns, r.Column) {
				return false
			}
		}
	}
	return true
}

// reservation asks the archive for count puzzles that fit the section
// (fits, or for a variant fitsVariant).
func (b *builder) reservation(sec configs.Section, lv level.Level, ladder level.Ladder, count int) store.Reservation {
	r := store.Reservation{Holder: b.holder, Count: count, Rules: lv.Rules, Reprints: b.spec.Reprints, Accept: b.fits(sec, lv)}
	if !sec.Kind.IsClassic() {
		r.Variant, r.Accept = sec.Kind.Name, b.fitsVariant(sec, lv, ladder)
	}
	if sec.Technique != nil {
		for _, t := range sec.Technique.Techniques {
			for _, m := range t.Members {
				r.Techniques = append(r.Techniques, m.Key())
			}
		}
		fits, kit := r.Accept, NewVariantKit()
		r.Accept = func(p store.Puzzle) bool { return fits(p) && b.meetsChapter(sec, kit, p) }
	}
	return r
}

// fits is the test an archived puzzle must pass to serve the section:
// rated by this rater, at the level on the spec's ladder, with the
// section's givens and symmetry, and minimal when the section's puzzles
// are (under the section's symmetry, or the puzzle's own for random).
func (b *builder) fits(sec configs.Section, lv level.Level) func(store.Puzzle) bool {
	var solver engine.Solver
	return func(p store.Puzzle) bool {
		if p.Ratings == nil || p.Ratings.Rater != rate.RaterOn(b.spec.Scale) || sec.Level != "" && b.spec.Ladder.Of(&p.Ratings.Ratings) != lv.Name {
			return false
		}
		if !b.suits(sec, p) {
			return false
		}
		if !sec.Minimal {
			return true
		}
		sym := sec.Symmetry
		if sym == engine.SymmetryRandom {
			sym, _ = engine.ParseSymmetry(p.Symmetry) // none, the strictest, when unknown
		}
		return solver.Minimal(store.Classic(p.Givens), sym)
	}
}

// suits reports whether an archived puzzle meets what every section asks
// of its puzzles, whatever their kind: the section's givens and symmetry,
// no guess in its rating unless the section allows one, and none of the
// book's puzzles or solutions yet.
func (b *builder) suits(sec configs.Section, p store.Puzzle) bool {
	if n := p.Givens.Clues(); sec.CluesMax > 0 && (n < sec.CluesMin || n > sec.CluesMax) {
		return false
	}
	if guessed(p) && !sec.AllowGuess {
		return false
	}
	if sec.Symmetry != engine.SymmetryNone && sec.Symmetry != engine.SymmetryRandom && p.Symmetry != sec.Symmetry.String() {
		return false
	}
	return !b.used[p.ID] && !b.solutions[p.Line(p.Solution)]
}

// generate makes jobs [first, first+n) of section i, archives them in one
// batch and returns those this build may use: new to the archive, or
// archived but unpublished and held by nobody else.
func (b *builder) generate(ctx context.Context, i int, sec configs.Section, lv level.Level, ladder level.Ladder, first, n int,
	st *SectionProgress, report func()) ([]store.Puzzle, error) {
	label := fmt.Sprintf("%s section %d", filepath.Base(b.spec.File), i+1)
	var batch []store.Puzzle
	err := makePuzzles(ctx, sec, lv, ladder, Run{Seed: b.opts.Seed, Stream: uint64(i + 1), Workers: b.opts.Workers, Label: label, Version: b.opts.Version, Scale: b.spec.Scale},
		first, n, func(p store.Puzzle) {
			batch = append(batch, p)
			st.Made++
			if st.Made%8 == 0 {
				report()
			}
		})
	// What was made is archived, also when the run was stopped: nothing
	// rated is lost.
	if len(batch) > 0 {
		wctx := context.WithoutCancel(ctx)
		if _, _, ierr := b.db.Insert(wctx, batch); ierr != nil {
			return nil, ierr
		}
		ids := make([]string, len(batch))
		for j, p := range batch {
			ids[j] = p.ID
		}
		mine, rerr := b.db.ReserveIDs(wctx, b.holder, ids, b.spec.Reprints)
		if rerr != nil {
			return nil, rerr
		}
		var out []store.Puzzle
		for _, p := range batch {
			if mine[p.ID] {
				out = append(out, p)
			} else {
				st.Duplicates++
			}
		}
		if err == nil {
			return out, nil
		}
	}
	return nil, err
}

// Run is what a generating run gives each puzzle it makes: its seed and
// stream (the jobs' random numbers), its workers, and the provenance the
// archive records (label, pressrun's version).
type Run struct {
	Seed, Stream   uint64
	Workers        int
	Label, Version string
	Scale          *logic.Scale // of classic puzzles' ratings; nil: logic.DefaultScale
}

// makePuzzles makes jobs [first, first+n) of a section's kind at level lv
// of ladder, as run says, and calls add with each in job order, rated and
// as the archive keeps it. A build fills its sections with it, stock its
// targets.
func makePuzzles(ctx context.Context, sec configs.Section, lv level.Level, ladder level.Ladder, run Run, first, n int, add func(store.Puzzle)) error {
	if sec.Kind.IsClassic() {
		seed := int64(run.Seed)
		cfg := GenerateConfig{Count: n, First: first, Seed: run.Seed, Stream: run.Stream, Workers: run.Workers,
			Options: engine.GenerateOptions{Symmetry: sec.Symmetry, MinClues: sec.CluesMin, MaxClues: sec.CluesMax, Minimal: sec.Minimal},
			Level:   &lv, Ladder: ladder, Scale: run.Scale}
		if sec.Technique != nil {
			cfg.Level, cfg.Technique = nil, sec.Technique
		}
		return Generate(ctx, cfg, func(g Generated) error {
			add(archived(g, run.Label, run.Version, seed, run.Scale))
			return nil
		})
	}
	cfg := VariantConfig{Kind: sec.Kind.Name, Layout: sec.Kind.Variant, Count: n, First: first, Seed: run.Seed, Stream: run.Stream,
		Workers: run.Workers, Level: &lv, Ladder: ladder, Symmetry: sec.Symmetry.String(),
		CluesMin: sec.CluesMin, CluesMax: sec.CluesMax, Minimal: sec.Minimal, AllowGuess: sec.AllowGuess, Label: run.Label, Version: run.Version}
	if sec.Technique != nil {
		cfg.Level, cfg.Technique = nil, sec.Technique
	}
	return GenerateVariants(ctx, cfg, func(g VariantGenerated) error {
		add(g.Puzzle)
		return nil
	})
}

// FirstRound is how many candidates a section's pool starts with: the
// count and room for the outliers its fence will reject.
func FirstRound(count int) int { return int(math.Ceil(float64(count)*1.15)) + 3 }

// Reusable counts, per section, the archive's puzzles a build of the spec
// would take now (up to the first round), without taking them; zeros when
// there is no archive yet (no file, or an empty one), which it does not
// create. It writes nothing: the archive may be read-only.
func Reusable(ctx context.Context, spec *configs.Book) ([]int, error) {
	out := make([]int, len(spec.Sections))
	db, err := store.Open(spec.Archive, store.ReadOnly)
	if errors.Is(err, store.ErrNoArchive) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	defer db.Close()
	b := &builder{db: db, spec: spec, used: map[string]bool{}, solutions: map[string]bool{}}
	for i, sec := range spec.Sections {
		ladder := spec.LadderOf(sec.Kind)
		if !reusable(ladder) {
			continue
		}
		lv, _ := ladder.Find(sec.Level)
		n, err := db.Available(ctx, b.reservation(sec, lv, ladder, FirstRound(sec.Count)))
		if err != nil {
			return nil, err
		}
		out[i] = n
	}
	return out, nil
}

// guessed reports whether an archived puzzle's rating includes a guess: a
// step the rater found no technique for.
func guessed(p store.Puzzle) bool {
	return p.Ratings != nil && p.Ratings.Techniques[logic.Guess.Key()] > 0
}
