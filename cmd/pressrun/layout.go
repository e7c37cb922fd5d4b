package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/templates"

	"github.com/pressrun/pressrun/templates/words"
)

var layoutCommand = command{
	name:    "layout",
	summary: "lay out puzzles you already have as a print-ready PDF book",
	usage: `usage: pressrun layout [flags] [FILE...] -o book.pdf

Layout reads puzzles like solve does, solves and rates each one for its
label, and lays them out as a book ready for a printer: title page,
copyright page, how to play, contents, a section per level from easy to
evil (in the order read within a level), then all the solutions at the
back. Puzzles are numbered through the book; each shows its number, level,
a short archive id and the page of its solution.

It writes the PDF and, next to it, a manifest with the same name ending in
.json: the page count, and for every puzzle its number, id, level, puzzle,
solution, page, grid_pt, solution_page and solution_grid_pt (a grid as
[x, y, size] in points from the top-left corner of the page).

Pages are the trim plus 0.125 in on the outside, top and bottom with
--bleed; margins mirror, with the gutter KDP asks for at the page count.
The count is made even with a notes page; outside 24-828 pages (what a
paperback may have) layout warns. The PDF's date is --date, else
SOURCE_DATE_EPOCH, else today: the same input gives the same bytes.

--svg and --png also write each puzzle and its solution alone, at
--column-mm wide, for a newspaper or the web.

A bad puzzle (unreadable, or without exactly one solution) is reported on
stderr as FILE:LINE: what is wrong, and nothing is written (exit status 2).
So is a puzzle that repeats one read before, or is an isomorph of one (a
relabelled, rotated or reflected copy), with both lines named;
--allow-duplicates lays it out with a warning.

The book, its manifest and the SVGs and PNGs appear together, when all are
complete: a failure or an interrupt leaves none of them.

--variant KIND lays out puzzles of a variant (6x6, 16x16, x, windoku,
jigsaw, ...; a jigsaw's line carries its layout: jigsaw:LAYOUT CELLS),
rated and sectioned by the variant rater on the kind's ladder, or the one
--levels reads (its file says variant: KIND); a 12x12's or 16x16's
symbols print as --symbols says. Without --per-page and
--solutions-per-page, large grids print the most a page, up to the usual
count, whose cells are large enough to write in.`,
	setup: setupLayout,
}

// layoutFlags are layout's flags, read by setupLayout.
type layoutFlags struct {
	out, trim, title, subtitle, author   string
	font, boldFont, date, svgDir, pngDir string
	perPage, solutionsPerPage, dpi       int
	columnMM                             float64
	bleed, largePrint, rating, stars     bool
	allowDuplicates                      bool
	symbols, levels, language            string
	kind                                 func() (*variant.Variant, error)
	scale                                func() (*logic.Scale, error)
}

