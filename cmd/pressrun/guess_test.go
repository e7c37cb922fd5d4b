package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/templates/pdfcheck"
)

// TestBuildAllowGuess: an archive holds three of Tarek's killers that
// the variant rater finishes only by guessing within a killer's budget
// (engine/variant's testdata), imported, at the killer ladder's evil. A
// build of an evil killer section takes none of them and prints puzzles
// solved by logic,
// and its title page says nothing of guessing; the same section with
// allow-guess: true takes them from the archive, and its title page says
// that some may need trial and error.
func TestBuildAllowGuess(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	data, err := os.ReadFile("../../engine/variant/testdata/killer-tarek.txt")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, line := range strings.Split(string(data), "\n")[:3] {
		code, _, _ := strings.Cut(line, " ")
		lines = append(lines, "killer:"+code+" "+strings.Repeat(".", 81))
	}
	puzzles := filepath.Join(dir, "guessed.txt")
	if err := os.WriteFile(puzzles, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, allow := range []bool{false, true} {
		name := fmt.Sprintf("allow-%v", allow)
		db := filepath.Join(dir, name+".db")
		if r := pressrun(t, "", "archive", "import", "--archive", db, "--variant", "killer", puzzles); r.code != 0 {
			t.Fatalf("import: exit %d\n%s", r.code, r.stderr)
		}
		spec := filepath.Join(dir, name+".yaml")
		text := fmt.Sprintf("title: Guesses\nseed: 3\ndate: 2026-12-01\noutput: %s.pdf\narchive: %s.db\niqr: {fence: none}\n"+
			"sections:\n  - {variant: killer, level: evil, count: 2, per-page: 1, solutions-per-page: 4, allow-guess: %v}\n", name, name, allow)
		if err := os.WriteFile(spec, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		buildOK(t, spec)
		m := readManifest(t, filepath.Join(dir, name+".json"))
		guesses := 0
		for _, p := range m.Puzzles {
			if techs, ok := p.Ratings["techniques"].(map[string]any); ok && techs["guess"] != nil {
				guesses++
			}
		}
		reused := m.Sections[0].Reused
		pdfcheck.NeedTools(t, "pdftotext")
		pdf := strings.Join(strings.Fields(string(pdfcheck.Command(t, "pdftotext", filepath.Join(dir, name+".pdf"), "-"))), " ")
		says := strings.Contains(pdf, "Some puzzles in this section may need trial and error")
		t.Logf("allow-guess %v: %d reused, %d of %d printed need a guess, the title page says so: %v", allow, reused, guesses, len(m.Puzzles), says)
		switch {
		case !allow && (reused != 0 || guesses != 0 || says):
			t.Errorf("without allow-guess: %d reused from the archive, %d printed need a guess, says so %v; want none", reused, guesses, says)
		case allow && (reused != 3 || guesses == 0 || !says):
			t.Errorf("with allow-guess: %d reused, %d printed need a guess, says so %v; want 3 reused, a guess, and the sentence", reused, guesses, says)
		}
	}
}
