package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInputGolden: what every command that reads puzzles says about its
// input, the same for each since they share one reader.
func TestInputGolden(t *testing.T) {
	const p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	const q = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."
	const easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	long := p + strings.Repeat(" ", 2<<20) // a 2 MB line
	tests := []struct {
		name  string
		stdin string
		args  []string
	}{
		// A file that cannot be read is a name to check, not bad input to
		// skip: no hint to pass --keep-going.
		{"canon-directory", "", []string{"canon", "testdata"}},

		// A mistyped puzzle given as an argument is a bad puzzle, the same
		// for explain and solve; explain reads standard input without one.
		{"explain-short-puzzle", "", []string{"explain", p[:80]}},
		{"explain-long-puzzle", "", []string{"explain", p + "1"}},
		{"solve-short-puzzle", "", []string{"solve", p[:80], q}},
		{"explain-stdin", easy + "\n", []string{"explain", "--min-rating", "1.5"}},

		// pressrun reads its own TSV and JSON; a bad row names its line.
		{"solve-tsv-input", "index\tpuzzle\tsolution\n0\t" + p + "\t\n1\n2\t" + q + "\t\n", []string{"solve", "--keep-going"}},
		{"canon-json-input", `{"puzzle":"` + p + `","level":"evil"}` + "\n" + `{"level":"easy"}` + "\n" + `{"puzzle":"` + q + `"}` + "\n", []string{"canon", "--keep-going", "-"}},

		// CR alone ends a line; a long line is reported with its length
		// and skipped with --keep-going.
		{"solve-cr", p + "\r" + q + "\r", []string{"solve"}},
		{"solve-long-line", p + "\n" + long + "\n" + q + "\n", []string{"solve", "--keep-going"}},
		{"solve-long-line-stop", long + "\n" + q + "\n", []string{"solve"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			golden(t, tt.name, tt.args, pressrun(t, tt.stdin, tt.args...))
		})
	}
}

// Every command that reads puzzles reads what every command that writes
// them prints, in each format: pressrun generate --format tsv | pressrun
// layout - works, and so does rate --format json | canon -.
func TestReadsOwnOutput(t *testing.T) {
	gen := pressrun(t, "", "generate", "-n", "3", "--seed", "5", "--format", "line")
	if gen.code != 0 {
		t.Fatalf("generate: exit %d: %s", gen.code, gen.stderr)
	}
	want := gen.stdout
	var outputs []string
	for _, cmd := range [][]string{
		{"generate", "-n", "3", "--seed", "5"},
		{"solve", "-"}, {"rate", "-"}, {"canon", "-"},
	} {
		for _, format := range []string{"tsv", "json"} {
			args := append(append([]string{}, cmd...), "--format", format)
			out := pressrun(t, want, args...)
			if out.code != 0 {
				t.Fatalf("%s: exit %d: %s", args, out.code, out.stderr)
			}
			outputs = append(outputs, out.stdout)
			for _, reader := range []string{"solve", "canon", "rate", "explain"} {
				got := pressrun(t, out.stdout, reader, "-")
				if got.code != 0 {
					t.Errorf("pressrun %s | pressrun %s -: exit %d: %s", strings.Join(args, " "), reader, got.code, got.stderr)
				}
			}
			// What the reading got is the puzzles written, in order.
			puzzles := pressrun(t, out.stdout, "solve", "--format", "json")
			for i, line := range strings.Split(strings.TrimSpace(want), "\n") {
				if !strings.Contains(puzzles.stdout, `"puzzle":"`+line+`"`) || strings.Count(puzzles.stdout, "\n") != 3 {
					t.Errorf("%s: puzzle %d not read back:\n%s", args, i+1, puzzles.stdout)
				}
			}
		}
	}
	dir := t.TempDir()
	book := filepath.Join(dir, "book.pdf")
	if r := pressrun(t, outputs[0], "layout", "-", "-o", book); r.code != 0 {
		t.Fatalf("generate --format tsv | layout -: exit %d: %s", r.code, r.stderr)
	}
	if _, err := os.Stat(book); err != nil {
		t.Fatal(err)
	}
}
