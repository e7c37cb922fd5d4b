package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gomono"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/pipeline"
)

// TestLayoutGolden runs layout command lines that fail (or print help) and
// compares their whole output with testdata/NAME.golden, the temporary
// output directory written as $TMP. None may leave a file behind.
func TestLayoutGolden(t *testing.T) {
	const noSolution = "4...3.......6..8..........7....5..9..8....6...7.2........1.27..5.3....4.9........\n"
	tests := []struct {
		name  string
		stdin string
		args  []string
	}{
		{"help-layout", "", []string{"help", "layout"}},
		{"layout-no-output", "", []string{"layout", "testdata/layout.txt"}},
		{"layout-not-pdf", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.txt"}},
		{"layout-bad-trim", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--trim", "9x"}},
		{"layout-bad-per-page", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--per-page", "3"}},
		{"layout-large-per-page", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--large-print", "--per-page", "4"}},
		{"layout-bad-solutions-per-page", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--solutions-per-page", "8"}},
		{"layout-bad-date", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--date", "2026-13-01"}},
		{"layout-bad-dpi", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--png", "$TMP/png", "--dpi", "10"}},
		{"layout-bad-font", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--font", "testdata/layout.txt"}},
		{"layout-missing-font", "", []string{"layout", "testdata/layout.txt", "-o", "$TMP/book.pdf", "--font", "testdata/no-such-font.ttf"}},
		{"layout-bad-puzzle", "", []string{"layout", "testdata/layout.txt", "testdata/bad.txt", "-o", "$TMP/book.pdf"}},
		{"layout-not-unique", "", []string{"layout", "testdata/solve.txt", "-o", "$TMP/book.pdf"}},
		{"layout-no-solution", noSolution, []string{"layout", "-o", "$TMP/book.pdf", "--svg", "$TMP/svg"}},
		{"layout-missing-file", "", []string{"layout", "testdata/layout.txt", "testdata/no-such-file.txt", "-o", "$TMP/book.pdf"}},
		{"layout-empty", "# nothing but a comment\n", []string{"layout", "-o", "$TMP/book.pdf"}},
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
			if left, _ := os.ReadDir(tmp); len(left) > 0 {
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
