package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/store"
)

var buildCommand = command{
	name:    "build",
	summary: "make a book from a YAML spec: generate, rate, deduplicate, select, lay out",
	usage: `usage: pressrun build [flags] SPEC.yaml

Build makes the book SPEC.yaml describes (see configs/classic-book.yaml, or
'pressrun init' for a commented starter). For each section it takes the
archive's unpublished puzzles at the level first, then generates and rates
more on --workers goroutines until enough lie inside the section's IQR
fence; every candidate is archived (an isomorph of an archived puzzle
never enters twice). It lays out the PDF, records the book and every
placement in the archive's ledger, so that no later book or daily issue
prints them again, and writes beside the PDF:

  BOOK.json         the manifest: every puzzle's id, section, number, page,
                    grid positions, all its ratings and its certificate;
                    each section's fence and candidates; the spec's
                    checksum, the seed and the PDF's SHA-256
  BOOK-report.png   each section's spread of the fence metric, the fence
                    and the kept puzzles

The spec is checked whole first: every problem is reported as
FILE:LINE: field: problem and nothing is opened or written (exit status
2). The same spec and seed on an empty archive give the same bytes for any
number of workers; without a seed in the spec one is chosen and printed.
Interrupted, a build keeps every puzzle it rated in the archive and leaves
no half-written file; run it again to complete the book. Run on a book it
finished already (the PDF is in the ledger), it writes nothing new.`,
	setup: setupBuild,
}

func setupBuild(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	workers := workersFlag(fs, "generate and rate on")
	archive := fs.String("archive", "", "the archive `FILE` (default: $"+archiveEnv+", else the spec's archive:, else\npressrun.db beside the spec)")
	output := fs.String("output", "", "write the book to `FILE`.pdf (default: the spec's output:)")
	date := fs.String("date", "", "the book's `DATE` as YYYY-MM-DD (default: the spec's date:, else\nSOURCE_DATE_EPOCH, else today)")
	dryRun := fs.Bool("dry-run", false, "check the spec and print the plan; make and write nothing")
	quiet := fs.Bool("quiet", false, "no progress bars and no summary, only errors")
	printerName := fs.String("printer", "kdp", "check the files against `PRINTER`'s rules before writing them: "+strings.Join(pipeline.PrinterNames(), ", ")+",\nor none")
	return archiveErrors(func(ctx context.Context, e *env, args []string) error {
		if len(args) != 1 {
			return usagef("pressrun build configs/classic-book.yaml", "build takes one spec file")
		}
		printer, err := printerNamed(*printerName)
		if err != nil {
			return err
		}
		spec, err := configs.LoadBook(args[0])
		if spec == nil {
			return specProblems(e, err, bookSpecHint)
		}
		spec.Archive = archivePath(*archive, spec.Archive)
		if *output != "" {
			if !strings.EqualFold(filepath.Ext(*output), ".pdf") {
				return usagef("the manifest and the report go beside it", "--output %s: the name must end in .pdf", *output)
			}
			spec.Output = *output
		}
		when := *date
		if when == "" && spec.Date != nil {
			when = spec.Date.Format("2006-01-02")
		}
		day, derr := bookDate(when)
		if derr != nil {
			return derr
		}
		book, cerr := pipeline.CheckBook(spec, day, version)
		if err := configs.Join(err, cerr); err != nil {
			return specProblems(e, err, bookSpecHint)
		}
		if *dryRun {
			return printPlan(ctx, e, spec)
		}
		opts := pipeline.BuildOptions{Date: day, Version: version, Workers: *workers, Printer: printer}
		opts.Seed = specSeed(e, spec.Seed, spec.File, "this book")
		start := time.Now()
		var bars *progressBars
		if !*quiet && isTerminal(e.stderr) {
			bars = newProgressBars(ctx, e.stderr, spec)
			opts.Progress = bars.update
		}
		res, err := pipeline.Build(ctx, spec, book, opts)
		if bars != nil {
			bars.stop(err == nil)
		}
		if errors.Is(err, context.Canceled) {
			return keeping(err, fmt.Sprintf("every puzzle rated so far, in %s; run the same build again to complete the book", store.Shown(spec.Archive)))
		}
		var pe *pipeline.PreflightError
		if errors.As(err, &pe) {
			writePreflight(e.stderr, pe.Preflight, "")
			return &hintedError{err: err, hint: "fix what the errors say in the spec, or pass --printer none to write the files unchecked"}
		}
		var se *pipeline.SectionError
		if errors.As(err, &se) {
			return &hintedError{err: err, hint: sectionHint(spec, se)}
		}
		if err != nil {
			return err
		}
		if !*quiet {
			writeSummary(e.stderr, spec, res, time.Since(start))
		}
		return nil
	})
}

// printerNamed is --printer's printer, nil for none.
func printerNamed(name string) (*pipeline.Printer, error) {
	if name == "none" {
		return nil, nil
	}
	p, ok := pipeline.FindPrinter(name)
	if !ok {
		return nil, usagef("--printer kdp checks for Amazon KDP, --printer ingram for IngramSpark", "--printer %q: want %s or none", name, strings.Join(pipeline.PrinterNames(), ", "))
	}
	return &p, nil
}