func setupLayout(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	var f layoutFlags
	fs.StringVar(&f.out, "o", "", "write the book to `FILE`.pdf, and its manifest to FILE.json (required)")
	fs.StringVar(&f.trim, "trim", "6x9", "trim `SIZE`: 5x8, 5.5x8.5, 6x9, 7x10, 8x10, 8.25x11, 8.5x11, A4, A5,\nor WxH in inches or WxHmm")
	fs.BoolVar(&f.bleed, "bleed", false, "add a 0.125 in bleed on the outside, top and bottom")
	fs.IntVar(&f.perPage, "per-page", 0, "puzzles a page: `N` is 1, 2, 4 or 6 (default 4; large print 1 or 2, default 1)")
	fs.IntVar(&f.solutionsPerPage, "solutions-per-page", 0, "solutions a page: `N` is 4, 6, 9 or 12 (default 9; large print 4 or 6,\ndefault 4)")
	fs.StringVar(&f.title, "title", "Sudoku", "the book's `TITLE`")
	fs.StringVar(&f.subtitle, "subtitle", "", "a `SUBTITLE` under the title")
	fs.StringVar(&f.author, "author", "", "the `AUTHOR` on the title and copyright pages")
	fs.BoolVar(&f.largePrint, "large-print", false, "bigger grids, digits and type, one or two puzzles a page")
	fs.BoolVar(&f.rating, "rating", false, "print each puzzle's rating after its level, on --scale, and say in how to play what it is")
	f.scale = scaleFlag(fs)
	fs.BoolVar(&f.stars, "stars", false, "print one to five stars after each puzzle's level")
	fs.BoolVar(&f.allowDuplicates, "allow-duplicates", false, "lay out a puzzle that repeats one read before, or is an isomorph of one,\nwith a warning (default: refuse)")
	fs.StringVar(&f.font, "font", "", "set the book in the TrueType font `FILE`.ttf (default: the Go fonts)")
	fs.StringVar(&f.boldFont, "bold-font", "", "the bold TrueType font `FILE`.ttf for headings and givens\n(default: --font's, or Go Bold)")
	fs.StringVar(&f.language, "language", "en", "print every word around the puzzles in `LANG`: en, de, fr, es or it")
	fs.StringVar(&f.date, "date", "", "the book's `DATE` as YYYY-MM-DD (default: SOURCE_DATE_EPOCH, else today)")
	fs.StringVar(&f.svgDir, "svg", "", "also write each puzzle and its solution alone as SVG into `DIR`")
	fs.StringVar(&f.pngDir, "png", "", "also write each puzzle and its solution alone as PNG into `DIR`")
	fs.IntVar(&f.dpi, "dpi", 300, "the PNGs' resolution in dots per inch `N`")
	fs.Float64Var(&f.columnMM, "column-mm", templates.DefaultColumnMM, "the width `W` of the SVGs and PNGs in millimetres")
	f.kind = variantFlag(fs, "lay out")
	fs.StringVar(&f.symbols, "symbols", "", "with --variant, print the symbols in `STYLE`: 1-16, 0-F or A-P for 16x16\n(1-12, 0-B or A-L for 12x12; default: numbers)")
	fs.StringVar(&f.levels, "levels", "", "with --variant, the level ladder from `FILE` (YAML saying variant: KIND;\ndefault: the kind's own)")
	return func(ctx context.Context, e *env, files []string) error {
		book, err := f.book()
		if err != nil {
			return err
		}
		kind, err := f.kind()
		if err != nil {
			return err
		}
		if kind == nil && (f.symbols != "" || f.levels != "") {
			return usagef("a classic book prints 1-9, its levels by er on the default ladder", "--symbols and --levels go with --variant")
		}
		if kind == nil {
			if err := readBook(ctx, e, files, book, &f); err != nil {
				return err
			}
			return writeBook(ctx, e, book, &f)
		}
		if err := classicOnly(fs, "scale"); err != nil {
			return err
		}
		if err := readVariantBook(ctx, e, files, kind, book, &f); err != nil {
			return err
		}
		if err := fitVariantBook(book, kind, &f); err != nil {
			return err
		}
		return writeBook(ctx, e, book, &f)
	}
}

