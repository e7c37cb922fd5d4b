package configs

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Published ISBNs pass, with hyphens, spaces or none; a mistyped digit,
// a wrong length or prefix fails, and the error gives the check digit.
func TestParseISBN(t *testing.T) {
	for text, want := range map[string]string{
		"0-306-40615-2":     "0306406152",
		"0 8044 2957 x":     "080442957X", // check digit 10, written X
		"978-0-306-40615-7": "9780306406157",
		"9791034304059":     "9791034304059",
	} {
		got, err := ParseISBN(text)
		if err != nil || got != want {
			t.Errorf("ParseISBN(%q) = %q, %v; want %q", text, got, err, want)
		}
	}
	for text, wantCheck := range map[string]string{
		"0-306-40615-3":     "2",
		"978-0-306-40615-6": "7",
		"978-0-360-40615-7": "5", // two digits swapped
		"0-8044-2957-5":     "X",
	} {
		_, err := ParseISBN(text)
		var ie *ISBNError
		if !errors.As(err, &ie) || !errors.Is(err, ErrISBN) || ie.Want != wantCheck {
			t.Errorf("ParseISBN(%q): %v, want check digit %s", text, err, wantCheck)
		}
	}
	for _, text := range []string{"", "978-0-306", "977-0-306-40615-7", "97X0306406157", "0-306-40615-2!"} {
		if _, err := ParseISBN(text); !errors.Is(err, ErrISBN) {
			t.Errorf("ParseISBN(%q) = %v, want an error", text, err)
		}
	}
}

// front-matter: is read into the spec; every problem is at its line and
// field.
func TestFrontMatter(t *testing.T) {
	dir := t.TempDir()
	spec := `title: T
sections: [{level: easy, count: 1}]
front-matter:
  publisher: Grid Press
  isbn: 978-0-306-40615-7
  edition: Second edition
  dedication: For Ada.
  credit: false
  parts: [how-to-play, title, dedication, copyright]
`
	b, err := ParseBook(filepath.Join(dir, "s.yaml"), []byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	f := b.Front
	if f.Publisher != "Grid Press" || f.ISBN != "978-0-306-40615-7" || f.Edition != "Second edition" || !f.NoCredit {
		t.Fatalf("front matter %+v", f)
	}
	if !slices.Equal(f.Parts, []string{"title", "copyright", "dedication", "how-to-play"}) || f.Has("contents") || !f.Has("dedication") {
		t.Fatalf("parts %v", f.Parts)
	}
	// Without parts: every part there is text for.
	var none FrontMatter
	if !none.Has("title") || !none.Has("level-introductions") || none.Has("dedication") || none.Has("introduction") {
		t.Fatal("default parts")
	}

	bad := `title: T
sections: [{level: easy, count: 1}]
front-matter:
  isbn: 978-0-306-40615-6
  parts: [title, preface, introduction]
  foreword: x
`
	_, err = ParseBook(filepath.Join(dir, "s.yaml"), []byte(bad))
	var es Errors
	if !errors.As(err, &es) || len(es) != 4 {
		t.Fatalf("errors %v", err)
	}
	want := []string{
		"s.yaml:4: front-matter.isbn: the check digit is 6, but the other digits give 7",
		"s.yaml:5: front-matter.parts: \"preface\": want one of title, copyright",
		"s.yaml:5: front-matter.parts: introduction is listed but front-matter.introduction is not set",
		"s.yaml:6: front-matter.foreword: unknown field",
	}
	for i, e := range es {
		if !strings.Contains(e.Error(), want[i]) {
			t.Errorf("problem %d: %q, want %q", i, e, want[i])
		}
	}
}