// specSeed is the spec's seed, or one chosen and printed with how to
// make the same what again.
func specSeed(e *env, seed *uint64, file, what string) uint64 {
	if seed != nil {
		return *seed
	}
	s := rand.Uint64() >> 1 // the archive keeps seeds as signed 64-bit integers
	fmt.Fprintf(e.stderr, "pressrun: seed %d (put \"seed: %d\" in %s to make %s again)\n", s, s, file, what)
	return s
}

// The hints for a spec with problems.
const (
	bookSpecHint  = "fix the spec and run build again; 'pressrun init' writes a commented example"
	dailySpecHint = "fix the spec and run daily again; configs/daily-newspaper.yaml is a commented example"
)

// specProblems prints each problem of a spec on its own line and returns
// bad input, with hint.
func specProblems(e *env, err error, hint string) error {
	var errs configs.Errors
	if !errors.As(err, &errs) {
		return err
	}
	for _, p := range errs {
		fmt.Fprintf(e.stderr, "%s\n", p)
	}
	return usagef(hint, "%s: nothing was made", plural(len(errs), "problem"))
}

func sectionHint(spec *configs.Book, se *pipeline.SectionError) string {
	sec := spec.Sections[se.Section]
	switch {
	case sec.CluesMax > 0 && sec.Minimal:
		return fmt.Sprintf("widen or drop sections[%d].clues (%d-%d), or set minimal: false: minimal puzzles outside the range are dropped", se.Section, sec.CluesMin, sec.CluesMax)
	case sec.CluesMax > 0:
		return fmt.Sprintf("widen or drop sections[%d].clues (%d-%d): a puzzle dug with more givens is dropped, and givens added to reach %d make it easier, so few %s puzzles fit",
			se.Section, sec.CluesMin, sec.CluesMax, sec.CluesMin, sec.Level)
	case errors.Is(se.Err, level.ErrNoPuzzle):
		return fmt.Sprintf("this level is rare among random puzzles with %s symmetry: try symmetry none or another level", sec.Symmetry)
	}
	return "lower the count, or use fence: tukey or a larger iqr.k, so that more candidates lie inside the fence"
}

// printPlan is --dry-run: the sections, what they need, and what the
// archive could give now.
func printPlan(ctx context.Context, e *env, spec *configs.Book) error {
	w := e.stdout
	fmt.Fprintf(w, "book      %q, %s\n", spec.Title, spec.File)
	fmt.Fprintf(w, "output    %s (manifest and report beside it)\n", spec.Output)
	fmt.Fprintf(w, "archive   %s\n", store.Shown(spec.Archive))
	seed := "none: one will be chosen and printed"
	if spec.Seed != nil {
		seed = fmt.Sprint(*spec.Seed)
	}
	fmt.Fprintf(w, "seed      %s\n", seed)
	fmt.Fprintf(w, "fence     %s, k %g, on %s\n\n", spec.IQR.Fence, spec.IQR.K, spec.IQR.Metric)
	reusable, err := pipeline.Reusable(ctx, spec)
	if err != nil {
		return err
	}
	// The kind of each section, when the book has any but classic: a
	// classic book's plan is as it was.
	kind := func(string) string { return "" }
	for _, s := range spec.Sections {
		if !s.Kind.IsClassic() {
			kind = func(k string) string { return fmt.Sprintf("%-11s ", k) }
		}
	}
	fmt.Fprintf(w, "%-3s %-20s %s%-8s %6s %-14s %-10s %-13s %10s %9s\n", "#", "title", kind("variant"),
		"level", "count", "order", "symmetry", "clues", "reusable", "to make")
	total := 0
	for i, s := range spec.Sections {
		title := pipeline.PlanTitle(s)
		clues := "any"
		switch {
		case s.Kind.IsKiller() && s.CluesMax == 0:
			clues = "none" // a killer's cages are its clues
		case s.CluesMax > 0:
			clues = fmt.Sprintf("%d-%d", s.CluesMin, s.CluesMax)
		}
		make := max(0, pipeline.FirstRound(s.Count)-reusable[i])
		total += s.Count
		lv := s.Level
		if lv == "" {
			lv = "-" // a chapter at no level: its title names its technique
		}
		fmt.Fprintf(w, "%-3d %-20s %s%-8s %6d %-14s %-10s %-13s %10d %9s\n", i+1, title, kind(s.Kind.String()), lv, s.Count, s.Order, s.Symmetry, clues, reusable[i], fmt.Sprintf("~%d", make))
	}
	fmt.Fprintf(w, "\n%d puzzles in %s. 'to make' is the first round of candidates; more follow while too few lie inside the fence.\n",
		total, plural(len(spec.Sections), "section"))
	return nil
}

