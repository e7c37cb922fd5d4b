package desk

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/store"
)

// books is GET /books: every book of the ledger.
func (d *Desk) books(w http.ResponseWriter, r *http.Request) {
	bs, err := d.cfg.DB.Books(r.Context())
	if err != nil {
		d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
		return
	}
	d.render(w, r, http.StatusOK, "books", "Books", "books", bs)
}

// bookPage is a book's page: the ledger's record and its manifest.
type bookPage struct {
	Book     store.Book
	Manifest *pipeline.BookManifest
	Files    []bookFile
	Pages    []int // the pages drawn small, when the PDF and pdftoppm are here
	NoDraw   bool  // the PDF is here but pdftoppm is not
	Sections []sectionSummary
	Problem  string // why the manifest or the files are missing
	// Spec is the spec of the desk's folder the book was built from, by
	// its name; Changed says it has been edited since (its checksum is
	// another than the ledger's).
	Spec    string
	Changed bool
	Text    string
}

// bookFile is a file of the book the desk can hand out.
type bookFile struct {
	Name, Label string
}

// sectionSummary is a section's fence and what became of its candidates.
type sectionSummary struct {
	pipeline.SectionManifest
	Outcomes map[string]int
}

// book is GET /books/{id}.
func (d *Desk) book(w http.ResponseWriter, r *http.Request) {
	b, ok := d.getBook(w, r)
	if !ok {
		return
	}
	p := bookPage{Book: b}
	if m, err := pipeline.ParseManifest(b.Manifest); err != nil {
		p.Problem = fmt.Sprintf("the ledger's manifest of this book does not read: %v", err)
	} else {
		p.Manifest = m
		for _, s := range m.Sections {
			sum := sectionSummary{SectionManifest: s, Outcomes: map[string]int{}}
			for _, c := range s.Candidates {
				sum.Outcomes[c.Outcome]++
			}
			p.Sections = append(p.Sections, sum)
		}
	}
	for _, f := range bookFiles(b) {
		if f.Name == "manifest.json" {
			p.Files = append(p.Files, f.bookFile)
			continue
		}
		if _, err := os.Stat(f.path); err == nil {
			p.Files = append(p.Files, f.bookFile)
		}
	}
	if _, err := os.Stat(b.Output); err != nil {
		p.Problem = fmt.Sprintf("the PDF is no longer at %s, where the build wrote it", b.Output)
	} else if _, err := exec.LookPath("pdftoppm"); err != nil {
		p.NoDraw = true
	} else if p.Manifest != nil {
		for i := 1; i <= p.Manifest.Pages; i++ {
			p.Pages = append(p.Pages, i)
		}
	}
	if p.Manifest != nil {
		d.specOfBook(b, p.Manifest.Spec, &p)
	}
	d.render(w, r, http.StatusOK, "book", b.Title, "books", p)
}

// specOfBook finds the spec name a book was built from in the desk's
// folder, and says whether it is still the one the ledger recorded.
func (d *Desk) specOfBook(b store.Book, name string, p *bookPage) {
	if d.cfg.SpecsDir == "" || specName(name) != nil {
		return
	}
	text, err := d.readSpec(name)
	if err != nil {
		return
	}
	spec, err := configs.ParseBook(filepath.Join(d.cfg.SpecsDir, name), text)
	if err != nil || spec.Title != b.Title {
		return
	}
	p.Spec, p.Changed, p.Text = name, spec.Checksum != b.SpecChecksum, string(text)
}

// servedFile is a book's file and where it is on disk.
type servedFile struct {
	bookFile
	path, contentType string
}

// bookFiles are the files a build writes beside the book's PDF, by the
// names the desk serves them under: the desk never takes a path from a
// request, only these names.
func bookFiles(b store.Book) []servedFile {
	manifest, report := pipeline.OutputNames(b.Output)
	return []servedFile{
		{bookFile{"book.pdf", "the book (PDF)"}, b.Output, "application/pdf"},
		{bookFile{"manifest.json", "its manifest"}, manifest, "application/json"},
		{bookFile{"report.png", "the IQR report"}, report, "image/png"},
		{bookFile{"preflight.txt", "the preflight's checklist"}, pipeline.PreflightName(b.Output), "text/plain; charset=utf-8"},
	}
}

