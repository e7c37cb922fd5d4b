package configs

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The shipped example specs load, and name the levels they say.
func TestExampleSpecs(t *testing.T) {
	for _, name := range []string{"classic-book.yaml", "kdp-1000.yaml", "large-print.yaml"} {
		b, err := LoadBook(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(b.Sections) == 0 || b.Seed == nil || b.Checksum == "" || !strings.HasSuffix(b.Output, ".pdf") {
			t.Fatalf("%s: %+v", name, b)
		}
	}
}

// A spec's problems come all at once, in line order, each with its line
// and field; paths are the spec's folder's.
func TestBookProblems(t *testing.T) {
	dir := t.TempDir()
	spec := "title: T\nsections:\n  - level: hard\n    count: 0\n  - level: nope\n    count: 2\n    symmetry: rot90\n    clues: 18-19\narchive: db/a.db\n"
	b, err := ParseBook(filepath.Join(dir, "s.yaml"), []byte(spec))
	var es Errors
	if !errors.As(err, &es) || !errors.Is(err, ErrSpec) || len(es) != 3 {
		t.Fatalf("errors %v", err)
	}
	want := []string{"s.yaml:4: sections[0].count: must be at least 1", "s.yaml:5: sections[1].level: no level \"nope\"",
		"s.yaml:8: sections[1].clues: no puzzle with rot90 symmetry has 18-19 givens"}
	for i, e := range es {
		if !strings.Contains(e.Error(), want[i]) {
			t.Errorf("problem %d: %q, want %q", i, e, want[i])
		}
	}
	if b == nil || b.Archive != filepath.Join(dir, "db/a.db") || b.Output != filepath.Join(dir, "s.pdf") {
		t.Fatalf("paths: %+v", b)
	}
}

// FuzzParseBook: any bytes give a spec or problems, never a panic; a spec
// without problems has sections a build can make.
func FuzzParseBook(f *testing.F) {
	for _, name := range []string{"classic-book.yaml", "kdp-1000.yaml", "large-print.yaml", "levels.yaml"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("sections: [{level: easy, count: 1, clues: 17-81, symmetry: rot90}]\nlevels: [{name: easy, rules: ['er <= 9']}]\n"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ParseBook(filepath.Join(dir, "f.yaml"), data)
		if err != nil {
			var es Errors
			if !errors.As(err, &es) || len(es) == 0 {
				t.Fatalf("error %v is not a list of problems", err)
			}
			return
		}
		if len(b.Sections) == 0 {
			t.Fatal("a spec without sections passed")
		}
		for _, s := range b.Sections {
			if s.Count < 1 || b.Ladder.Index(s.Level) < 0 {
				t.Fatalf("section %+v passed", s)
			}
		}
	})
}
