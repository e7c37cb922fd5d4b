package configs

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/variant"
)

// The shipped example specs load, and name the levels they say.
func TestExampleSpecs(t *testing.T) {
	for _, name := range []string{"classic-book.yaml", "kdp-1000.yaml", "large-print.yaml", "variety-book.yaml", "super-sudoku-16x16.yaml"} {
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

// scale: names the rating scale of a book, a daily and a stock spec; the
// default is logic.DefaultScale, classic.
func TestSpecScale(t *testing.T) {
	b, err := ParseBook("b.yaml", []byte("sections: [{level: hard, count: 2}]\n"))
	if err != nil || b.Scale != logic.Classic || logic.DefaultScale != logic.Classic {
		t.Fatalf("default: %v, %v", b.Scale, err)
	}
	b, err = ParseBook("b.yaml", []byte("scale: sukaku\nsections: [{level: hard, count: 2}]\n"))
	if err != nil || b.Scale != logic.Sukaku {
		t.Fatalf("book: %v, %v", b.Scale, err)
	}
	d, err := ParseDaily("d.yaml", []byte("scale: sukaku\noutlets: [{name: X}]\n"))
	if err != nil || d.Scale != logic.Sukaku {
		t.Fatalf("daily: %v, %v", d.Scale, err)
	}
	st, err := ParseStock("s.yaml", []byte("scale: sukaku\nstock: [{level: evil, target: 5}]\n"))
	if err != nil || st.Scale != logic.Sukaku {
		t.Fatalf("stock: %v, %v", st.Scale, err)
	}
	_, err = ParseBook("b.yaml", []byte("title: T\nscale: SE\nsections: [{level: hard, count: 2}]\n"))
	if want := `b.yaml:2: scale: scale "SE": want classic or sukaku`; err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("bad scale: %v, want %q", err, want)
	}
}

// A section's minimal: by default true for the levels dug minimal, false
// for easy and medium and for clues above what minimal puzzles reach; true
// with such clues is a problem at its line.
func TestSectionMinimal(t *testing.T) {
	spec := `sections:
  - {level: easy, count: 1}
  - {level: medium, count: 1}
  - {level: hard, count: 1}
  - {level: hard, count: 1, clues: 30-34}
  - {level: expert, count: 1, clues: 30-34, symmetry: rot180}
  - {level: easy, count: 1, minimal: true}
  - {level: evil, count: 1, minimal: false}
  - {level: easy, count: 10, clues: 36-45}
`
	b, err := ParseBook(filepath.Join(t.TempDir(), "m.yaml"), []byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	want := []bool{false, false, true, false, true, true, false, false}
	for i, s := range b.Sections {
		if s.Minimal != want[i] {
			t.Errorf("sections[%d] (%s, clues %d-%d, %s): minimal %v, want %v", i, s.Level, s.CluesMin, s.CluesMax, s.Symmetry, s.Minimal, want[i])
		}
	}
	bad := "sections:\n  - level: easy\n    count: 10\n    clues: 36-45\n    minimal: true\n  - {level: hard, count: 1, minimal: maybe}\n"
	_, err = ParseBook(filepath.Join(t.TempDir(), "m.yaml"), []byte(bad))
	var es Errors
	if !errors.As(err, &es) || len(es) != 2 ||
		!strings.Contains(es[0].Error(), "m.yaml:5: sections[0].minimal: true, but minimal puzzles with none symmetry have at most about 27 givens, fewer than clues 36-45 asks") ||
		!strings.Contains(es[1].Error(), "m.yaml:6: sections[1].minimal: want true or false") {
		t.Fatalf("errors %v", err)
	}
}

// FuzzParseBook: any bytes give a spec or problems, never a panic; a spec
// without problems has sections a build can make.
func FuzzParseBook(f *testing.F) {
	for _, name := range []string{"classic-book.yaml", "kdp-1000.yaml", "large-print.yaml", "levels.yaml", "variety-book.yaml", "super-sudoku-16x16.yaml"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("sections: [{level: easy, count: 1, clues: 17-81, symmetry: rot90}]\nlevels: [{name: easy, rules: ['er <= 9']}]\n"))
	f.Add([]byte("sections: [{level: easy, count: 1, clues: 36-45, minimal: true}, {level: hard, count: 2, clues: 30-34}]\n"))
	f.Add([]byte("sections: [{level: evil, count: 1, variant: 4x4}, {level: hard, count: 2, variant: 6x6, symmetry: rot90, symbols: A-F}]\n"))
	f.Add([]byte("sections: [{level: hard, count: 1, variant: jigsaw-4x4, symmetry: rot90, layout: 1112412244324333, clues: 4-9}]\n"))
	f.Add([]byte("sections: [{level: a, count: 1, variant: 16x16, symbols: 0-F, per-page: 1, solutions-per-page: 4}]\nlevels: {16x16: [{name: a, rules: ['er > 0']}], classic: []}\n"))
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
			k := s.Kind
			if s.Count < 1 || b.LadderOf(k).Index(s.Level) < 0 || k.Side() == 9 && s.Minimal && s.CluesMin > level.MinimalClues(s.Symmetry) ||
				!k.Allows(s.Symmetry) || s.CluesMax > k.Side()*k.Side() || k.Variant != nil && k.Variant.IsJigsaw() != k.IsJigsaw() {
				t.Fatalf("section %+v passed", s)
			}
			if _, err := variant.Labels(k.Symbols, k.Side()); err != nil {
				t.Fatalf("section %+v passed: %v", s, err)
			}
		}
	})
}

// TestBookLanguage: language: picks the words a book prints (default
// English) and a code there are no words for is refused at its line.
func TestBookLanguage(t *testing.T) {
	b, err := ParseBook("b.yaml", []byte("sections: [{level: hard, count: 2}]\n"))
	if err != nil || b.Words.Lang() != "en" {
		t.Fatalf("default: %v, %v", b, err)
	}
	b, err = ParseBook("b.yaml", []byte("language: it\nsections: [{level: hard, count: 2}]\n"))
	if err != nil || b.Words.Lang() != "it" {
		t.Fatalf("language: it: %v, %v", b, err)
	}
	_, err = ParseBook("b.yaml", []byte("title: X\nlanguage: pt\nsections: [{level: hard, count: 2}]\n"))
	if err == nil || !strings.Contains(err.Error(), `b.yaml:2: language: "pt": want one of en, de, es, fr, it`) {
		t.Errorf("language: pt: %v", err)
	}
	d, err := ParseDaily("d.yaml", []byte("language: de\noutlets: [{name: X}]\n"))
	if err != nil || d.Words.Lang() != "de" || d.Files.Label.Text != "{date:Monday, 2. January}" {
		t.Fatalf("daily language: de: %+v, %v", d, err)
	}
	d, err = ParseDaily("d.yaml", []byte("language: de\noutlets: [{name: X}]\nfiles: {label: \"{date:2.1.}\"}\n"))
	if err != nil || d.Files.Label.Text != "{date:2.1.}" || d.Files.SolutionLabel.Text != "Lösung: {date:Monday, 2. January}" {
		t.Fatalf("daily language: de with a label: %+v, %v", d.Files, err)
	}
}
