package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/image/font/gofont/gomono"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/templates"
	"github.com/pressrun/pressrun/templates/pdfcheck"
)

// TestLayoutGolden runs layout command lines and compares their whole
// output with testdata/NAME.golden, the temporary output directory written
// as $TMP. Those that fail (or print help) may not leave a file behind.
func TestLayoutGolden(t *testing.T) {
	const noSolution = "4...3.......6..8..........7....5..9..8....6...7.2........1.27..5.3....4.9........\n"
	tests := []struct {
		name   string
		stdin  string
		args   []string
		writes bool
	}{
		{"help-layout", "", []string{"help", "layout"}, false},
		{"layout-no-output", "", []string{"layout", "testdata/layout.txt"}, false},
		{"layout-not-pdf", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.txt"}, false},
		{"layout-bad-trim", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--trim", "9x"}, false},
		{"layout-bad-per-page", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--per-page", "3"}, false},
		{"layout-large-per-page", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--large-print", "--per-page", "4"}, false},
		{"layout-bad-solutions-per-page", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--solutions-per-page", "8"}, false},
		{"layout-bad-date", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--date", "2026-13-01"}, false},
		{"layout-bad-dpi", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--png", "$TMP/png", "--dpi", "10"}, false},
		{"layout-bad-font", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--font", "testdata/layout.txt"}, false},
		{"layout-missing-font", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--font", "testdata/no-such-font.ttf"}, false},
		{"layout-bad-puzzle", "", []string{"layout", "testdata/layout.txt", "testdata/bad.txt", "-o", "$TMP/book.pdf"}, false},
		{"layout-not-unique", "", []string{"layout", "testdata/solve.txt", "-o", "$TMP/book.pdf"}, false},
		{"layout-no-solution", noSolution, []string{"layout", "-o", "$TMP/book.pdf", "--svg", "$TMP/svg"}, false},
		{"layout-missing-file", "", []string{"layout", "testdata/layout.txt", "testdata/no-such-file.txt", "-o", "$TMP/book.pdf"}, false},
		{"layout-empty", "# nothing but a comment\n", []string{"layout", "-o", "$TMP/book.pdf"}, false},
		// A folder for the singles that is a file: the PDF and manifest,
		// written before, are not left either; the message names the
		// output, not its temporary file.
		{"layout-svg-not-folder", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--svg", "testdata/layout.txt"}, false},
		{"layout-duplicates", "", []string{"layout", "testdata/layout.txt", "testdata/layout-repeats.txt", "-o", "$TMP/book.pdf"}, false},
		{"layout-allow-duplicates", "", []string{"layout", "testdata/layout.txt", "testdata/layout-repeats.txt", "-o", "$TMP/book.pdf", "--allow-duplicates"}, true},
		// ü and — are in the Go fonts, 数 and 独 are not: refused, not printed as "?".
		{"layout-missing-glyph", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--title", "Sudoku für Anfänger — 数独"}, false},
		// 5x8 at 4 a page: cells of 15 pt, smaller than a reader writes in.
		{"layout-small-cells", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--trim", "5x8"}, true},
		// SVG and PNG in one folder: said once, with both counted.
		{"layout-same-folder", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--svg", "$TMP/web", "--png", "$TMP/web/", "--dpi", "50"}, true},
		// --variant: a count a page that leaves a 16x16's cells too small
		// is refused naming its flag, a trim too small for one naming
		// --trim; without the flags a 16x16 goes one a page.
		{"layout-variant-per-page", "", []string{"layout", "--variant", "16x16", "testdata/layout-16x16.txt", "-o", "$TMP/book.pdf", "--per-page", "6"}, false},
		{"layout-variant-small-trim", "", []string{"layout", "--variant", "16x16", "testdata/layout-16x16.txt", "-o", "$TMP/book.pdf", "--trim", "3x4"}, false},
		{"layout-variant-16x16", "", []string{"layout", "--variant", "16x16", "testdata/layout-16x16.txt", "-o", "$TMP/book.pdf", "--symbols", "0-F"}, true},
		{"layout-variant-bad-symbols", "", []string{"layout", "--variant", "16x16", "testdata/layout-16x16.txt", "-o", "$TMP/book.pdf", "--symbols", "0-5"}, false},
		{"layout-symbols-classic", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--symbols", "A-P"}, false},
		{"layout-variant-levels-classic", "", []string{"layout", "--variant", "6x6", "testdata/layout-6x6.txt", "-o", "$TMP/book.pdf", "--levels", "testdata/levels-never.yaml"}, false},
		{"layout-variant-not-unique", "......463.....1..4....5.3....5..5...\n", []string{"layout", "--variant", "6x6", "-o", "$TMP/book.pdf"}, false},
		{"layout-variant-wrong-kind", "", []string{"layout", "--variant", "6x6", "testdata/layout-x.txt", "-o", "$TMP/book.pdf"}, false},
		{"layout-variant-duplicates", "", []string{"layout", "--variant", "jigsaw", "testdata/layout-jigsaw.txt", "testdata/layout-jigsaw.txt", "-o", "$TMP/book.pdf"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tmp := t.TempDir()
			args := make([]string, len(tt.args))
			for i, a := range tt.args {
				args[i] = strings.ReplaceAll(a, "$TMP", tmp)
			}
			r := pressrun(t, tt.stdin, args...)
			got := "$ pressrun " + strings.Join(tt.args, " ") + "\n" +
				"exit " + strconv.Itoa(r.code) + "\n" +
				"-- stdout --\n" + strings.ReplaceAll(r.stdout, tmp, "$TMP") +
				"-- stderr --\n" + strings.ReplaceAll(r.stderr, tmp, "$TMP")
			golden := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			} else if want, err := os.ReadFile(golden); err != nil {
				t.Fatalf("%v (run go test ./cmd/pressrun -update to create it)", err)
			} else if got != string(want) {
				t.Errorf("output differs from %s (go test ./cmd/pressrun -update rewrites it)\ngot:\n%s\nwant:\n%s", golden, got, want)
			}
			if left, _ := os.ReadDir(tmp); len(left) > 0 && !tt.writes {
				t.Errorf("a failed layout left %v in its output directory", left)
			}
		})
	}
}

// layoutManifest is the part of the manifest the CLI tests read.
type layoutManifest struct {
	Pages   int `json:"pages"`
	Puzzles []struct {
		Number         int        `json:"number"`
		ID             string     `json:"id"`
		Level          string     `json:"level"`
		Puzzle         string     `json:"puzzle"`
		Solution       string     `json:"solution"`
		Page           int        `json:"page"`
		GridPt         [3]float64 `json:"grid_pt"`
		SolutionPage   int        `json:"solution_page"`
		SolutionGridPt [3]float64 `json:"solution_grid_pt"`
	} `json:"puzzles"`
}

// TestLayoutBook lays out the test puzzles and checks what the files
// promise: the PDF, its manifest beside it with every puzzle solved,
// labelled and placed, the SVGs and PNGs, no temporary file, and the same
// bytes from a second run with the same SOURCE_DATE_EPOCH.
func TestLayoutBook(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1764547200") // 2025-12-01
	tmp := t.TempDir()
	out := filepath.Join(tmp, "out", "book.pdf")
	r := pressrun(t, "", "layout", "testdata/layout.txt", "-o", out, "--stars", "--rating",
		"--svg", filepath.Join(tmp, "svg"), "--png", filepath.Join(tmp, "png"), "--dpi", "72", "--column-mm", "50")
	if r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	if !strings.HasPrefix(r.stderr, "pressrun: layout: wrote "+out+": ") {
		t.Errorf("stderr %q, want it to start with what was written", r.stderr)
	}
	pdf, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) || !bytes.Contains(pdf[len(pdf)-32:], []byte("%%EOF")) {
		t.Errorf("%s is not a whole PDF", out)
	}
	data, err := os.ReadFile(filepath.Join(tmp, "out", "book.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m layoutManifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("manifest: %v", err)
	}
	if m.Pages%2 != 0 || len(m.Puzzles) != 12 {
		t.Errorf("manifest: %d pages, %d puzzles; want an even count and 12", m.Pages, len(m.Puzzles))
	}
	rank := map[string]int{}
	ladder := level.Default()
	for i, l := range ladder {
		rank[pipeline.DisplayLevel(l.Name)] = i
	}
	lastRank := 0
	for i, p := range m.Puzzles {
		g, err := engine.Parse(p.Puzzle)
		if err != nil {
			t.Fatalf("puzzle %d: %v", p.Number, err)
		}
		if n, sol := engine.CountSolutions(g, 2); n != 1 || sol.String() != p.Solution {
			t.Errorf("puzzle %d: solution %s, want the only one", p.Number, p.Solution)
		}
		r, ok := rank[p.Level]
		if !ok || r < lastRank {
			t.Errorf("puzzle %d: level %q after %q: want the levels in order", p.Number, p.Level, pipeline.DisplayLevel(ladder[lastRank].Name))
		}
		lastRank = r
		if p.Number != i+1 || p.ID != pipeline.ShortID(g) || p.Page < 1 || p.Page > m.Pages || p.SolutionPage <= p.Page || p.SolutionPage > m.Pages || p.GridPt[2] <= 0 || p.SolutionGridPt[2] <= 0 {
			t.Errorf("puzzle %d: %+v", i+1, p)
		}
	}
	for _, dir := range []string{"svg", "png"} {
		files, _ := filepath.Glob(filepath.Join(tmp, dir, "sudoku-*."+dir))
		if len(files) != 24 {
			t.Errorf("%s: %d files, want 24 (a puzzle and a solution for each of 12)", dir, len(files))
		}
	}
	for _, dir := range []string{"out", "svg", "png"} {
		hidden, _ := filepath.Glob(filepath.Join(tmp, dir, ".*"))
		if len(hidden) > 0 {
			t.Errorf("temporary files left: %v", hidden)
		}
	}

	again := filepath.Join(tmp, "again.pdf")
	if r := pressrun(t, "", "layout", "testdata/layout.txt", "-o", again, "--stars", "--rating"); r.code != 0 {
		t.Fatalf("second run: exit %d\n%s", r.code, r.stderr)
	}
	if b, _ := os.ReadFile(again); !bytes.Equal(b, pdf) {
		t.Errorf("two runs with the same input and SOURCE_DATE_EPOCH give different PDFs")
	}
}

// TestLayoutFont sets a book in a TrueType file named with --font.
func TestLayoutFont(t *testing.T) {
	tmp := t.TempDir()
	ttf := filepath.Join(tmp, "GoMono.ttf")
	if err := os.WriteFile(ttf, gomono.TTF, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(tmp, "mono.pdf")
	r := pressrun(t, "", "layout", "testdata/layout.txt", "-o", out, "--font", ttf, "--date", "2026-12-01")
	if r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	pdf, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(pdf, []byte("/BaseFont /utf8gomono")) || bytes.Contains(pdf, []byte("/BaseFont /utf8goregular")) {
		t.Errorf("%s: want Go Mono embedded, and no other font", out)
	}
}

// filesUnder lists every file and folder under dir, relative to it.
func filesUnder(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && p != dir {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, rel)
		}
		return nil
	})
	return out
}

// startLayoutUntilPNG starts layout as a process and returns once it is
// writing the PNGs: the PNG folder, made whole under a temporary name
// (.png.PID.RANDOM.tmp), has a file.
func startLayoutUntilPNG(t *testing.T, tmp string) *exec.Cmd {
	t.Helper()
	cmd := pressrunProcess("layout", "testdata/layout.txt", "-o", filepath.Join(tmp, "book.pdf"),
		"--png", filepath.Join(tmp, "png"), "--dpi", "1200")
	cmd.Stderr = new(bytes.Buffer)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		if left, _ := filepath.Glob(filepath.Join(tmp, ".png.*.tmp", "*")); len(left) > 0 {
			return cmd
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatal("layout wrote no PNG in 30 s")
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// Ctrl-C while layout writes the PNGs leaves nothing: no PDF, no
// manifest, no PNG, no temporary file, not the folder it made. A kill -9
// there leaves temporary files and the PNG folder under its temporary
// name, which the next run removes.
func TestLayoutInterrupted(t *testing.T) {
	tmp := t.TempDir()
	cmd := startLayoutUntilPNG(t, tmp)
	cmd.Process.Signal(os.Interrupt)
	cmd.Wait()
	const want = "pressrun: layout: interrupted (Ctrl-C); kept: nothing: a book and its files appear only when all are complete\n"
	if code, got := cmd.ProcessState.ExitCode(), cmd.Stderr.(*bytes.Buffer).String(); code != 130 || got != want {
		t.Errorf("an interrupted layout: exit %d, stderr %q; want 130 and %q", code, got, want)
	}
	if left := filesUnder(t, tmp); len(left) > 0 {
		t.Errorf("an interrupted layout left %v", left)
	}

	cmd = startLayoutUntilPNG(t, tmp)
	cmd.Process.Kill()
	cmd.Wait()
	stale, _ := filepath.Glob(filepath.Join(tmp, ".png.*.tmp"))
	if len(stale) == 0 {
		t.Fatal("kill -9 left no staged folder to clean")
	}
	if r := pressrun(t, "", "layout", "testdata/layout.txt", "-o", filepath.Join(tmp, "book.pdf"), "--png", filepath.Join(tmp, "png"), "--dpi", "50"); r.code != 0 {
		t.Fatalf("the run after kill -9: exit %d\n%s", r.code, r.stderr)
	}
	left := filesUnder(t, tmp)
	for _, f := range left {
		if strings.HasPrefix(filepath.Base(f), ".") {
			t.Errorf("temporary file %s left after the run that followed kill -9", f)
		}
	}
	if len(left) != 3+24 {
		t.Errorf("%d files, want the book, its manifest, the png folder and 24 PNGs: %v", len(left), left)
	}
}

// A read-only folder for the SVGs (as a user other than root): layout
// fails naming the output and the folder, with the cause as a hint, and
// leaves no PDF, no manifest and no temporary file.
func TestLayoutReadOnly(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes into read-only folders; TestLayoutGolden's layout-svg-not-folder covers the failure")
	}
	tmp := t.TempDir()
	ro := filepath.Join(tmp, "ro")
	if err := os.Mkdir(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	r := pressrun(t, "", "layout", "testdata/layout.txt", "-o", filepath.Join(tmp, "ok.pdf"), "--svg", ro)
	want := "pressrun: layout: " + filepath.Join(ro, "sudoku-001.svg") + ": cannot write in " + ro + ": permission denied\n" +
		"pressrun: hint: the folder " + ro + " is not writable by you: write elsewhere, or change its permissions\n"
	if r.code != 1 || r.stderr != want {
		t.Errorf("exit %d, stderr\n%s\nwant exit 1 and\n%s", r.code, r.stderr, want)
	}
	if left := filesUnder(t, tmp); len(left) != 1 {
		t.Errorf("left %v, want only the read-only folder", left)
	}
}

// TestLayoutVariants lays out 6x6, X, jigsaw and 16x16 puzzles with
// --variant: every puzzle is of its kind, unique by the plain exact
// cover, with its solution, its level by the variant rater on the kind's
// ladder (sections easiest first) and the short id of its archive id; a
// 16x16 prints one a page, in the --symbols asked; and every grid read
// back from the PDF with pdftotext -bbox is in the right cells.
func TestLayoutVariants(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1764547200")
	tmp := t.TempDir()
	kit := pipeline.NewVariantKit()
	for _, tt := range []struct {
		kind, symbols string
		puzzles       int
	}{{"6x6", "", 6}, {"x", "", 3}, {"jigsaw", "", 3}, {"16x16", "A-P", 3}} {
		t.Run(tt.kind, func(t *testing.T) {
			out := filepath.Join(tmp, tt.kind+".pdf")
			args := []string{"layout", "--variant", tt.kind, "testdata/layout-" + tt.kind + ".txt", "-o", out, "--stars"}
			if tt.symbols != "" {
				args = append(args, "--symbols", tt.symbols)
			}
			r := pressrun(t, "", args...)
			if r.code != 0 {
				t.Fatalf("exit %d\n%s", r.code, r.stderr)
			}
			data, err := os.ReadFile(filepath.Join(tmp, tt.kind+".json"))
			if err != nil {
				t.Fatal(err)
			}
			var m templates.Manifest
			if err := json.Unmarshal(data, &m); err != nil {
				t.Fatal(err)
			}
			if len(m.Puzzles) != tt.puzzles {
				t.Fatalf("%d puzzles, want %d", len(m.Puzzles), tt.puzzles)
			}
			kind, _ := variant.ForKind(tt.kind)
			ladder := level.For(kind)
			last, pages := 0, map[int]int{}
			for _, p := range m.Puzzles {
				v, err := variant.FromKey(p.Variant)
				if err != nil || v.Name != tt.kind || p.Symbols != tt.symbols {
					t.Fatalf("puzzle %d: variant %q (%v), symbols %q", p.Number, p.Variant, err, p.Symbols)
				}
				g, err := v.Parse(p.Puzzle)
				if err != nil {
					t.Fatal(err)
				}
				if n := enginetest.CoverCount(v.Size, v.Regions, v.Extra, g, 2); n != 1 {
					t.Errorf("puzzle %d: %d solutions by exact cover", p.Number, n)
				}
				a, err := kit.Prepare(variant.Puzzle{Variant: v, Grid: g}, nil)
				if err != nil {
					t.Fatal(err)
				}
				rung := ladder.Index(a.Ratings.Level)
				if p.ID != a.ID[:8] || p.Solution != v.Format(a.Solution) || p.Level != pipeline.DisplayLevel(a.Ratings.Level) || rung < last {
					t.Errorf("puzzle %d: id %s level %s solution %s; want %s, %s (after %s), %s", p.Number, p.ID, p.Level, p.Solution,
						a.ID[:8], a.Ratings.Level, ladder[last].Name, v.Format(a.Solution))
				}
				last = rung
				pages[p.Page]++
			}
			if tt.kind == "16x16" && len(pages) != len(m.Puzzles) {
				t.Errorf("16x16 on a 6x9 trim: %d puzzles on %d pages, want one a page", len(m.Puzzles), len(pages))
			}
			pdfcheck.NeedTools(t, "pdftotext")
			words, _ := pdfcheck.PageWords(t, out)
			if n := pdfcheck.CheckPrinted(t, printedOf(m.Puzzles), words); n != 2*len(m.Puzzles) {
				t.Errorf("%d of %d grids read back", n, 2*len(m.Puzzles))
			}
		})
	}
}

// printedOf is what CheckPrinted holds each placement of a manifest to.
func printedOf(placements []templates.Placement) []pdfcheck.Printed {
	printed := make([]pdfcheck.Printed, len(placements))
	for i, p := range placements {
		printed[i] = pdfcheck.Printed{Number: p.Number, Page: p.Page, SolutionPage: p.SolutionPage, GridPt: p.GridPt,
			SolutionGrid: p.SolutionGridPt, Puzzle: p.Puzzle, Solution: p.Solution, Variant: p.Variant, Symbols: p.Symbols}
	}
	return printed
}
