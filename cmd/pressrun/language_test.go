package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest/skips"
	"github.com/pressrun/pressrun/templates/pdfcheck"
	"github.com/pressrun/pressrun/templates/words"
)

// TestBooksInFiveLanguages builds the German, French, Spanish and Italian
// versions of configs/classic-book.yaml (configs/classic-book-LANG.yaml),
// with a hints appendix, each passing the preflight, and reads each PDF
// back with pdftotext: the title, how-to-play, section, solutions and
// hints pages carry the language's words, and no page of the book has an
// English word pressrun prints (a word of en.yaml's texts or of the
// hints' phrases that the language's file does not use itself). A developer's
// run (CI unset) builds the German and the Italian.
func TestBooksInFiveLanguages(t *testing.T) {
	t.Parallel() // heavy and on its own: it runs beside the others
	pdfcheck.NeedTools(t, "pdftotext")
	dir := t.TempDir()
	en := words.English()
	wordRe := regexp.MustCompile(`\p{L}{4,}`)
	textWords := func(w *words.Words) map[string]bool {
		out := map[string]bool{}
		for _, k := range words.Keys() {
			if !w.Has(k) {
				continue // its English fallback is what the test looks for
			}
			for _, s := range wordRe.FindAllString(w.Text(k), -1) {
				out[s] = true
			}
		}
		for s := range hintWords(w) {
			out[s] = true
		}
		return out
	}
	english := textWords(en)
	codes := []string{"de", "fr", "es", "it"}
	if !skips.Acceptance() {
		// A developer's run: German and Italian; CI builds all four.
		codes = []string{"de", "it"}
		t.Logf("the books in %v (CI: de, fr, es, it)", codes)
	}
	for _, code := range codes {
		t.Run(code, func(t *testing.T) {
			w, err := words.Of(code)
			if err != nil {
				t.Fatal(err)
			}
			name := "classic-book-" + code
			spec, err := os.ReadFile(filepath.Join("..", "..", "configs", name+".yaml"))
			if err != nil {
				t.Fatal(err)
			}
			// The spec as shipped, with its hints appendix on: the hints
			// are said in the book's language too.
			spec = append(spec, "hints: {levels: [hard, expert], per-puzzle: 2}\n"...)
			path := filepath.Join(dir, name+".yaml")
			if err := os.WriteFile(path, spec, 0o644); err != nil {
				t.Fatal(err)
			}
			r := pressrun(t, "", "build", path)
			if r.code != 0 || !strings.Contains(r.stderr, "0 errors") {
				t.Fatalf("build %s: exit %d, want 0 and a preflight of 0 errors\n%s", name, r.code, r.stderr)
			}
			text := string(pdfcheck.Command(t, "pdftotext", "-layout", filepath.Join(dir, name+".pdf"), "-"))
			pages := strings.Split(text, "\f")
			find := func(what string, must ...string) int {
				t.Helper()
				for i, p := range pages {
					all := true
					for _, m := range must {
						all = all && strings.Contains(p, m)
					}
					if all {
						return i
					}
				}
				t.Errorf("%s: no %s page with %q", name, what, must)
				return -1
			}
			find("title", "Sudoku")
			find("how-to-play", w.Text("heading.how-to-play"), w.Text("howto.levels"), w.Text("level.easy"))
			find("section", w.Text("level.medium"), w.Fill("section.puzzles", "count", 50, "first", 51, "last", 100))
			find("puzzle", w.Fill("caption.puzzle", "n", 1), w.Fill("caption.solution-page", "solution", ""))
			find("solutions title", w.Text("heading.solutions"), w.Fill("solutions.puzzles", "first", 1, "last", 200))
			find("solutions", w.Fill("caption.solutions-range", "first", 1, "last", 9))
			puzzle101, _, _ := strings.Cut(w.Fill("hints.puzzle", "n", 101, "page", "\x00"), "\x00")
			find("hints", w.Text("heading.hints"), puzzle101)
			own := textWords(w)
			for _, line := range strings.Split(string(spec), "\n") {
				line, _, _ = strings.Cut(line, "#") // the spec's comments are English and not printed
				for _, s := range wordRe.FindAllString(line, -1) {
					own[s] = true // the spec's own words, printed as given
				}
			}
			for i, p := range pages {
				for _, s := range wordRe.FindAllString(p, -1) {
					if english[s] && !own[s] {
						t.Errorf("%s page %d: English word %q", name, i+1, s)
						break
					}
				}
			}
		})
	}
}

