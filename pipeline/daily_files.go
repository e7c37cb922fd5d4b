package pipeline

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/store"
	"github.com/pressrun/pressrun/templates"
)

// DailyLayout is what a daily run draws with: the spec's fonts, read and
// checked.
type DailyLayout struct {
	Fonts templates.Fonts
}

// CheckDaily checks what of a daily spec only drawing can judge (the
// fonts, the tools a format needs) and returns the layout to draw with.
// The problems are configs.Errors at the spec's lines.
func CheckDaily(spec *configs.Daily) (*DailyLayout, error) {
	var errs configs.Errors
	fail := func(field, format string, args ...any) {
		errs = append(errs, &configs.Error{File: spec.File, Line: spec.Lines[field], Field: field, Msg: fmt.Sprintf(format, args...)})
	}
	lay := &DailyLayout{}
	lay.Fonts, errs = ReadFonts(spec.File, spec.Lines, "files.font", spec.Files.Font, "files.bold-font", spec.Files.BoldFont)
	if slices.Contains(spec.Files.Formats, "eps") {
		if _, err := exec.LookPath(epsTool); err != nil {
			fail("files.formats", "eps: pressrun makes EPS with %s, from Debian's librsvg2-bin, and it is not on the PATH: install librsvg2-bin, or leave eps out", epsTool)
		}
	}
	if len(errs) == 0 {
		checkDailyGlyphs(spec, lay, fail)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return lay, nil
}

// checkDailyGlyphs makes sure the fonts can print every text a run
// prints (the outlets' names, both labels on each weekday, each level),
// before anything is made: a missing glyph found while drawing would stop
// a run whose issues are in the ledger already.
func checkDailyGlyphs(spec *configs.Daily, lay *DailyLayout, fail func(field, format string, args ...any)) {
	probe := templates.Proof{Title: spec.Words.Fill("proof.of", "file", filepath.Base(spec.File)), Fonts: lay.Fonts, Words: spec.Words}
	monday := time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)
	for _, o := range spec.Outlets {
		sec := templates.ProofSection{Name: o.Name}
		for day := range 7 {
			for _, label := range []configs.Pattern{spec.Files.Label, spec.Files.SolutionLabel} {
				v := configs.PatternValues{Outlet: o.Name, Date: monday.AddDate(0, 0, day), Number: 1, Words: spec.Words}
				sec.Days = append(sec.Days, templates.ProofDay{Label: label.Expand(v), Puzzle: templates.Puzzle{Level: LevelName(spec.Words, spec.Ladder[0])}})
			}
		}
		for _, lv := range spec.Ladder {
			sec.Days = append(sec.Days, templates.ProofDay{Puzzle: templates.Puzzle{Level: LevelName(spec.Words, lv)}})
		}
		probe.Sections = append(probe.Sections, sec)
	}
	var ge *templates.GlyphError
	if err := templates.CheckProofGlyphs(&probe); errors.As(err, &ge) {
		// The probe's days of an outlet: a label and a solution label each
		// weekday, then a level each.
		var i, j int
		fmt.Sscanf(ge.Field, "sections[%d].days[%d]", &i, &j)
		field := "files.label"
		switch {
		case strings.HasSuffix(ge.Field, ".name"):
			field = fmt.Sprintf("outlets[%d].name", ge.Section)
		case strings.HasSuffix(ge.Field, ".level"):
			field = "levels"
		case j%2 == 1:
			field = "files.solution-label"
		}
		fail(field, "%q: the font %s has no %s; set files.font (and files.bold-font) to a TrueType font that has them",
			ge.Text, ge.Font, ge.Chars())
	}
}

// epsTool turns a puzzle's SVG into EPS (cairo's PostScript, the text as
// outlines: 36 KB for a puzzle, where poppler's pdftops -eps of the PDF
// writes 3.8 MB, embedding both fonts whole).
const epsTool = "rsvg-convert"

