package variant

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine"
)

// TestReader reads each form pressrun writes, and reports what is wrong
// with a bad line by its line, reading on after it.
func TestReader(t *testing.T) {
	jig := "111124112224333224353664553664555664"
	p1 := "1.3..6.5.1.3..1.....6..3.4..1..5.3.."
	p2 := "...4..4..1...3...6...6..3...2..5...."
	type got struct {
		key, cells string
		line       int
		err        string
	}
	for _, c := range []struct {
		name, kind, in string
		want           []got
	}{
		{"lines", "6x6", "# six\n" + p1 + "\r\n\r\n" + p2 + "\r" + "6x6 " + p1 + "\n", []got{
			{"6x6", p1, 2, ""}, {"6x6", p2, 4, ""}, {"6x6", p1, 5, ""}}},
		{"tsv", "6x6", "id\tpuzzle\tlevel\n1\t" + p1 + "\teasy\nid\tpuzzle\tlevel\n2\t" + p2 + "\tbad\n", []got{
			{"6x6", p1, 2, ""}, {"6x6", p2, 4, ""}}},
		{"json", "6x6", `{"puzzle": "` + p1 + `", "level": "easy"}` + "\n" + `{"level": "easy"}` + "\n", []got{
			{"6x6", p1, 1, ""}, {"", "", 2, `line 2: want a JSON object with a "puzzle" key (or a killer's "cages")`}}},
		{"jigsaw", "jigsaw-6x6", "jigsaw-6x6:" + jig + " " + p1 + "\n" + p2 + "\n", []got{
			{"jigsaw-6x6:" + jig, p1, 1, ""}, {"", "", 2, "line 2: a jigsaw puzzle without its layout: write its key first (jigsaw:LAYOUT CELLS)"}}},
		{"tsv variant", "jigsaw-6x6", "puzzle\tvariant\n" + p2 + "\tjigsaw-6x6:" + jig + "\n", []got{
			{"jigsaw-6x6:" + jig, p2, 2, ""}}},
		{"bad", "6x6", p1[:35] + "\n" + strings.Replace(p1, ".", "7", 1) + "\nx " + p1 + "\n8x8 " + p1 + "\nx:1 " + p1 + "\n" + p2, []got{
			{"", "", 1, "line 1: 35 characters, want 36 for a 6x6 grid"},
			{"", "", 2, "line 2: column 2: '7' is not a symbol of a 6x6 grid (123456, '.' for empty)"},
			{"", "", 3, `line 3: a x puzzle, not 6x6 (--variant x reads it)`},
			{"", "", 4, `line 4: a 8x8 puzzle, not 6x6 (--variant 8x8 reads it)`},
			{"", "", 5, `line 5: variant "x:1": "x" is not a jigsaw (jigsaw, jigsaw-6x6)`},
			{"6x6", p2, 6, ""}}},
		{"long", "6x6", strings.Repeat("1", engine.MaxLine+10) + "\n" + p1, []got{
			{"", "", 1, "line 1: line too long (1048586 bytes)"}, {"6x6", p1, 2, ""}}},
	} {
		kind, err := ForKind(c.kind)
		if err != nil {
			t.Fatal(err)
		}
		r := NewReader(strings.NewReader(c.in), kind)
		var out []got
		for {
			v, g, line, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				var pe *engine.ParseError
				if !errors.As(err, &pe) || pe.Line != line {
					t.Fatalf("%s: error %v at line %d is no ParseError of its line", c.name, err, line)
				}
				out = append(out, got{line: line, err: err.Error()})
				continue
			}
			out = append(out, got{v.Key(), v.Format(g), line, ""})
		}
		if len(out) != len(c.want) {
			t.Fatalf("%s: read %+v, want %+v", c.name, out, c.want)
		}
		for i := range out {
			if out[i] != c.want[i] {
				t.Errorf("%s %d: %+v, want %+v", c.name, i, out[i], c.want[i])
			}
		}
	}
}

// TestReaderKiller reads killers in their JSON form and their key form,
// the one the other written as the other, and refuses a killer line
// without cages or of another size.
func TestReaderKiller(t *testing.T) {
	data, err := os.ReadFile("testdata/killer-published.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	line, _, _ := strings.Cut(string(data), "\n")
	v, g, err := ParseKillerJSON(line)
	if err != nil {
		t.Fatal(err)
	}
	g[40] = 5 // a given, so that both forms carry one
	six := must(Killer(6, []Cage{
		{Sum: 3, Cells: []int{0, 1}}, {Sum: 18, Cells: []int{2, 3, 4, 5}}, {Sum: 21, Cells: []int{6, 7, 8, 9, 10, 11}}, {Sum: 21, Cells: []int{12, 13, 14, 15, 16, 17}},
		{Sum: 21, Cells: []int{18, 19, 20, 21, 22, 23}}, {Sum: 21, Cells: []int{24, 25, 26, 27, 28, 29}}, {Sum: 21, Cells: []int{30, 31, 32, 33, 34, 35}}}))
	in := v.KillerJSON(g) + "\n" + v.Key() + " " + v.Format(g) + "\n" + v.Format(g) + "\n" + six.KillerJSON(make(Grid, 36)) + "\n"
	kind, err := ForKind("killer")
	if err != nil {
		t.Fatal(err)
	}
	r := NewReader(strings.NewReader(in), kind)
	for i, want := range []string{"", "", "line 3: a killer puzzle without its cages: write its key first (killer:CAGES CELLS) or the JSON form ({\"cages\": [...]})",
		"line 4: a killer-6x6 puzzle, not killer (--variant killer-6x6 reads it)"} {
		got, h, _, err := r.Next()
		switch {
		case want != "" && (err == nil || err.Error() != want):
			t.Errorf("line %d: %v, want %s", i+1, err, want)
		case want == "" && err != nil:
			t.Fatalf("line %d: %v", i+1, err)
		case want == "" && (got.Key() != v.Key() || v.Format(h) != v.Format(g)):
			t.Errorf("line %d: read %s %s, want %s %s", i+1, got.Key(), got.Format(h), v.Key(), v.Format(g))
		}
	}
	if _, _, _, err := r.Next(); err != io.EOF {
		t.Errorf("after the last line: %v", err)
	}
}
