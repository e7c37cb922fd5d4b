package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine"
)

// ReadPuzzles gives each puzzle with its file and line, and bad input in
// its place; without keepGoing it stops after the first bad input.
func TestReadPuzzles(t *testing.T) {
	a := writeInput(t, "a.txt", "# a comment", goodPuzzles[0], "1234", goodPuzzles[1])
	missing := filepath.Join(t.TempDir(), "missing.txt")
	stdin := strings.NewReader(goodPuzzles[2] + "\n")
	read := func(keepGoing bool, files ...string) []string {
		var got []string
		err := ReadPuzzles(context.Background(), stdin, files, keepGoing, func(in Input) error {
			if in.Bad != nil {
				got = append(got, "bad "+in.Bad.Error())
				if in.Bad.At != in.At {
					t.Errorf("%v: bad input at %v", in.At, in.Bad.At)
				}
				return nil
			}
			got = append(got, in.At.String()+" "+in.Grid.String())
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	got := read(true, a, missing, "-")
	want := []string{
		a + ":2 " + goodPuzzles[0],
		"bad " + a + ":3: want 9 cells in a grid row, found 4",
		a + ":4 " + goodPuzzles[1],
		"bad " + missing + ": no such file or directory",
		StdinName + ":1 " + goodPuzzles[2],
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("keepGoing:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := read(false, a, missing); len(got) != 2 || got[1] != want[1] {
		t.Errorf("without keepGoing: %q", got)
	}
	if got := read(false, missing, a); len(got) != 1 || got[0] != want[3] {
		t.Errorf("without keepGoing, a missing file first: %q", got)
	}
}

func TestBadInputKinds(t *testing.T) {
	parse := &BadInput{At: Position{"a.txt", 3}, Err: &engine.ParseError{Line: 3, Msg: "bad"}}
	file := &BadInput{At: Position{File: "b.txt"}, Err: &fs.PathError{Op: "open", Path: "b.txt", Err: fs.ErrNotExist}}
	if parse.Unreadable() || !file.Unreadable() || !errors.Is(file, fs.ErrNotExist) || !errors.Is(parse, engine.ErrFormat) {
		t.Error("kinds of bad input mixed up")
	}
	if parse.Error() != "a.txt:3: bad" || file.Error() != "b.txt: file does not exist" {
		t.Errorf("messages %q, %q", parse, file)
	}
}

// Every reading command takes pressrun's own TSV and JSON output, any line
// ends, and puzzles given as arguments; a mistyped puzzle argument is a
// bad puzzle, not a missing file, and a long line is skipped with
// keepGoing.
func TestReadPuzzlesFormats(t *testing.T) {
	p, q := goodPuzzles[0], goodPuzzles[1]
	tsv := writeInput(t, "gen.tsv", "index\tpuzzle\tsolution", "0\t"+p+"\t", "1")
	jsonl := writeInput(t, "gen.json", `{"index":0,"puzzle":"`+p+`"}`, `{"index":1}`)
	cr := filepath.Join(t.TempDir(), "mac.txt")
	long := strings.Repeat(".", engine.MaxLine+1)
	if err := os.WriteFile(cr, []byte(p+"\r"+long+"\r"+q+"\r"), 0o644); err != nil {
		t.Fatal(err)
	}
	var got []string
	err := ReadPuzzles(context.Background(), strings.NewReader(""), []string{tsv, jsonl, cr, q, p[:80], q + "x"}, true, func(in Input) error {
		if in.Bad != nil {
			got = append(got, "bad "+in.Bad.Error())
			return nil
		}
		got = append(got, in.At.String()+" "+in.Grid.String())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		tsv + ":2 " + p,
		"bad " + tsv + ":3: 1 column, but the header on line 1 puts the puzzle in column 2",
		jsonl + ":1 " + p,
		"bad " + jsonl + `:2: no "puzzle" key in the JSON object`,
		cr + ":1 " + p,
		"bad " + cr + fmt.Sprintf(":2: line too long (%d bytes)", len(long)),
		cr + ":3 " + q,
		"argument 4 " + q,
		"bad argument 5: want 81 cells on a line, found 80 characters",
		"bad argument 6: want 81 cells on a line, found 82 characters",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// A file wins over a puzzle of the same name.
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile(q, []byte(p+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got = nil
	if err := ReadPuzzles(context.Background(), nil, []string{q}, false, func(in Input) error {
		got = append(got, in.At.String()+" "+in.Grid.String())
		return nil
	}); err != nil || len(got) != 1 || got[0] != q+":1 "+p {
		t.Errorf("a file named like a puzzle: %q %v", got, err)
	}
}
