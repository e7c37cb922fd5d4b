package engine

import (
	"errors"
	"io"
	"strings"
	"testing"
)

const easyLine = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

func TestParseLine(t *testing.T) {
	g, err := Parse(easyLine)
	if err != nil {
		t.Fatal(err)
	}
	if g[0] != 5 || g[1] != 3 || g[2] != 0 || g[80] != 9 {
		t.Fatalf("cells read wrong: %v", g)
	}
	if got := g.String(); got != easyLine {
		t.Fatalf("String() = %s, want %s", got, easyLine)
	}
	zeros := strings.ReplaceAll(easyLine, ".", "0")
	if g2, err := Parse(zeros); err != nil || g2 != g {
		t.Fatalf("'0' for empty: %v %v", g2, err)
	}
	if g3, err := Parse(easyLine + "\t2.5"); err != nil || g3 != g {
		t.Fatalf("trailing field: %v %v", g3, err)
	}
	if g.Clues() != 30 {
		t.Fatalf("Clues() = %d, want 30", g.Clues())
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		in   string
		want string
	}{
		{easyLine[:80], "found 80 characters"},
		{easyLine + "1", "found 82 characters"},
		{"x" + easyLine[1:], `character 'x' at r1c1`},
		{"55" + easyLine[2:], "digit 5 repeated in row 1 (r1c1, r1c2)"},
		{"5" + strings.Repeat(".", 8) + "5" + strings.Repeat(".", 71), "digit 5 repeated in column 1 (r1c1, r2c1)"},
		{"5" + strings.Repeat(".", 9) + "5" + strings.Repeat(".", 70), "digit 5 repeated in box 1 (r1c1, r2c2)"},
	}
	for _, c := range cases {
		_, err := Parse(c.in)
		if err == nil {
			t.Errorf("Parse(%q) accepted", c.in)
			continue
		}
		if !errors.Is(err, ErrFormat) {
			t.Errorf("Parse(%q) error does not wrap ErrFormat: %v", c.in, err)
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %q, want it to say %q", c.in, err, c.want)
		}
	}
}

func TestReaderFormats(t *testing.T) {
	want := MustParse(easyLine)
	forms := map[string]string{
		"pretty": want.Pretty(),
		"boxed": `+-------+-------+-------+
| 5 3 . | . 7 . | . . . |
| 6 . . | 1 9 5 | . . . |
| . 9 8 | . . . | . 6 . |
+-------+-------+-------+
| 8 . . | . 6 . | . . 3 |
| 4 . . | 8 . 3 | . . 1 |
| 7 . . | . 2 . | . . 6 |
+-------+-------+-------+
| . 6 . | . . . | 2 8 . |
| . . . | 4 1 9 | . . 5 |
| . . . | . 8 . | . 7 9 |
+-------+-------+-------+
`,
		"compact": "530070000\n600195000\n098000060\n800060003\n400803001\n700020006\n060000280\n000419005\n000080079\n",
		"pipes":   "53.|.7.|...\r\n6..|195|...\r\n.98|...|.6.\r\n---+---+---\r\n8..|.6.|..3\r\n4..|8.3|..1\r\n7..|.2.|..6\r\n---+---+---\r\n.6.|...|28.\r\n...|419|..5\r\n...|.8.|.79\r\n",
	}
	for name, text := range forms {
		r := NewReader(strings.NewReader("# a comment\n\n" + text))
		g, line, err := r.Next()
		if err != nil || g != want {
			t.Errorf("%s: got %v line %d err %v", name, g, line, err)
			continue
		}
		// The line reported is the first row's (after the comment, the
		// blank line and, for "boxed", the top rule).
		wantLine := 3
		if name == "boxed" {
			wantLine = 4
		}
		if line != wantLine {
			t.Errorf("%s: starts on line %d, want %d", name, line, wantLine)
		}
		if _, _, err := r.Next(); err != io.EOF {
			t.Errorf("%s: want EOF after the grid, got %v", name, err)
		}
	}
}

// A bad line is reported with its number and reading goes on after it.
func TestReaderKeepsGoing(t *testing.T) {
	in := easyLine + "\n" + easyLine[:70] + "\n" + "55" + easyLine[2:] + "\n" + easyLine + "\n"
	r := NewReader(strings.NewReader(in))
	var lines []int
	var bad []int
	for {
		_, line, err := r.Next()
		if err == io.EOF {
			break
		}
		var pe *ParseError
		if errors.As(err, &pe) {
			bad = append(bad, pe.Line)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, line)
	}
	if len(lines) != 2 || lines[0] != 1 || lines[1] != 4 {
		t.Errorf("good puzzles on lines %v, want [1 4]", lines)
	}
	if len(bad) != 2 || bad[0] != 2 || bad[1] != 3 {
		t.Errorf("bad puzzles on lines %v, want [2 3]", bad)
	}
}

// A malformed one-line puzzle is reported as one, naming the cell.
func TestReaderBadLine(t *testing.T) {
	bad := easyLine[:40] + "x" + easyLine[41:]
	_, line, err := NewReader(strings.NewReader("\n" + bad + "\n")).Next()
	if err == nil || line != 2 || !strings.Contains(err.Error(), "character 'x' at r5c5 (position 41)") {
		t.Fatalf("line %d: %v", line, err)
	}
}

func TestReaderShortGrid(t *testing.T) {
	r := NewReader(strings.NewReader("530070000\n600195000\n098000060\n\n"))
	_, line, err := r.Next()
	if err == nil || !strings.Contains(err.Error(), "after 3 rows") || line != 1 {
		t.Fatalf("short grid: line %d err %v", line, err)
	}
}

// FuzzReader: any text gives, for each puzzle, a grid or an error, never
// both and never a panic; a grid it returns is valid and prints back to a
// line that parses to the same grid.
func FuzzReader(f *testing.F) {
	f.Add(easyLine + "\n")
	f.Add(MustParse(easyLine).Pretty())
	f.Add("53.|.7.|...\n---+---+---\n")
	f.Add("55" + easyLine[2:])
	f.Add("+-+\n|1|\n")
	f.Fuzz(func(t *testing.T, text string) {
		r := NewReader(strings.NewReader(text))
		for i := 0; i < 1000; i++ {
			g, _, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				if g != (Grid{}) {
					t.Fatalf("both a grid and an error: %v %v", g, err)
				}
				if !errors.Is(err, ErrFormat) {
					t.Fatalf("error does not wrap ErrFormat: %v", err)
				}
				continue
			}
			if !g.Valid() {
				t.Fatalf("invalid grid accepted: %v", g)
			}
			back, err := Parse(g.String())
			if err != nil || back != g {
				t.Fatalf("round trip: %v %v", back, err)
			}
		}
	})
}

// A file saved with a UTF-8 byte order mark reads like one without.
func TestReaderByteOrderMark(t *testing.T) {
	const p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	r := NewReader(strings.NewReader("\ufeff" + p + "\n\ufeff" + p + "\n"))
	g, line, err := r.Next()
	if err != nil || line != 1 || g.String() != p {
		t.Fatalf("first line: %v %d %v", g, line, err)
	}
	// Only the file's start is a byte order mark; later it is a bad cell.
	if _, _, err := r.Next(); err == nil {
		t.Fatal("a mark inside the file was accepted")
	}
}