// book checks the flags and returns the book they describe, without its
// puzzles.
func (f *layoutFlags) book() (*templates.Book, error) {
	if f.out == "" {
		return nil, usagef("pressrun layout puzzles.txt -o book.pdf", "no output: -o FILE.pdf is required")
	}
	if !strings.EqualFold(filepath.Ext(f.out), ".pdf") {
		return nil, usagef("the manifest goes next to it with .json for .pdf", "-o %s: the name must end in .pdf", f.out)
	}
	trim, err := templates.ParseTrim(f.trim)
	if err != nil {
		return nil, usagef("trims: 5x8, 5.5x8.5, 6x9, 7x10, 8x10, 8.25x11, 8.5x11, A4, A5, or WxH (inches) or WxHmm", "--trim %q: not a trim size", f.trim)
	}
	per, sols := templates.PerPageChoices(f.largePrint)
	what := ""
	if f.largePrint {
		what = " in large print"
	}
	if f.perPage != 0 && !contains(per, f.perPage) {
		return nil, usagef("leave --per-page out for the default", "--per-page %d: want %s%s", f.perPage, templates.OrList(per), what)
	}
	if f.solutionsPerPage != 0 && !contains(sols, f.solutionsPerPage) {
		return nil, usagef("leave --solutions-per-page out for the default", "--solutions-per-page %d: want %s%s", f.solutionsPerPage, templates.OrList(sols), what)
	}
	if f.pngDir != "" && (f.dpi < 50 || f.dpi > 2400) {
		return nil, usagef("300 dpi is print quality, 150 enough for the web", "--dpi %d: want 50-2400", f.dpi)
	}
	if (f.svgDir != "" || f.pngDir != "") && (f.columnMM < 30 || f.columnMM > 300) {
		return nil, usagef("a newspaper column is 40-100 mm wide", "--column-mm %g: want 30-300", f.columnMM)
	}
	date, err := bookDate(f.date)
	if err != nil {
		return nil, err
	}
	lang, err := words.Of(f.language)
	if err != nil {
		return nil, usagef("leave --language out for English", "--language %q: want %s", f.language, strings.Join(words.Codes(), ", "))
	}
	fonts := templates.GoFonts()
	if f.font != "" {
		if fonts.Regular, err = readFont(f.font, "--font"); err != nil {
			return nil, err
		}
		fonts.Bold = nil // the custom font for both, unless --bold-font
	}
	if f.boldFont != "" {
		if fonts.Bold, err = readFont(f.boldFont, "--bold-font"); err != nil {
			return nil, err
		}
	}
	book := &templates.Book{
		Title: f.title, Subtitle: f.subtitle, Author: f.author,
		Version: version, Date: date,
		Trim: trim, Bleed: f.bleed,
		PerPage: f.perPage, SolutionsPerPage: f.solutionsPerPage, LargePrint: f.largePrint,
		Fonts: fonts, Words: lang,
	}
	if err := templates.CheckGlyphs(book); err != nil {
		return nil, f.glyphError(err)
	}
	return book, nil
}

// glyphError words a text the font cannot print (*templates.GlyphError)
// as bad usage: the flag, the characters and the font, with a hint at a
// font that has them. Another error is returned as it is.
func (f *layoutFlags) glyphError(err error) error {
	var ge *templates.GlyphError
	if !errors.As(err, &ge) {
		return err
	}
	what := ge.Field
	if flagName := map[string]string{"title": "--title", "subtitle": "--subtitle", "author": "--author"}[ge.Field]; flagName != "" {
		what = fmt.Sprintf("%s %q", flagName, ge.Text)
	}
	font := ge.Font
	switch {
	case ge.Bold && f.boldFont != "":
		font += " (" + f.boldFont + ")"
	case !ge.Bold && f.font != "":
		font += " (" + f.font + ")"
	}
	hint := "set the book in a TrueType font that has them: --font FILE.ttf, and --bold-font FILE.ttf for headings"
	if ge.CJK() {
		hint += "; for Chinese, Japanese or Korean, Noto Sans SC, JP or KR (.ttf, fonts.google.com)"
	} else {
		hint += ", such as DejaVu Sans or Noto Sans"
	}
	return usagef(hint, "%s: the font %s has no %s", what, font, ge.Chars())
}

func contains(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// bookDate is the date of the book: the flag, else SOURCE_DATE_EPOCH (the
// reproducible-builds convention), else today at midnight UTC, so that two
// runs on one day give the same bytes.
func bookDate(flagValue string) (time.Time, error) {
	if flagValue != "" {
		d, err := time.Parse("2006-01-02", flagValue)
		if err != nil {
			return time.Time{}, usagef("--date 2026-12-01", "--date %q: want YYYY-MM-DD", flagValue)
		}
		return d, nil
	}
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 {
			return time.Time{}, usagef("SOURCE_DATE_EPOCH is seconds since 1970, as date +%s prints", "SOURCE_DATE_EPOCH=%q: not a count of seconds", s)
		}
		return time.Unix(n, 0).UTC(), nil
	}
	now := time.Now().UTC()
	return time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC), nil
}

func readFont(name, flagName string) ([]byte, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, usagef("", "%s %s: %v", flagName, name, err)
	}
	if err := templates.CheckFont(b); err != nil {
		return nil, usagef("a TrueType (.ttf) font with glyf outlines, such as DejaVu Sans or Noto Sans",
			"%s %s: %s", flagName, name, strings.TrimPrefix(err.Error(), "templates: font: "))
	}
	return b, nil
}

