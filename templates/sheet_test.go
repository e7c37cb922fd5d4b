package templates

import (
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/templates/pdfcheck"
)

// testGattai is a minimal puzzle of the gattai kind, dug from a solution
// drawn by a fixed seed, as a Puzzle.
func testGattai(t testing.TB, kind string) Puzzle {
	t.Helper()
	v, err := variant.Gattai(kind)
	if err != nil {
		t.Fatal(err)
	}
	givens, sol, err := variant.Generate(v, "none", rand.New(rand.NewPCG(4, 4)))
	if err != nil {
		t.Fatal(err)
	}
	return Puzzle{Number: 1, Level: "Hard", Variant: v, Givens: givens, Solution: sol}
}

// TestSheetPDF reads gattai puzzles and their solutions back from their
// single-puzzle PDFs with pdftotext -bbox: every given, then every digit
// of the solution, stands in its cell of the sheet, and nothing stands
// where the sheet has no cell. PRESSRUN_SHEET_PNG=FILE also writes the
// samurai's solution as a PNG, to look at.
func TestSheetPDF(t *testing.T) {
	needTools(t, "pdftotext")
	for _, kind := range variant.GattaiKinds() {
		p := testGattai(t, kind)
		for _, sol := range []bool{false, true} {
			s := Single{Puzzle: p, Solution: sol, Heading: "Saturday", ColumnMM: 180, Date: testDate}
			name := singlePDFFile(t, s)
			l, err := layoutSingle(s)
			if err != nil {
				t.Fatal(err)
			}
			pages, _ := pageWords(t, name)
			got, err := pdfcheck.ReadSheetGrid(pages[0], [3]float64{l.grid.x, l.grid.y, l.grid.w}, p.Variant, classicLabels)
			want := p.Givens
			if sol {
				want = p.Solution
			}
			if err != nil || !slices.Equal(got, want) {
				t.Fatalf("%s, solution %v: read %s (%v), want %s", kind, sol, p.Variant.Format(got), err, p.Variant.Format(want))
			}
		}
	}
	if name := os.Getenv("PRESSRUN_SHEET_PNG"); name != "" {
		f, err := os.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := WriteSinglePNG(f, Single{Puzzle: testGattai(t, "samurai"), ColumnMM: 180, Date: testDate}, 150); err != nil {
			t.Fatal(err)
		}
	}
}
