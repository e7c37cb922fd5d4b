package main

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"github.com/pressrun/pressrun/engine"
)

// The table writes what encoding/json writes, whether a record goes value
// by value or at once with row.
func TestTableJSON(t *testing.T) {
	g := engine.MustParse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	var buf bytes.Buffer
	out, err := newTable(&buf, "json", "a", "b<c", "n", "g", "x")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"", "plain", `q"uote`, `back\slash`, "tab\t", "<&>", "für 数独", "\x7f", "bad \xff utf-8"} {
		buf.Reset()
		if err := out.row(s, s, 42, g, []int{1}); err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(s)
		wantGrid, _ := json.Marshal(g.String())
		line := `{"a":` + string(want) + `,"b\u003cc":` + string(want) + `,"n":42,"g":` + string(wantGrid) + `,"x":[1]}` + "\n"
		if buf.String() != line {
			t.Errorf("%q:\ngot  %s\nwant %s", s, buf.String(), line)
		}
	}
	// A value encoding/json refuses writes nothing, and the next row is whole.
	buf.Reset()
	if err := out.row("a", "b", 1, g, func() {}); err == nil || buf.Len() != 0 {
		t.Fatalf("a func value: %v, wrote %q", err, buf.String())
	}
	if out.row("a", "b", 1, g, nil); buf.String() != `{"a":"a","b\u003cc":"b","n":1,"g":`+`"`+g.String()+`","x":null}`+"\n" {
		t.Errorf("after a failed row: %s", buf.String())
	}
}

// Writing a row of solve or canon allocates nothing, in TSV or JSON.
func TestTableAllocatesNothing(t *testing.T) {
	g := engine.MustParse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	for _, format := range []string{"tsv", "json"} {
		out, _ := newTable(io.Discard, format, "puzzle", "solutions", "solution")
		if n := testing.AllocsPerRun(100, func() {
			out.grid(g)
			out.int(1)
			out.grid(g)
			out.end()
			out.grid(g)
			out.int(2)
			out.text("")
			out.end()
		}); n != 0 {
			t.Errorf("%s: %.1f allocations a row", format, n)
		}
	}
}