// DailyBatch names the batch's own files: the feeds and the proof, in the
// output folder, named for the range (and the outlets, when not all).
func DailyBatch(spec *configs.Daily, outlets []*configs.Outlet, dates []time.Time) (feedCSV, feedJSON, proof string) {
	base := fmt.Sprintf("%s-to-%s", dates[0].Format(time.DateOnly), dates[len(dates)-1].Format(time.DateOnly))
	if len(outlets) < len(spec.Outlets) {
		var slugs []string
		for _, o := range outlets {
			slugs = append(slugs, o.Slug)
		}
		base = strings.Join(slugs, "+") + "-" + base
	}
	dir := spec.Output
	return filepath.Join(dir, "feed-"+base+".csv"), filepath.Join(dir, "feed-"+base+".json"), filepath.Join(dir, "proof-"+base+".pdf")
}

// drawing is one picture a run renders, and the files it goes into.
type drawing struct {
	single templates.Single
	base   func() []byte // drawingBase of single, shared by its formats
	format string
	names  []string
	err    error // of drawing or writing it
}

// dayFiles are the files of one day, by kind, as its record lists them.
type dayFiles struct {
	Puzzle           []string `json:"puzzle"`
	Solution         []string `json:"solution"`
	PreviousSolution []string `json:"previous_solution,omitempty"`
	Record           string   `json:"record"`
}

