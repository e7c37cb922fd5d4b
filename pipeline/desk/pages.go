package desk

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/pressrun/pressrun/pipeline"
)

//go:embed pages/*.html
var pageFiles embed.FS

//go:embed static
var static embed.FS

// pages are the desk's templates: each page file with the layout.
type pages struct {
	byName map[string]*template.Template
}

// funcs are what the templates may call beyond html/template's own.
var funcs = template.FuncMap{
	"level": pipeline.DisplayLevel,
	"float": func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) },
	"short": func(id string) string { return id[:min(8, len(id))] },
	"date":  func(t time.Time) string { return t.UTC().Format("2006-01-02") },
	// stamp is a time the ledger keeps as RFC 3339, to the minute.
	"stamp": func(s string) string { return event{When: s}.Shown() },
	// link is path with the query q, the pairs kv set (an empty value
	// removes its key): a URL the template writes as it is.
	"link": func(path string, q url.Values, kv ...string) template.URL {
		c := url.Values{}
		for k, v := range q {
			c[k] = v
		}
		for i := 0; i+1 < len(kv); i += 2 {
			if kv[i+1] == "" {
				c.Del(kv[i])
			} else {
				c.Set(kv[i], kv[i+1])
			}
		}
		return template.URL(withQuery(path, c))
	},
	"page": func(n int) string { return strconv.Itoa(n) },
	// month is the archive's search for the puzzles archived in the
	// month YYYY-MM.
	"month": func(m string) template.URL {
		t, err := time.Parse("2006-01", m)
		if err != nil {
			return "/puzzles"
		}
		q := url.Values{"from": {t.Format(time.DateOnly)}, "to": {t.AddDate(0, 1, -1).Format(time.DateOnly)}}
		return template.URL(withQuery("/puzzles", q))
	},
	"outlet": func(outlet, when string) template.URL { return template.URL(outletPath(outlet, when)) },
	"add":    func(a, b int) int { return a + b },
}

// loadPages parses every page with the layout.
func loadPages() (*pages, error) {
	names, err := fs.Glob(pageFiles, "pages/*.html")
	if err != nil {
		return nil, err
	}
	p := &pages{byName: map[string]*template.Template{}}
	for _, name := range names {
		base := strings.TrimSuffix(strings.TrimPrefix(name, "pages/"), ".html")
		if base == "layout" {
			continue
		}
		t, err := template.New("layout.html").Funcs(funcs).ParseFS(pageFiles, "pages/layout.html", name)
		if err != nil {
			return nil, fmt.Errorf("desk: page %s: %w", base, err)
		}
		p.byName[base] = t
	}
	return p, nil
}

// view is what every page gets: its title, the section of the menu it
// is in, and its own data.
type view struct {
	Title    string
	Section  string
	ReadOnly bool
	Data     any
}

// render writes the page name with data; a template that fails becomes
// an error page, not half a page.
func (d *Desk) render(w http.ResponseWriter, r *http.Request, status int, name, title, section string, data any) {
	t, ok := d.pages.byName[name]
	if !ok {
		d.fail(w, r, http.StatusInternalServerError, fmt.Sprintf("no page %q", name), "")
		return
	}
	var b bytes.Buffer
	if err := t.Execute(&b, view{Title: title, Section: section, ReadOnly: d.cfg.ReadOnly, Data: data}); err != nil {
		if name == "error" {
			http.Error(w, title, status)
			return
		}
		d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// problem is an error page's content: what went wrong and what to do,
// as the command line says it.
type problem struct {
	Status  int
	Message string
	Hint    string
}

// fail answers with an error page.
func (d *Desk) fail(w http.ResponseWriter, r *http.Request, status int, message, hint string) {
	d.render(w, r, status, "error", http.StatusText(status), "", problem{Status: status, Message: message, Hint: hint})
}