// TestDailyInGerman: a daily spec with language: de writes its labels,
// dates, levels and captions in German into the PDF and SVG files and
// the editor's proof, and no English word of them.
func TestDailyInGerman(t *testing.T) {
	pdfcheck.NeedTools(t, "pdftotext")
	dir := t.TempDir()
	spec, err := os.ReadFile(filepath.Join("..", "..", "configs", "daily-newspaper.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	spec = append([]byte("language: de\n"), spec...)
	path := filepath.Join(dir, "zeitung.yaml")
	if err := os.WriteFile(path, spec, 0o644); err != nil {
		t.Fatal(err)
	}
	// 1 December 2026 is a Tuesday.
	if r := pressrun(t, "", "daily", path, "--from", "2026-12-01", "--days", "2"); r.code != 0 {
		t.Fatalf("daily: exit %d\n%s", r.code, r.stderr)
	}
	out := filepath.Join(dir, "daily", "the-morning-star")
	text := func(name string) string {
		return string(pdfcheck.Command(t, "pdftotext", filepath.Join(out, name), "-"))
	}
	puzzle, previous := text("2026-12-02-puzzle.pdf"), text("2026-12-02-previous-solution.pdf")
	svg, err := os.ReadFile(filepath.Join(out, "2026-12-02-solution.svg"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ what, got, want string }{
		{"puzzle", puzzle, "Mittwoch, 2. Dezember"},
		{"puzzle's level (Wednesday: medium)", puzzle, "Mittel"},
		{"previous solution", previous, "Lösung: Dienstag, 1. Dezember"},
		{"solution SVG", string(svg), "Lösung: Mittwoch, 2. Dezember"},
		{"id", previous, "ID "},
	} {
		if !strings.Contains(c.got, c.want) {
			t.Errorf("%s: no %q in\n%s", c.what, c.want, c.got)
		}
	}
	for _, english := range []string{"Tuesday", "Wednesday", "December", "Solution", "Medium", "id "} {
		if strings.Contains(puzzle+previous+string(svg), english) {
			t.Errorf("English %q in the German files", english)
		}
	}
	proofs, _ := filepath.Glob(filepath.Join(dir, "daily", "proof-*.pdf"))
	if len(proofs) != 1 {
		t.Fatalf("proofs: %v", proofs)
	}
	if proof := string(pdfcheck.Command(t, "pdftotext", proofs[0], "-")); !strings.Contains(proof, "Korrekturabzug") || !strings.Contains(proof, "Di 1. Dez 2026") {
		t.Errorf("proof:\n%s", proof)
	}
}

// TestVariantHintsInLanguage builds a small German and a small French book
// of Sudoku X, jigsaw and killer puzzles with a hints appendix (an easy
// killer's hints are its cage steps) and reads
// it back with pdftotext: the hints pages say the variant steps in the
// book's language (its words for a row, a box, a cage ...), and no page
// has an English word of the hints' phrases that the language does not
// use itself.
func TestVariantHintsInLanguage(t *testing.T) {
	t.Parallel() // heavy and on its own: it runs beside the others
	pdfcheck.NeedTools(t, "pdftotext")
	dir := t.TempDir()
	wordRe := regexp.MustCompile(`\p{L}{4,}`)
	english := hintWords(nil)
	for _, c := range []struct {
		code, title string
		want        []string // words of the language's hints
	}{
		{"de", "Rätselmix", []string{"Block", "Käfig", "Diagonale"}},
		{"fr", "Grilles variées", []string{"carré", "cage", "diagonale"}},
	} {
		t.Run(c.code, func(t *testing.T) {
			w, err := words.Of(c.code)
			if err != nil {
				t.Fatal(err)
			}
			spec := "language: " + c.code + "\ntitle: " + c.title + "\nseed: 11\ndate: 2026-12-01\n" +
				"hints: {levels: [easy, medium, hard], per-puzzle: 3}\n" +
				"sections:\n" +
				"  - {variant: x, level: medium, count: 2, per-page: 2}\n" +
				"  - {variant: jigsaw, level: medium, count: 2, per-page: 2}\n" +
				"  - {variant: killer, level: easy, count: 2, per-page: 2}\n" + // cage steps
				"  - {variant: killer, level: hard, count: 2, per-page: 2}\n"
			path := filepath.Join(dir, c.code+".yaml")
			if err := os.WriteFile(path, []byte(spec), 0o644); err != nil {
				t.Fatal(err)
			}
			r := pressrun(t, "", "build", "--quiet", "--printer", "none", "--archive", filepath.Join(dir, c.code+".db"), path)
			if r.code != 0 {
				t.Fatalf("build: exit %d\n%s", r.code, r.stderr)
			}
			text := string(pdfcheck.Command(t, "pdftotext", "-layout", filepath.Join(dir, c.code+".pdf"), "-"))
			pages := strings.Split(text, "\f")
			// A hints page heads each puzzle's hints "Rätsel 3 (Seite 7)".
			n, page, _ := strings.Cut(w.Fill("hints.puzzle", "n", "\x00", "page", "\x01"), "\x00")
			page, tail, _ := strings.Cut(page, "\x01")
			heads := regexp.MustCompile(regexp.QuoteMeta(n) + `\d+` + regexp.QuoteMeta(page) + `\d+` + regexp.QuoteMeta(tail))
			var hints string
			for _, p := range pages {
				if heads.MatchString(p) {
					hints += p
				}
			}
			if hints == "" {
				t.Fatalf("no hints pages (none with %s)", heads)
			}
			for _, s := range c.want {
				if !strings.Contains(hints, s) {
					t.Errorf("no %q on the hints pages:\n%s", s, hints)
				}
			}
			// The note says what r4c7 and r4c7<>5 mean, in the language.
			flat := strings.Join(strings.Fields(hints), " ")
			for _, key := range []string{"hints.cells", "hints.not"} {
				if !strings.Contains(flat, w.Text(key)) {
					t.Errorf("no %q on the hints pages", w.Text(key))
				}
			}
			own := hintWords(w)
			for _, s := range wordRe.FindAllString(spec, -1) {
				own[s] = true
			}
			for i, p := range pages {
				for _, s := range wordRe.FindAllString(p, -1) {
					if english[s] && !own[s] {
						t.Errorf("page %d: English word %q in\n%s", i+1, s, p)
						break
					}
				}
			}
		})
	}
}

// hintWords are the words of four letters or more of the hints' phrases
// the language w says (nil: English, every phrase), not its fallbacks.
func hintWords(w *words.Words) map[string]bool {
	wordRe := regexp.MustCompile(`\p{L}{4,}`)
	out := map[string]bool{}
	for _, p := range words.HintPhrases() {
		if w == nil || w.Code == "en" || w.HasPhrase(p) {
			for _, s := range wordRe.FindAllString(w.Phrase(p), -1) {
				out[s] = true
			}
		}
	}
	return out
}
