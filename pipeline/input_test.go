package pipeline

import (
	"context"
	"errors"
	"io/fs"
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
