package pipeline

import (
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/store"
	"github.com/pressrun/pressrun/templates"
)

// BookManifest is what `pressrun build` writes beside the PDF: the spec and
// seed it was made from, the PDF's checksum, each section's fence and every
// candidate it weighed, and every printed puzzle with where it is, all its
// ratings and its certificate. It holds nothing that depends on the
// machine, the clock or the number of workers, so the same spec and seed
// give the same bytes.
type BookManifest struct {
	Title        string            `json:"title"`
	Spec         string            `json:"spec"`        // the spec's file name
	SpecSHA256   string            `json:"spec_sha256"` // of the spec (and a levels file it names)
	Seed         uint64            `json:"seed"`
	Date         string            `json:"date"`
	PDF          string            `json:"pdf"` // the PDF's file name
	PDFSHA256    string            `json:"pdf_sha256"`
	Rater        string            `json:"rater"`
	Pages        int               `json:"pages"`
	Trim         string            `json:"trim"`
	PageSizePt   [2]float64        `json:"page_size_pt"`
	Bleed        bool              `json:"bleed"`
	PaddingPages int               `json:"padding_pages"`
	Warnings     []string          `json:"warnings,omitempty"`
	Sections     []SectionManifest `json:"sections"`
	Puzzles      []PuzzleManifest  `json:"puzzles"`
	// Examples are the chapters' worked examples (a teaching book).
	Examples []templates.ExamplePlacement `json:"examples,omitempty"`
}

// SectionManifest is one section: its level, its fence and what it
// weighed.
type SectionManifest struct {
	Index      int                 `json:"index"` // 1-based
	Title      string              `json:"title"`
	Level      string              `json:"level"`
	Technique  string              `json:"technique,omitempty"` // a chapter's: "x-wing"
	Count      int                 `json:"count"`
	Order      string              `json:"order"`
	Fence      Fence               `json:"fence"`
	Reused     int                 `json:"reused"` // candidates taken from the archive
	Made       int                 `json:"made"`   // candidates generated and rated
	Candidates []CandidateManifest `json:"candidates"`
}

// CandidateManifest is one candidate of a section, in pool order.
type CandidateManifest struct {
	ID      string  `json:"id"`
	Value   float64 `json:"value"`
	Outcome string  `json:"outcome"` // kept, spare, below fence, above fence
}

// PuzzleManifest is one printed puzzle: the layout's placement (number,
// short id, level, section, puzzle, solution, pages and grids) and more.
type PuzzleManifest struct {
	templates.Placement
	ArchiveID    string         `json:"archive_id"`
	SectionIndex int            `json:"section_index"` // 1-based
	Ratings      map[string]any `json:"ratings"`
	Certificate  Certificate    `json:"certificate"`
}

// Certificate says what was checked of a printed puzzle.
type Certificate struct {
	Solutions int    `json:"solutions"` // counted by the exact solver, up to 2
	Rater     string `json:"rater"`
}

// newManifest assembles the manifest of a built book.
func newManifest(spec *configs.Book, opts BuildOptions, layout *templates.Manifest, sections []sectionResult, pdfSum string) *BookManifest {
	m := &BookManifest{Title: spec.Title, Spec: filepath.Base(spec.File), SpecSHA256: spec.Checksum, Seed: opts.Seed,
		Date: opts.Date.UTC().Format("2006-01-02"), PDF: filepath.Base(spec.Output), PDFSHA256: pdfSum, Rater: rate.RaterOn(spec.Scale),
		Pages: layout.Pages, Trim: layout.Trim, PageSizePt: layout.PageSizePt, Bleed: layout.Bleed,
		PaddingPages: layout.PaddingPages, Warnings: layout.Warnings, Examples: layout.Examples}
	var solver engine.Solver
	kit := NewVariantKit()
	n := 0
	for i, s := range sections {
		sm := SectionManifest{Index: i + 1, Title: s.printed.Name, Level: s.level.Name, Count: len(s.kept),
			Order: spec.Sections[i].Order, Fence: s.fence, Reused: s.stats.Reused, Made: s.stats.Made}
		if a := spec.Sections[i].Technique; a != nil {
			sm.Technique = a.Names()
		}
		for _, c := range s.candidates {
			sm.Candidates = append(sm.Candidates, CandidateManifest{ID: c.PuzzleID, Value: c.Value, Outcome: c.Outcome})
		}
		m.Sections = append(m.Sections, sm)
		for _, c := range s.kept {
			pl := layout.Puzzles[n]
			n++
			var count int
			if c.p.Variant == nil {
				count, _ = solver.CountSolutions(store.Classic(c.p.Givens), 2)
			} else {
				count, _ = kit.Solver(c.p.Variant).Count(c.p.Givens, 2)
			}
			m.Puzzles = append(m.Puzzles, PuzzleManifest{Placement: pl, ArchiveID: c.p.ID, SectionIndex: i + 1,
				Ratings: ratingsJSON(c.p.Ratings.Ratings), Certificate: Certificate{Solutions: count, Rater: c.p.Ratings.Rater}})
		}
	}
	return m
}

// ratingsJSON is a rating as the manifest writes it: every rating column,
// the level and the techniques.
func ratingsJSON(r rate.Ratings) map[string]any {
	out := map[string]any{"level": r.Level, "techniques": r.Techniques}
	for _, col := range rate.Columns {
		v, _ := r.Column(col)
		out[col] = v
	}
	return out
}

// JSON is the manifest as indented JSON with a final newline.
func (m *BookManifest) JSON() ([]byte, error) {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// ParseManifest reads a manifest JSON wrote.
func ParseManifest(data []byte) (*BookManifest, error) {
	var m BookManifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("manifest: %w", err)
	}
	return &m, nil
}