// readBook reads the puzzles of the files (standard input for none or
// "-"), solves and rates each for its label, and puts them into book's
// sections by level (pipeline.Sectioner). The first bad puzzle or
// unreadable file is reported as FILE:LINE: what is wrong and ends the
// reading: a book is all or nothing. A repeated puzzle is reported with
// where it was first read and, unless allowed, refused when the reading
// ends.
func readBook(ctx context.Context, e *env, files []string, book *templates.Book, f *layoutFlags) error {
	sections := pipeline.NewSectioner(level.Default(), f.rating, f.stars)
	scale, err := f.scale()
	if err != nil {
		return err
	}
	sections.Scale, sections.Words = scale, book.Words
	if f.rating {
		book.RatingNote = pipeline.RatingNote(book.Words, scale)
	}
	return fillBook(e, book, f, sections, func(add func(pipeline.Position, func() (*pipeline.Duplicate, error)) error) error {
		return eachPuzzleAt(ctx, e, files, false, func(at pipeline.Position, g engine.Grid) error {
			return add(at, func() (*pipeline.Duplicate, error) { return sections.Add(at, g) })
		})
	})
}

// readVariantBook is readBook for the puzzles of kind, rated by the
// variant rater on the --levels ladder or the kind's own.
func readVariantBook(ctx context.Context, e *env, files []string, kind *variant.Variant, book *templates.Book, f *layoutFlags) error {
	if _, err := variant.Labels(f.symbols, kind.Size); err != nil {
		return usagef("leave --symbols out to print numbers", "--symbols %q: want %s for %s puzzles", f.symbols, variant.LabelStyles(kind.Size), kind.Name)
	}
	ladder, err := loadVariantLadder(f.levels, kind)
	if err != nil {
		return err
	}
	sections := pipeline.NewVariantSectioner(kind, ladder, f.symbols, f.rating, f.stars)
	sections.Words = book.Words
	return fillBook(e, book, f, sections, func(add func(pipeline.Position, func() (*pipeline.Duplicate, error)) error) error {
		return eachVariantParallel(ctx, e, files, kind, false, 1,
			func() func(pipeline.Position, variant.Puzzle) struct{} {
				return func(pipeline.Position, variant.Puzzle) struct{} { return struct{}{} }
			},
			func(at pipeline.Position, p variant.Puzzle, _ struct{}) error {
				return add(at, func() (*pipeline.Duplicate, error) { return sections.AddVariant(at, p) })
			})
	})
}

// fillBook runs read, which hands each puzzle read to add with the
// function that files it in sections, and reports what is wrong as
// readBook says; then book gets the sections.
func fillBook(e *env, book *templates.Book, f *layoutFlags, sections *pipeline.Sectioner,
	read func(add func(pipeline.Position, func() (*pipeline.Duplicate, error)) error) error) error {
	sections.AllowDuplicates = f.allowDuplicates
	repeated := 0
	err := read(func(at pipeline.Position, addOne func() (*pipeline.Duplicate, error)) error {
		dup, err := addOne()
		switch {
		case dup != nil && f.allowDuplicates:
			fmt.Fprintf(e.stderr, "pressrun: layout: warning: %v\n", dup)
		case dup != nil:
			fmt.Fprintf(e.stderr, "%v\n", dup)
			repeated++
		}
		if pipeline.NotUnique(err) {
			fmt.Fprintf(e.stderr, "%s: %v\n", at, err)
			return errBadBook
		}
		if err != nil {
			return fmt.Errorf("%s: %w", at, err)
		}
		return nil
	})
	if errors.Is(err, errUsage) || errors.Is(err, errBadBook) {
		// The reading has named the bad puzzle or file on stderr.
		return usagef("fix or remove the puzzle or file named above and run layout again", "bad input: no book written")
	}
	if err != nil {
		return err
	}
	if repeated > 0 {
		return usagef("remove the repeated puzzles, or pass --allow-duplicates to print them anyway",
			"%s repeated: no book written", plural(repeated, "puzzle"))
	}
	book.Sections = sections.Sections()
	if len(book.Sections) == 0 {
		return usagef("pressrun layout puzzles.txt -o book.pdf", "no puzzles to lay out")
	}
	return nil
}