// writeDaily renders every day's files on the workers and writes them,
// the records, the feeds and the proof, all or nothing: put in place once
// recorded, the wait for the ledger, says it has the days.
func writeDaily(ctx context.Context, spec *configs.Daily, lay *DailyLayout, opts DailyOptions, outlets []*configs.Outlet,
	dates []time.Time, res *DailyResult, prog *DailyProgress, report func(), recorded func() error) error {
	feedCSV, feedJSON, proof := DailyBatch(spec, outlets, dates)
	res.Feed, res.Proof = feedCSV, proof

	var drawings []*drawing
	seen := map[string]*drawing{}
	fonts := fontsDigest(lay.Fonts)
	draw := func(s templates.Single, base func() []byte, format, name string) string {
		key := fmt.Sprintf("%s %t %q %s", s.Puzzle.ID, s.Solution, s.Heading, format)
		d, ok := seen[key]
		if !ok {
			d = &drawing{single: s, base: base, format: format}
			seen[key] = d
			drawings = append(drawings, d)
		}
		d.names = append(d.names, name)
		return name
	}
	f := spec.Files
	path := func(v configs.PatternValues) string { return filepath.Join(spec.Output, f.Name.Expand(v)) }
	puzzleRunes, solutionRunes := subsetRunes(spec, outlets)
	var records []dayRecord
	var names []string
	for _, d := range res.Days {
		var files dayFiles
		add := func(kind string, day *DailyDay, p DailyPuzzle, solution bool, label configs.Pattern, list *[]string) {
			v := patternValues(d, day, p, kind)
			s := templates.Single{Puzzle: printedIn(spec, p), Heading: label.Expand(labelValues(spec, day, p)), Solution: solution, Words: spec.Words,
				ColumnMM: f.ColumnMM, Fonts: lay.Fonts, Date: day.Date, Runes: puzzleRunes}
			if solution {
				s.Runes = solutionRunes
			}
			base := sync.OnceValue(func() []byte { return drawingBase(s, f.DPI, fonts) })
			for _, format := range f.Formats {
				v.Ext = format
				*list = append(*list, draw(s, base, format, path(v)))
			}
		}
		for _, p := range d.Puzzles {
			add("puzzle", d, p, false, f.Label, &files.Puzzle)
			add("solution", d, p, true, f.SolutionLabel, &files.Solution)
		}
		if f.PreviousSolution && d.Previous != nil {
			for _, p := range d.Previous.Puzzles {
				add("previous-solution", d.Previous, p, true, f.SolutionLabel, &files.PreviousSolution)
			}
		}
		if f.PreviousSolution && d.Previous == nil {
			res.Warnings = append(res.Warnings, fmt.Sprintf("%s %s: no issue before it in the ledger, so no previous solution beside it",
				d.Outlet.Name, d.Date.Format(time.DateOnly)))
		}
		v := patternValues(d, d, DailyPuzzle{Slot: 1, Number: firstNumber(d), Level: firstLevel(d)}, "record")
		v.Slot, v.Ext = "", "json"
		files.Record = path(v)
		records = append(records, newDayRecord(spec, d, files))
		names = append(names, files.Puzzle...)
		names = append(names, files.Solution...)
		names = append(names, files.PreviousSolution...)
		names = append(names, files.Record)
	}
	names = append(names, feedCSV, feedJSON, proof)
	drawn := readDrawn(spec.Output)
	drawnPath := filepath.Join(spec.Output, drawnName)
	if err := RemoveStaleTemps(append(names, drawnPath)...); err != nil {
		return err
	}
	prog.AllFiles = len(names)
	report()

	var out Output
	defer out.Abort()
	// The proof is one long document the workers' files do not need: it
	// is drawn beside them rather than after them. So are the day records
	// and the feed: 730 small files made one after another once the
	// drawings were done took a tenth of a second.
	var proofData bytes.Buffer
	proofErr := beside(func() error { return templates.WriteProof(&proofData, proofOf(spec, lay, opts, res.Days, dates)) })
	defer proofErr() // no return before the proof's goroutine is done
	sideErr := beside(func() error { return addRecords(&out, records, feedCSV, feedJSON) })
	defer sideErr()
	produce := func(send func(*drawing) error) error {
		for _, d := range drawings {
			if err := send(d); err != nil {
				return err
			}
		}
		return nil
	}
	// The workers draw and write (creating a file is the slow part on some
	// disks); the files come back in order only to count them.
	newWork := func() func(*drawing) *drawing {
		var buf bytes.Buffer // the worker's: a drawing's bytes are written before its next
		return func(d *drawing) *drawing {
			key := drawingKey(d.base(), d.format)
			if drawn.unchanged(key, d.names) {
				for _, name := range d.names {
					if d.err = out.keep(name); d.err != nil {
						return d
					}
				}
				return d
			}
			data, err := renderSingle(&buf, d.single, d.format, f.DPI)
			if err != nil {
				d.err = fmt.Errorf("%s: %w", d.names[0], err)
				return d
			}
			drawn.set(key, d.names, data)
			if _, d.err = out.AddBytesOrKeep(d.names[0], data); d.err != nil {
				return d
			}
			for _, name := range d.names[1:] {
				if _, d.err = out.AddCopyOrKeep(name, d.names[0], data); d.err != nil {
					return d
				}
			}
			return d
		}
	}
	err := Ordered(ctx, opts.Workers, produce, newWork, func(d *drawing) error {
		if d.err != nil {
			return d.err
		}
		prog.Files += len(d.names)
		if prog.Files%32 < len(d.names) {
			report()
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := sideErr(); err != nil {
		return err
	}
	res.Unchanged = drawn.kept
	if data, err := drawn.data(); err != nil {
		return err
	} else if _, err := out.AddBytesOrKeep(drawnPath, data); err != nil {
		return err
	}
	if err := proofErr(); err != nil {
		return err
	}
	if _, err := out.AddBytesOrKeep(proof, proofData.Bytes()); err != nil {
		return err
	}
	prog.Files = len(names)
	report()
	if err := recorded(); err != nil {
		return err
	}
	if err := out.Commit(ctx); err != nil {
		return err
	}
	res.Files = names
	return nil
}

// subsetRunes are the runes of every text a puzzle's file, and a
// solution's, of the outlets may set (their labels on each day of a leap
// year, the levels of their rotations and the caption), for each file's
// templates.Single.Runes: the batch's PDFs then share a subset of each
// font, and a day's file is the same bytes whatever range it is made in.
func subsetRunes(spec *configs.Daily, outlets []*configs.Outlet) (puzzle, solution templates.Runes) {
	var bold, regular [2]strings.Builder // puzzles', solutions'
	add := func(i int, s templates.Single) {
		t := templates.SingleText(s)
		bold[i].WriteString(t.Bold)
		regular[i].WriteString(t.Regular)
	}
	year := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, o := range outlets {
		for date := year; date.Year() == year.Year(); date = date.AddDate(0, 0, 1) {
			day := &DailyDay{Outlet: o, Date: date}
			for i, lv := range o.Rotation[date.Weekday()] {
				day.Puzzles = append(day.Puzzles, DailyPuzzle{Slot: i + 1, Level: lv, Number: number(o, date, i+1)})
			}
			for _, p := range day.Puzzles {
				tp := templates.Puzzle{Number: p.Number, ID: "0", Level: levelNamed(spec.Words, spec.Ladder, p.Level)}
				v := labelValues(spec, day, p)
				add(0, templates.Single{Puzzle: tp, Heading: spec.Files.Label.Expand(v), Words: spec.Words})
				add(1, templates.Single{Puzzle: tp, Heading: spec.Files.SolutionLabel.Expand(v), Solution: true, Words: spec.Words})
			}
		}
	}
	runes := func(i int) templates.Runes {
		return templates.Runes{Bold: distinctRunes(bold[i].String()), Regular: distinctRunes(regular[i].String())}
	}
	return runes(0), runes(1)
}

// distinctRunes is s with each rune once, where it first comes.
func distinctRunes(s string) string {
	seen := map[rune]bool{}
	var b strings.Builder
	for _, r := range s {
		if !seen[r] {
			seen[r] = true
			b.WriteRune(r)
		}
	}
	return b.String()
}

// beside runs f in a goroutine of its own and returns a wait for its
// error, which may be called again (a deferred wait after a checked one).
func beside(f func() error) (wait func() error) {
	done := make(chan error, 1)
	go func() { done <- f() }()
	return func() error {
		err := <-done
		done <- err
		return err
	}
}

// addRecords adds each day's record and the batch's feed (CSV and JSON)
// to out.
func addRecords(out *Output, records []dayRecord, feedCSV, feedJSON string) error {
	for _, r := range records {
		data, err := json.MarshalIndent(r, "", "  ")
		if err != nil {
			return err
		}
		if _, err := out.AddBytesOrKeep(r.path, append(data, '\n')); err != nil {
			return err
		}
	}
	var feed bytes.Buffer
	if err := writeFeedCSV(&feed, records); err != nil {
		return err
	}
	if _, err := out.AddBytesOrKeep(feedCSV, feed.Bytes()); err != nil {
		return err
	}
	data, err := json.MarshalIndent(records, "", "  ")
	if err != nil {
		return err
	}
	_, err = out.AddBytesOrKeep(feedJSON, append(data, '\n'))
	return err
}

// patternValues are a file name's values: the outlet's slug, the date of
// day d (whose files they are), and what p, of day day, is.
func patternValues(d, day *DailyDay, p DailyPuzzle, kind string) configs.PatternValues {
	return configs.PatternValues{Outlet: d.Outlet.Slug, Date: d.Date, Kind: kind, Slot: slotText(day, p.Slot),
		Number: p.Number, Level: DisplayLevel(p.Level)}
}

// labelValues are a printed label's values: the outlet's name and what p,
// of day day, is, in the spec's language.
func labelValues(spec *configs.Daily, day *DailyDay, p DailyPuzzle) configs.PatternValues {
	return configs.PatternValues{Outlet: day.Outlet.Name, Date: day.Date, Slot: slotText(day, p.Slot), Number: p.Number,
		Level: levelNamed(spec.Words, spec.Ladder, p.Level), Words: spec.Words}
}

// printedIn is Printed with the level named in the spec's language.
func printedIn(spec *configs.Daily, p DailyPuzzle) templates.Puzzle {
	tp := Printed(p)
	tp.Level = levelNamed(spec.Words, spec.Ladder, p.Level)
	return tp
}

// slotText is {slot}: nothing on a day of one puzzle, else "-N".
func slotText(day *DailyDay, slot int) string {
	if len(day.Puzzles) <= 1 {
		return ""
	}
	return "-" + strconv.Itoa(slot)
}

func firstNumber(d *DailyDay) int {
	if len(d.Puzzles) == 0 {
		return 0
	}
	return d.Puzzles[0].Number
}

func firstLevel(d *DailyDay) string {
	if len(d.Puzzles) == 0 {
		return ""
	}
	return d.Puzzles[0].Level
}

// Printed is a daily puzzle as templates draws it (the desk draws an
// archived puzzle so too).
func Printed(p DailyPuzzle) templates.Puzzle {
	return templates.Puzzle{Number: p.Number, ID: p.Puzzle.ID[:8], Level: DisplayLevel(p.Level), Variant: p.Puzzle.Variant, Symbols: p.Symbols,
		Givens: p.Puzzle.Givens, Solution: p.Puzzle.Solution}
}

// renderSingle draws one puzzle in format, into b (reset first) for the
// formats drawn here: the bytes returned may be b's memory.
func renderSingle(b *bytes.Buffer, s templates.Single, format string, dpi int) ([]byte, error) {
	b.Reset()
	var err error
	switch format {
	case "pdf":
		err = templates.WriteSinglePDF(b, s)
	case "svg":
		err = templates.WriteSingleSVG(b, s)
	case "png":
		err = templates.WriteSinglePNG(b, s, dpi)
	case "eps":
		if err = templates.WriteSingleSVG(b, s); err == nil {
			return eps(b.Bytes(), s.Date)
		}
	case "ipuz":
		return singleIpuz(s)
	default:
		err = fmt.Errorf("no format %q", format)
	}
	return b.Bytes(), err
}

// eps turns a puzzle's SVG into EPS with epsTool. cairo stamps the
// clock's time in the %%CreationDate comment; it says date instead, so
// that the same puzzle gives the same bytes.
func eps(svg []byte, date time.Time) ([]byte, error) {
	cmd := exec.Command(epsTool, "--format", "eps")
	cmd.Stdin = bytes.NewReader(svg)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s --format eps: %v: %s", epsTool, err, bytes.TrimSpace(stderr.Bytes()))
	}
	return creationDate.ReplaceAll(out, []byte("%%CreationDate: "+date.Format(time.DateOnly))), nil
}

// creationDate is the DSC comment that dates a PostScript file.
var creationDate = regexp.MustCompile(`(?m)^%%CreationDate: [^\r\n]*`)

// dayRecord is one day of an outlet as its JSON record and the feed say
// it.
type dayRecord struct {
	Date      string            `json:"date"`
	Weekday   string            `json:"weekday"`
	Outlet    string            `json:"outlet"`
	Puzzles   []recordPuzzle    `json:"puzzles"`
	Previous  *recordPrevious   `json:"previous,omitempty"`
	Withdrawn []recordWithdrawn `json:"withdrawn,omitempty"`
	Files     dayFiles          `json:"files"`
	path      string            // the record's own file
}

type recordPuzzle struct {
	Slot      int            `json:"slot"`
	Number    int            `json:"number"`
	Level     string         `json:"level"`
	Puzzle    string         `json:"puzzle"`
	Solution  string         `json:"solution"`
	ArchiveID string         `json:"archive_id"`
	Ratings   map[string]any `json:"ratings"`
	Rater     string         `json:"rater"`
	// Variant is a variant puzzle's key (a jigsaw's with its layout),
	// and Symbols its print style; both absent for classic.
	Variant string `json:"variant,omitempty"`
	Symbols string `json:"symbols,omitempty"`
	// Cages are a killer's cages, each with its sum and cells (row-major
	// from 0), as the killer's JSON form writes them; absent for others.
	Cages []variant.Cage `json:"cages,omitempty"`
}

// recordPrevious is the issue whose solution is printed beside the day's
// puzzle.
type recordPrevious struct {
	Date       string   `json:"date"`
	ArchiveIDs []string `json:"archive_ids"`
}

type recordWithdrawn struct {
	Slot      int    `json:"slot"`
	ArchiveID string `json:"archive_id"`
	Puzzle    string `json:"puzzle"`
	Withdrawn string `json:"withdrawn"`
	Why       string `json:"why"`
}

func newDayRecord(spec *configs.Daily, d *DailyDay, files dayFiles) dayRecord {
	rel := func(names []string) []string {
		out := make([]string, len(names))
		for i, n := range names {
			out[i] = relName(spec, n)
		}
		return out
	}
	r := dayRecord{Date: d.Date.Format(time.DateOnly), Weekday: d.Date.Weekday().String(), Outlet: d.Outlet.Name, path: files.Record,
		Files: dayFiles{Puzzle: rel(files.Puzzle), Solution: rel(files.Solution), PreviousSolution: rel(files.PreviousSolution),
			Record: relName(spec, files.Record)}}
	for _, p := range d.Puzzles {
		r.Puzzles = append(r.Puzzles, recordPuzzle{Slot: p.Slot, Number: p.Number, Level: p.Level, Puzzle: p.Puzzle.Line(p.Puzzle.Givens),
			Solution: p.Puzzle.Line(p.Puzzle.Solution), ArchiveID: p.Puzzle.ID, Ratings: ratingsJSON(p.Puzzle.Ratings.Ratings), Rater: p.Puzzle.Ratings.Rater,
			Variant: variantKey(p.Puzzle), Symbols: p.Symbols, Cages: p.Puzzle.Geometry().Cages})
	}
	if d.Previous != nil {
		r.Previous = &recordPrevious{Date: d.Previous.Date.Format(time.DateOnly)}
		for _, p := range d.Previous.Puzzles {
			r.Previous.ArchiveIDs = append(r.Previous.ArchiveIDs, p.Puzzle.ID)
		}
	}
	for _, w := range d.Withdrawn {
		r.Withdrawn = append(r.Withdrawn, recordWithdrawn{Slot: w.Slot, ArchiveID: w.Puzzle.ID, Puzzle: w.Puzzle.Line(w.Puzzle.Givens), Withdrawn: w.Withdrawn, Why: w.Why})
	}
	return r
}

// relName is a file's name inside the output folder, with '/', as a feed
// and a record give it.
func relName(spec *configs.Daily, name string) string {
	rel, err := filepath.Rel(spec.Output, name)
	if err != nil {
		return filepath.ToSlash(name)
	}
	return filepath.ToSlash(rel)
}

// feedColumns are the CSV feed's columns: a row a puzzle.
var feedColumns = append([]string{"date", "weekday", "outlet", "slot", "number", "level", "archive_id", "puzzle", "solution"},
	append(slices.Clone(rate.Columns), "puzzle_files", "solution_files", "previous_solution_files", "record")...)

func writeFeedCSV(w io.Writer, records []dayRecord) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(feedColumns); err != nil {
		return err
	}
	for _, r := range records {
		for i, p := range r.Puzzles {
			row := []string{r.Date, r.Weekday, r.Outlet, strconv.Itoa(p.Slot), strconv.Itoa(p.Number), p.Level, p.ArchiveID, p.Puzzle, p.Solution}
			for _, col := range rate.Columns {
				row = append(row, fmt.Sprint(p.Ratings[col]))
			}
			per := len(r.Files.Puzzle) / max(len(r.Puzzles), 1)
			row = append(row, strings.Join(r.Files.Puzzle[i*per:(i+1)*per], " "), strings.Join(r.Files.Solution[i*per:(i+1)*per], " "),
				strings.Join(r.Files.PreviousSolution, " "), r.Files.Record)
			if err := cw.Write(row); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// proofOf is the editor's proof: a section an outlet, its days in order,
// each puzzle beside its solution.
func proofOf(spec *configs.Daily, lay *DailyLayout, opts DailyOptions, days []*DailyDay, dates []time.Time) templates.Proof {
	w := spec.Words
	layout := w.Text("proof.date")
	pr := templates.Proof{Title: w.Fill("proof.of", "file", filepath.Base(spec.File)),
		Subtitle: w.Fill("proof.dates", "from", w.Date(dates[0], layout), "to", w.Date(dates[len(dates)-1], layout), "seed", opts.Seed),
		Date:     dates[0], Fonts: lay.Fonts, Words: w}
	for _, d := range days {
		if len(pr.Sections) == 0 || pr.Sections[len(pr.Sections)-1].Name != d.Outlet.Name {
			pr.Sections = append(pr.Sections, templates.ProofSection{Name: d.Outlet.Name})
		}
		sec := &pr.Sections[len(pr.Sections)-1]
		for _, p := range d.Puzzles {
			sec.Days = append(sec.Days, templates.ProofDay{Label: spec.Files.Label.Expand(labelValues(spec, d, p)), Puzzle: printedIn(spec, p)})
		}
	}
	return pr
}

// variantKey is a variant puzzle's key for the files that carry it, ""
// for classic.
func variantKey(p store.Puzzle) string {
	if p.Variant == nil {
		return ""
	}
	return p.Variant.Key()
}