// bookFile is GET /files/books/{id}/{name}: one of bookFiles, or a page
// drawn small (page-N.png).
func (d *Desk) bookFile(w http.ResponseWriter, r *http.Request) {
	b, ok := d.getBook(w, r)
	if !ok {
		return
	}
	name := r.PathValue("name")
	if n, ok := strings.CutPrefix(name, "page-"); ok && strings.HasSuffix(n, ".png") {
		page, err := strconv.Atoi(strings.TrimSuffix(n, ".png"))
		if err != nil || page < 1 || page > 100_000 {
			d.fail(w, r, http.StatusNotFound, fmt.Sprintf("the book has no file %q", name), "")
			return
		}
		dpi := 36
		if v := r.URL.Query().Get("dpi"); v != "" {
			if dpi, err = strconv.Atoi(v); err != nil || dpi < 36 || dpi > 200 {
				d.fail(w, r, http.StatusBadRequest, fmt.Sprintf("dpi: %q is not 36-200", v), "a page is drawn at 36 dpi small, 110 to read")
				return
			}
		}
		d.pagePNG(w, r, b, page, dpi)
		return
	}
	for _, f := range bookFiles(b) {
		if f.Name != name {
			continue
		}
		w.Header().Set("Content-Type", f.contentType)
		if f.Name == "manifest.json" {
			w.Write(b.Manifest)
			return
		}
		data, err := os.ReadFile(f.path)
		if err != nil {
			d.fail(w, r, http.StatusNotFound, fmt.Sprintf("%s is not at %s", f.Label, f.path), "build the book again to write it")
			return
		}
		if f.Name == "book.pdf" {
			w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", filepath.Base(b.Output)))
		}
		w.Write(data)
		return
	}
	d.fail(w, r, http.StatusNotFound, fmt.Sprintf("the book has no file %q", name), "")
}

// pagePNG draws page of the book's PDF at dpi, with poppler's pdftoppm.
func (d *Desk) pagePNG(w http.ResponseWriter, r *http.Request, b store.Book, page, dpi int) {
	ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
	defer cancel()
	dir, err := os.MkdirTemp("", "pressrun-page-")
	if err != nil {
		d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
		return
	}
	defer os.RemoveAll(dir)
	n := strconv.Itoa(page)
	out := filepath.Join(dir, "page")
	err = exec.CommandContext(ctx, "pdftoppm", "-png", "-r", strconv.Itoa(dpi), "-f", n, "-l", n, "-singlefile", b.Output, out).Run()
	var missing *exec.Error
	if errors.As(err, &missing) {
		d.fail(w, r, http.StatusNotFound, "pdftoppm is not installed here", "install poppler-utils to see a book's pages")
		return
	}
	png, rerr := os.ReadFile(out + ".png")
	if err != nil || rerr != nil {
		d.fail(w, r, http.StatusNotFound, fmt.Sprintf("page %d of %s cannot be drawn", page, b.Output), "")
		return
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "max-age=3600")
	w.Write(png)
}

// getBook is the book the path's {id} names, or an error page.
func (d *Desk) getBook(w http.ResponseWriter, r *http.Request) (store.Book, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id < 1 {
		d.fail(w, r, http.StatusNotFound, fmt.Sprintf("%q is not a book's number", r.PathValue("id")), "the books page lists them")
		return store.Book{}, false
	}
	b, err := d.cfg.DB.Book(r.Context(), id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		d.fail(w, r, http.StatusNotFound, fmt.Sprintf("the ledger has no book %d", id), "the books page lists them")
	case err != nil:
		d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
	default:
		return b, true
	}
	return store.Book{}, false
}