// fitVariantBook sets the counts a page that the flags leave out for
// kind's grids: the most, up to the usual count, whose cells are large
// enough (templates.SectionCells, at about the book's page count, whose
// gutter it errs on the wide side of), and for puzzles, when one such
// count has them, large enough to write in comfortably. A trim too small
// for even one a page is refused naming --trim; a count the flags give is
// checked as WriteBook lays it out (writeBook names its flag).
func fitVariantBook(book *templates.Book, kind *variant.Variant, f *layoutFlags) error {
	per, sols := templates.PerPageChoices(f.largePrint)
	usualPer, usualSols := templates.DefaultPerPage, templates.DefaultSolutionsPerPage
	if f.largePrint {
		usualPer, usualSols = per[0], sols[0]
	}
	puzzles := 0
	for _, s := range book.Sections {
		puzzles += len(s.Puzzles)
	}
	pick := func(field string, choices []int, usual int, set *int) error {
		var fits []int
		var refused *templates.SectionError
		for i := len(choices) - 1; i >= 0; i-- {
			if choices[i] > usual {
				continue
			}
			*set = choices[i]
			pages := 8 + 2*len(book.Sections) + ceilDiv(puzzles, max(book.PerPage, 1)) + ceilDiv(puzzles, max(book.SolutionsPerPage, 1))
			_, _, warning, err := templates.SectionCells(book, 0, kind.Size, pages)
			var se *templates.SectionError
			switch {
			case errors.As(err, &se) && se.Field == field:
				refused = se
				continue
			case err != nil && se == nil:
				return err
			case warning == "" || field != "per-page":
				return nil
			}
			fits = append(fits, choices[i])
		}
		if len(fits) > 0 {
			*set = fits[0]
			return nil
		}
		return usagef("a larger --trim, such as 8.5x11", "--trim %s: %s", f.trim, refused.Msg)
	}
	// Solutions first, beside the fewest puzzles a page, so that a
	// puzzles' refusal does not hide theirs.
	if f.solutionsPerPage == 0 {
		if f.perPage == 0 {
			book.PerPage = per[0]
		}
		if err := pick("solutions-per-page", sols, usualSols, &book.SolutionsPerPage); err != nil {
			return err
		}
	}
	if f.perPage == 0 {
		return pick("per-page", per, usualPer, &book.PerPage)
	}
	return nil
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// errBadBook is a puzzle that cannot go in a book, already reported.
var errBadBook = errors.New("bad puzzle")

// writeBook lays out the book and writes it, its manifest and any SVG and
// PNG files (pipeline.WriteLayout: all or nothing), then says what it
// wrote.
func writeBook(ctx context.Context, e *env, book *templates.Book, f *layoutFlags) error {
	res, err := pipeline.WriteLayout(ctx, book, pipeline.LayoutFiles{PDF: f.out, SVGDir: f.svgDir, PNGDir: f.pngDir, DPI: f.dpi, ColumnMM: f.columnMM})
	var ge *templates.GlyphError
	if errors.As(err, &ge) {
		return f.glyphError(err)
	}
	var se *templates.SectionError
	if errors.As(err, &se) && se.Book {
		// A variant's grids at the count a flag gave.
		count := map[string]int{"per-page": book.PerPage, "solutions-per-page": book.SolutionsPerPage}[se.Field]
		return usagef("leave --"+se.Field+" out for the most that fit", "--%s %d: %s", se.Field, count, se.Msg)
	}
	if errors.Is(err, templates.ErrInvalid) {
		return usagef("", "%s", strings.TrimPrefix(err.Error(), "templates: "))
	}
	if err != nil {
		return keeping(err, "nothing: a book and its files appear only when all are complete")
	}
	m := res.Manifest
	note := ""
	if m.PaddingPages > 0 {
		note = fmt.Sprintf(" (with %s to make the count even)", plural(m.PaddingPages, "notes page"))
	}
	fmt.Fprintf(e.stderr, "pressrun: layout: wrote %s: %d pages%s, %s; manifest %s\n",
		f.out, m.Pages, note, plural(len(m.Puzzles), "puzzle"), res.JSON)
	for _, w := range m.Warnings {
		fmt.Fprintf(e.stderr, "pressrun: layout: warning: %s\n", w)
	}
	for _, d := range res.Folders {
		fmt.Fprintf(e.stderr, "pressrun: layout: wrote %s of puzzles and solutions into %s\n", plural(d.Files, "file"), d.Dir)
	}
	return nil
}
