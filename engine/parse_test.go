package engine

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
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

// readAll reads every item of text: "LINE PUZZLE" for a puzzle and
// "LINE: MESSAGE" for a bad one.
func readAll(t testing.TB, text string) []string {
	t.Helper()
	var got []string
	r := NewReader(strings.NewReader(text))
	for {
		g, line, err := r.Next()
		if err == io.EOF {
			return got
		}
		var pe *ParseError
		switch {
		case errors.As(err, &pe):
			if pe.Line != line {
				t.Errorf("error on line %d returned with line %d", pe.Line, line)
			}
			got = append(got, fmt.Sprintf("%d: %s", pe.Line, pe.Msg))
		case err != nil:
			t.Fatal(err)
		default:
			got = append(got, fmt.Sprintf("%d %s", line, g))
		}
	}
}

func checkRead(t *testing.T, name, text string, want ...string) {
	t.Helper()
	if got := readAll(t, text); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s:\n%s\nwant:\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// pressrun's own TSV and JSON lines read back, whatever the column or key
// order, with every other column and key ignored; a bad row names its line
// and what is wrong.
func TestReaderTSVAndJSON(t *testing.T) {
	p := easyLine
	q := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	checkRead(t, "generate --format tsv",
		"index\tpuzzle\tsolution\tclues\tsymmetry\n0\t"+p+"\t\t30\tnone\n1\t"+q+"\t\t17\tnone\n",
		"2 "+p, "3 "+q)
	checkRead(t, "rate --format tsv, puzzle first, with a BOM, CRLF and a comment",
		"\ufeffpuzzle\tlevel\ter\r\n# rated\r\n"+p+"\teasy\t1.2\r\n\r\n"+q+"\tevil\t9.1\r\n",
		"3 "+p, "5 "+q)
	checkRead(t, "tsv files joined with cat",
		"puzzle\tcanonical\n"+p+"\tx\npuzzle\tcanonical\n"+q+"\ty\n",
		"2 "+p, "4 "+q)
	checkRead(t, "bad tsv rows",
		"index\tlevel\tpuzzle\tclues\n0\n0\teasy\n1\teasy\t"+p[:80]+"\t30\n2\tevil\t55"+p[2:]+"\n3\t\t"+q+"\n",
		"2: 1 column, but the header on line 1 puts the puzzle in column 3",
		"3: 2 columns, but the header on line 1 puts the puzzle in column 3",
		"4: puzzle: want 81 cells on a line, found 80 characters",
		"5: puzzle: digit 5 repeated in row 1 (r1c1, r1c2)",
		"6 "+q)
	checkRead(t, "generate --format json",
		`{"index":0,"puzzle":"`+p+`","solution":"","clues":30,"symmetry":"none"}`+"\n"+
			"\n"+`{"transform":{"rows":"123","x":[1,{"puzzle":"no"}]}, "puzzle" : "`+q+`" }`+"\n",
		"1 "+p, "3 "+q)
	checkRead(t, "json with a BOM and escapes",
		"\ufeff"+`{"puzzle":"\u0034`+q[1:]+`"}`+"\r"+`{"p\u0075zzle":"`+p+`"}`,
		"1 "+q, "2 "+p)
	checkRead(t, "bad json lines",
		`{"puzzle":"`+p+`"}`+"\n"+
			`{"index":1}`+"\n"+
			`{"puzzle":17}`+"\n"+
			`{"puzzle":"`+p+`"`+"\n"+
			p+"\n"+
			`["`+p+`"]`+"\n"+
			`{"puzzle":"`+p+`","puzzle":"`+q+`"}`+"\n"+
			`{"puzzle":"`+p[:80]+`"}`+"\n"+
			`{"puzzle":"`+q+`"}`+"\n",
		"1 "+p,
		`2: no "puzzle" key in the JSON object`,
		`3: "puzzle" is not a string`,
		"4: not JSON: unexpected end of JSON input",
		`5: want a JSON object with a "puzzle" key`,
		`6: want a JSON object with a "puzzle" key`,
		`7: "puzzle" given twice`,
		"8: puzzle: want 81 cells on a line, found 80 characters",
		"9 "+q)
}

// LF, CRLF and CR alone each end a line, also in grids, and mixed.
func TestReaderLineEnds(t *testing.T) {
	p := easyLine
	for name, end := range map[string]string{"lf": "\n", "crlf": "\r\n", "cr": "\r"} {
		checkRead(t, name, p+end+end+"# c"+end+p+end+strings.ReplaceAll(MustParse(p).Pretty(), "\n", end)+p,
			"1 "+p, "4 "+p, "5 "+p, "16 "+p)
	}
	checkRead(t, "mixed", p+"\r\r\n\n\r"+p+"\n\r\n"+p, "1 "+p, "5 "+p, "7 "+p)
}

// A line longer than MaxLine is reported with its true length, without
// the reader holding it, and the reading goes on at the next line; a line
// of MaxLine bytes is read.
func TestReaderLongLine(t *testing.T) {
	p := easyLine
	long := p + strings.Repeat(" ", 20<<20) // 20 MB after the puzzle
	fit := p + "\t" + strings.Repeat("x", MaxLine-82)
	checkRead(t, "long lines", p+"\n"+long+"\r\n"+fit+"\n"+long+"\r"+p+"\n"+long,
		"1 "+p,
		fmt.Sprintf("2: line too long (%d bytes)", len(long)),
		"3 "+p,
		fmt.Sprintf("4: line too long (%d bytes)", len(long)),
		"5 "+p,
		fmt.Sprintf("6: line too long (%d bytes)", len(long)))
	r := NewReader(strings.NewReader(long))
	r.Next()
	if len(r.buf) > MaxLine+1 {
		t.Errorf("the reader holds %d bytes for a long line", len(r.buf))
	}
	checkRead(t, "a long tsv row", "puzzle\tx\n"+p+"\t"+strings.Repeat("y", MaxLine)+"\n"+p+"\n",
		fmt.Sprintf("2: line too long (%d bytes)", MaxLine+82), "3 "+p)
}

// An input that fails is reported as it failed, not as a bad puzzle.
func TestReaderInputError(t *testing.T) {
	boom := errors.New("boom")
	r := NewReader(io.MultiReader(strings.NewReader(easyLine+"\n"+easyLine[:40]), iotest.ErrReader(boom)))
	if _, line, err := r.Next(); err != nil || line != 1 {
		t.Fatalf("first puzzle: line %d, %v", line, err)
	}
	if _, _, err := r.Next(); err != boom {
		t.Fatalf("got %v, want the input's error", err)
	}
}

// FuzzReader: any text gives, for each puzzle, a grid or an error, never
// both and never a panic; a grid it returns is valid and prints back to a
// line that parses to the same grid. The same text read a byte at a time
// gives the same items (where the reads end changes nothing), and read
// with a small line limit (lines dropped, the buffer grown) it still gives
// a grid or an error.
func FuzzReader(f *testing.F) {
	p := easyLine
	f.Add(p + "\n")
	f.Add(MustParse(p).Pretty())
	f.Add("53.|.7.|...\n---+---+---\n")
	f.Add("55" + p[2:])
	f.Add("+-+\n|1|\n")
	f.Add("\ufeffindex\tpuzzle\tclues\n0\t" + p + "\t30\n1\n2\t" + p[:80] + "\npuzzle\n")
	f.Add("puzzle\r\n" + p + "\r\n\r\n")
	f.Add(`{"index":0,"puzzle":"` + p + `","t":{"a":[1,"}"]}}` + "\n" + `{"x":1}` + "\n" + `{"puzzle":1}`)
	f.Add("\ufeff" + `{"p\u0075zzle":"\u0035` + p[1:] + `"}` + "\r" + `{"puzzle":"` + p + `",`)
	f.Add(p + "\r" + p + "\r\r\n" + strings.ReplaceAll(MustParse(p).Pretty(), "\n", "\r"))
	f.Add(p + strings.Repeat(" ", 300) + "\n" + p + "\r" + strings.Repeat("x", 200))
	f.Fuzz(func(t *testing.T, text string) {
		items := func(r *Reader) []string {
			var got []string
			for i := 0; i < 1000; i++ {
				g, line, err := r.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					if g != (Grid{}) {
						t.Fatalf("both a grid and an error: %v %v", g, err)
					}
					if !errors.Is(err, ErrFormat) {
						t.Fatalf("error does not wrap ErrFormat: %v", err)
					}
					got = append(got, err.Error())
					continue
				}
				if !g.Valid() {
					t.Fatalf("invalid grid accepted: %v", g)
				}
				back, err := Parse(g.String())
				if err != nil || back != g {
					t.Fatalf("round trip: %v %v", back, err)
				}
				got = append(got, fmt.Sprint(line, g))
			}
			return got
		}
		whole := items(NewReader(strings.NewReader(text)))
		bytewise := items(newReader(iotest.OneByteReader(strings.NewReader(text)), MaxLine, 1))
		if strings.Join(whole, "\n") != strings.Join(bytewise, "\n") {
			t.Fatalf("read whole:\n%s\nread a byte at a time:\n%s", strings.Join(whole, "\n"), strings.Join(bytewise, "\n"))
		}
		items(newReader(iotest.HalfReader(strings.NewReader(text)), 100, 7))
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

// BenchmarkReader reads a real puzzle file held in memory in each input
// format the reader takes; allocs/puzzle is the figure to keep at zero.
func BenchmarkReader(b *testing.B) {
	gs := readPuzzlesOr(b, sharedData+"/unbiased-minimal.txt", "testdata/unbiased-sample.txt")
	formats := []struct {
		name string
		row  func(i int, g Grid) string
		head string
	}{
		{"lines", func(_ int, g Grid) string { return g.String() + "\n" }, ""},
		{"crlf", func(_ int, g Grid) string { return g.String() + "\r\n" }, ""},
		{"grids", func(_ int, g Grid) string { return g.Pretty() + "\n" }, ""},
		{"tsv", func(i int, g Grid) string { return fmt.Sprintf("%d\t%s\t24\tnone\n", i, g) }, "index\tpuzzle\tclues\tsymmetry\n"},
		{"json", func(i int, g Grid) string { return fmt.Sprintf(`{"index":%d,"puzzle":"%s","clues":24}`+"\n", i, g) }, ""},
	}
	for _, f := range formats {
		var text strings.Builder
		text.WriteString(f.head)
		for i, g := range gs {
			text.WriteString(f.row(i, g))
		}
		data := text.String()
		b.Run(f.name, func(b *testing.B) {
			var ms0, ms1 runtime.MemStats
			runtime.ReadMemStats(&ms0)
			n := 0
			for b.Loop() {
				r := NewReader(strings.NewReader(data))
				for {
					_, _, err := r.Next()
					if err == io.EOF {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
					n++
				}
			}
			runtime.ReadMemStats(&ms1)
			b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/float64(n), "allocs/puzzle")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/puzzle")
		})
	}
}

// repeated is an endless input: text over and over.
type repeated struct {
	text string
	at   int
}

func (r *repeated) Read(b []byte) (int, error) {
	n := 0
	for n < len(b) {
		c := copy(b[n:], r.text[r.at:])
		n += c
		r.at = (r.at + c) % len(r.text)
	}
	return n, nil
}

// Reading a puzzle allocates nothing, in every format.
func TestReaderAllocatesNothing(t *testing.T) {
	g := MustParse(easyLine)
	for name, text := range map[string]string{
		"line": easyLine + "\r\n",
		"grid": g.Pretty() + "\n",
		"tsv":  "puzzle\tlevel\n" + easyLine + "\teasy\n",
		"json": `{"level":"easy","puzzle":"` + easyLine + `"}` + "\n",
	} {
		r := NewReader(&repeated{text: text})
		if n := testing.AllocsPerRun(1000, func() {
			if got, _, err := r.Next(); err != nil || got != g {
				t.Fatalf("%s: %v %v", name, got, err)
			}
		}); n != 0 {
			t.Errorf("%s: %.2f allocations a puzzle", name, n)
		}
	}
}

// FuzzParsePattern: a clue pattern file (generate --pattern) gives a
// pattern or an error wrapping ErrFormat, never both and never a panic.
func FuzzParsePattern(f *testing.F) {
	f.Add(strings.Repeat("x.", 40) + "x")
	f.Add("x x x | . . . | x x x\n" + strings.Repeat("x . x | . x . | x . x\r\n", 8) + "------+------\n")
	f.Add("# a pattern\n" + strings.Repeat("*", 81))
	f.Add(strings.Repeat("x", 82))
	f.Add("xo\n")
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParsePattern(text)
		if err != nil {
			if p != (Pattern{}) || !errors.Is(err, ErrFormat) {
				t.Fatalf("pattern %v with error %v", p, err)
			}
			return
		}
		if n := p.Cells(); n < 0 || n > 81 {
			t.Fatalf("%d cells", n)
		}
	})
}
