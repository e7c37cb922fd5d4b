package desk

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/templates"
)

// MaxSpec is the largest spec the desk reads or takes from a browser: a
// book spec is a few kilobytes.
const MaxSpec = 256 << 10

// specFile is a spec of the desk's folder.
type specFile struct {
	Name  string // the file's name in the folder: letters, digits, - _ . and .yaml
	Kind  string // "book" or "daily"
	Title string
}

// specName checks a spec's name from a URL or a form: a plain file name
// ending in .yaml, never a path.
func specName(name string) error {
	if !strings.HasSuffix(name, ".yaml") || len(name) > 100 || name == ".yaml" {
		return fmt.Errorf("%q is not a spec's name (NAME.yaml)", name)
	}
	for _, r := range strings.TrimSuffix(name, ".yaml") {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return fmt.Errorf("%q is not a spec's name: letters, digits, - _ and . only", name)
		}
	}
	if strings.HasPrefix(name, ".") {
		return fmt.Errorf("%q is not a spec's name: it starts with a dot", name)
	}
	return nil
}

// specs lists the specs of the desk's folder.
func (d *Desk) specs() ([]specFile, error) {
	entries, err := os.ReadDir(d.cfg.SpecsDir)
	if err != nil {
		return nil, err
	}
	var out []specFile
	for _, e := range entries {
		if e.IsDir() || specName(e.Name()) != nil {
			continue
		}
		info, err := e.Info()
		if err != nil || info.Size() > MaxSpec {
			continue
		}
		data, err := os.ReadFile(filepath.Join(d.cfg.SpecsDir, e.Name()))
		if err != nil {
			continue
		}
		kind, title := kindOf(data)
		out = append(out, specFile{Name: e.Name(), Kind: kind, Title: title})
	}
	slices.SortFunc(out, func(a, b specFile) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// kindOf says whether a spec's text is a daily spec (it has outlets:) or a
// book's, and gives its title: (a book's).
func kindOf(text []byte) (kind, title string) {
	var top struct {
		Title   string `yaml:"title"`
		Outlets any    `yaml:"outlets"`
	}
	if yaml.Unmarshal(text, &top) != nil {
		top.Title = "(does not read as YAML)"
	}
	if top.Outlets != nil {
		return "daily", top.Title
	}
	return "book", top.Title
}

// checked is a spec read and checked as `build --dry-run` (or `daily
// --dry-run`) does, with its plan when it has no problem.
type checked struct {
	Book     *configs.Book // a book spec, or
	Daily    *configs.Daily
	Layout   *templates.Book       // a book's
	DailyLay *pipeline.DailyLayout // a daily spec's
	Day      time.Time             // a book's date: the spec's date:, else the desk's day
	Problems []problemAt
	Plan     plan
}

// problemAt is a problem of a spec at its line (0: the spec as a whole).
type problemAt struct {
	Line  int    `json:"line"`
	Field string `json:"field"`
	Msg   string `json:"msg"`
}

// plan is what a run would do, as a table: for a book, what each section
// needs and what the archive could give now; for a daily spec, what each
// outlet needs over the range.
type plan struct {
	Head []string   `json:"head"`
	Rows [][]string `json:"rows"`
}

// checkBook reads text as the book spec name of the desk's folder and
// checks it: the spec's own checks, the page layout's, and the desk's
// confinement: every file it names (output, fonts, cover background,
// levels file) lies inside the folder, and its archive is the desk's.
func (d *Desk) checkBook(ctx context.Context, name string, text []byte) checked {
	c := checked{Day: d.today(), Plan: plan{Head: []string{"section", "kind", "level", "count", "in the archive", "to make"}}}
	path := filepath.Join(d.cfg.SpecsDir, name)
	if p := d.levelsOutside(text); p != nil {
		c.Problems = append(c.Problems, *p)
		return c
	}
	spec, err := configs.ParseBook(path, text)
	var cerr error
	if spec != nil {
		if out := d.confine(spec); len(out) > 0 {
			err = configs.Join(err, out)
		} else {
			spec.Archive = d.cfg.Archive
			if spec.Date != nil {
				c.Day = *spec.Date
			}
			c.Layout, cerr = pipeline.CheckBook(spec, c.Day, d.cfg.Version)
		}
	}
	if err := configs.Join(err, cerr); err != nil {
		c.Problems = problemsOf(err)
		return c
	}
	c.Book = spec
	reusable, err := pipeline.Reusable(ctx, spec)
	if err != nil {
		c.Problems = append(c.Problems, problemAt{Msg: err.Error()})
		return c
	}
	for i, s := range spec.Sections {
		title := pipeline.PlanTitle(s)
		c.Plan.Rows = append(c.Plan.Rows, []string{title, s.Kind.String(), s.Level, strconv.Itoa(s.Count),
			strconv.Itoa(reusable[i]), "~" + strconv.Itoa(max(0, pipeline.FirstRound(s.Count)-reusable[i]))})
	}
	return c
}

// checkDaily reads text as the daily spec name of the desk's folder and
// checks it as daily --dry-run does, for days days from from: the spec's
// checks, its files' (fonts, formats), and the desk's confinement: its
// output folder lies inside the folder, and its archive is the desk's.
func (d *Desk) checkDaily(ctx context.Context, name string, text []byte, from time.Time, days int) checked {
	c := checked{Plan: plan{Head: []string{"outlet", "exclusive", "days", "puzzles", "in the ledger", "to make"}}}
	if p := d.levelsOutside(text); p != nil {
		c.Problems = append(c.Problems, *p)
		return c
	}
	spec, err := configs.ParseDaily(filepath.Join(d.cfg.SpecsDir, name), text)
	var cerr error
	if spec != nil {
		if !d.inside(spec.Output) {
			err = configs.Join(err, configs.Errors{{File: spec.File, Line: spec.Lines["output"], Field: "output",
				Msg: fmt.Sprintf("%s is outside the desk's folder of specs", spec.Output)}})
		} else {
			spec.Archive = d.cfg.Archive
			c.DailyLay, cerr = pipeline.CheckDaily(spec)
		}
	}
	if err := configs.Join(err, cerr); err != nil {
		c.Problems = problemsOf(err)
		return c
	}
	c.Daily = spec
	p, err := pipeline.PlanDaily(ctx, spec, pipeline.DailyOptions{From: from, Days: days})
	if err != nil {
		c.Problems = append(c.Problems, problemAt{Msg: err.Error()})
		return c
	}
	for _, op := range p.Outlets {
		made := 0
		for _, n := range op.ToMake {
			made += n
		}
		c.Plan.Rows = append(c.Plan.Rows, []string{op.Outlet.Name, strconv.FormatBool(op.Outlet.Exclusive), strconv.Itoa(op.Days),
			strconv.Itoa(op.Puzzles), strconv.Itoa(op.Ledger), strconv.Itoa(made)})
	}
	return c
}

// problemsOf are a spec's problems, at their lines.
func problemsOf(err error) []problemAt {
	var errs configs.Errors
	if !errors.As(err, &errs) {
		return []problemAt{{Msg: err.Error()}}
	}
	out := make([]problemAt, len(errs))
	for i, e := range errs {
		out[i] = problemAt{Line: e.Line, Field: e.Field, Msg: e.Msg}
	}
	return out
}

// levelsOutside is the problem of a spec whose levels: names a file
// outside the desk's folder, found before the spec is read (reading it
// would read that file).
func (d *Desk) levelsOutside(text []byte) *problemAt {
	var top yaml.Node
	if yaml.Unmarshal(text, &top) != nil || len(top.Content) == 0 || top.Content[0].Kind != yaml.MappingNode {
		return nil // the spec's own reading says what is wrong
	}
	m := top.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		if k, v := m.Content[i], m.Content[i+1]; k.Value == "levels" && v.Kind == yaml.ScalarNode {
			if !d.inside(v.Value) {
				return &problemAt{Line: v.Line, Field: "levels", Msg: fmt.Sprintf("%s is outside the desk's folder of specs", v.Value)}
			}
		}
	}
	return nil
}

// confine checks that every file the spec names lies inside the desk's
// folder, and names the line of each that does not.
func (d *Desk) confine(spec *configs.Book) configs.Errors {
	var errs configs.Errors
	check := func(field, path string) {
		if path != "" && !d.inside(path) {
			errs = append(errs, &configs.Error{File: spec.File, Line: spec.Lines[field], Field: field,
				Msg: fmt.Sprintf("%s is outside the desk's folder of specs", path)})
		}
	}
	check("output", spec.Output)
	check("page.font", spec.Page.Font)
	check("page.bold-font", spec.Page.BoldFont)
	if spec.Cover != nil {
		check("cover.background", spec.Cover.Background)
	}
	return errs
}

// inside reports whether path (relative to the folder, or absolute)
// lies inside the desk's folder of specs.
func (d *Desk) inside(path string) bool {
	dir, err := filepath.Abs(d.cfg.SpecsDir)
	if err != nil {
		return false
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	rel, err := filepath.Rel(dir, filepath.Clean(path))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