func writeSummary(w io.Writer, spec *configs.Book, res *pipeline.BuildResult, took time.Duration) {
	m := res.Manifest
	if res.Already {
		fmt.Fprintf(w, "pressrun: build: %s is already this spec's book (book %d in %s, %d puzzles): nothing to do\n",
			res.PDF, res.BookID, store.Shown(spec.Archive), len(m.Puzzles))
		return
	}
	for _, s := range m.Sections {
		f := s.Fence
		fence := "no fence"
		if f.Low != nil {
			fence = fmt.Sprintf("%s fence [%.4g, %.4g] (Q1 %.4g, median %.4g, Q3 %.4g)", f.Kind, *f.Low, *f.High, f.Q1, f.Median, f.Q3)
		}
		fmt.Fprintf(w, "pressrun: %d. %-12s %3d kept of %d candidates (%d from the archive, %d made), %d outside the %s %s\n",
			s.Index, s.Title, s.Count, f.Candidates, s.Reused, s.Made, f.Rejected, f.Metric, fence)
	}
	note := ""
	if m.PaddingPages > 0 {
		note = fmt.Sprintf(" (with %s)", plural(m.PaddingPages, "notes page"))
	}
	fmt.Fprintf(w, "pressrun: build: wrote %s: %d pages%s, %s, in %.1fs\n", res.PDF, m.Pages, note, plural(len(m.Puzzles), "puzzle"), took.Seconds())
	fmt.Fprintf(w, "pressrun: build: manifest %s, report %s; recorded as book %d in %s\n", res.JSON, res.Report, res.BookID, store.Shown(spec.Archive))
	if res.Cover != "" {
		fmt.Fprintf(w, "pressrun: build: cover %s\n", res.Cover)
	}
	if res.Preflight != nil {
		writePreflight(w, res.Preflight, res.PreflightFile)
	}
	for _, warn := range m.Warnings {
		fmt.Fprintf(w, "pressrun: build: warning: %s\n", warn)
	}
}

// progressBars draws a bar a section on a terminal: candidates made (up
// to the count), reused from the archive, inside the fence, duplicates,
// and the time left.
type progressBars struct {
	p    *mpb.Progress
	bars []*mpb.Bar
	mu   sync.Mutex // last is written by the build and read by mpb's goroutine
	last []pipeline.SectionProgress
}

func newProgressBars(ctx context.Context, w io.Writer, spec *configs.Book) *progressBars {
	pb := &progressBars{p: mpb.NewWithContext(ctx, mpb.WithOutput(w), mpb.WithWidth(32), mpb.WithRefreshRate(120*time.Millisecond))}
	pb.last = make([]pipeline.SectionProgress, len(spec.Sections))
	for i, s := range spec.Sections {
		i := i
		title := pipeline.PlanTitle(s)
		bar := pb.p.AddBar(int64(s.Count),
			mpb.PrependDecorators(decor.Name(fmt.Sprintf("%-12s", title)), decor.CountersNoUnit("%3d/%3d")),
			mpb.AppendDecorators(decor.Any(func(decor.Statistics) string {
				pb.mu.Lock()
				st := pb.last[i]
				pb.mu.Unlock()
				return fmt.Sprintf("made %d, reused %d, inside the fence %d, duplicates %d", st.Made, st.Reused, st.Inside, st.Duplicates)
			}), decor.OnComplete(decor.EwmaETA(decor.ET_STYLE_GO, 30, decor.WCSyncSpace), " done")))
		pb.bars = append(pb.bars, bar)
	}
	return pb
}

func (pb *progressBars) update(st pipeline.SectionProgress) {
	pb.mu.Lock()
	pb.last[st.Section] = st
	pb.mu.Unlock()
	bar := pb.bars[st.Section]
	// While a round runs only the candidates made are known; the fence
	// sorts them when the round ends.
	done := min(st.Made+st.Reused, st.Count)
	if st.Done {
		done = st.Count
	}
	bar.EwmaSetCurrent(int64(done), 100*time.Millisecond)
}

func (pb *progressBars) stop(ok bool) { stopBars(pb.p, pb.bars, ok) }

// stopBars ends a set of progress bars: those not complete, or every one
// when the work failed, are left as they stand.
func stopBars(p *mpb.Progress, bars []*mpb.Bar, ok bool) {
	for _, b := range bars {
		if !ok || !b.Completed() {
			b.Abort(false)
		}
	}
	p.Wait()
}

// writePreflight prints the preflight's summary and its warnings and
// errors; every check when it failed (file "": it was not written).
func writePreflight(w io.Writer, p *pipeline.Preflight, file string) {
	fmt.Fprintf(w, "pressrun: preflight for %s: %s, %s", p.Printer.Title, plural(p.Count(pipeline.Fail), "error"), plural(p.Count(pipeline.Warn), "warning"))
	if file != "" {
		fmt.Fprintf(w, ", %d checks passed (the checklist: %s)", p.Count(pipeline.Pass), file)
	}
	fmt.Fprintln(w)
	for _, c := range p.Checks {
		if file == "" || c.Severity != pipeline.Pass {
			fmt.Fprintf(w, "pressrun: preflight: %-7s %s: %s\n", c.Severity, c.Name, c.Detail)
		}
	}
}
