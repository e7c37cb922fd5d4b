package desk

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/engine/teach"
	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/store"
	"github.com/pressrun/pressrun/templates"
)

// PageSize is how many puzzles a page of the archive's search lists.
const PageSize = 50

// search is a search of the archive as its URL gives it:
// /puzzles?q=&variant=&level=&technique=&er=&score=&published=&source=&from=&to=&order=&desc=&page=.
type search struct {
	Query  url.Values
	Filter store.Filter
	Page   int
}

// parseSearch reads a search from the URL's query; a value it cannot
// read is an error naming the parameter, as a flag's would.
func parseSearch(q url.Values) (search, error) {
	s := search{Query: url.Values{}, Page: 1}
	f := &s.Filter
	for _, k := range []string{"q", "variant", "level", "technique", "er", "score", "published", "source", "from", "to", "order", "desc", "page"} {
		if v := strings.TrimSpace(q.Get(k)); v != "" {
			s.Query.Set(k, v)
		}
	}
	get := s.Query.Get
	if id := strings.ToLower(get("q")); id != "" {
		if len(id) > 16 || strings.Trim(id, "0123456789abcdef") != "" {
			return s, fmt.Errorf("q: %q is not the start of a puzzle id (up to 16 hex digits)", get("q"))
		}
		f.IDPrefix = id
	}
	f.Variant = get("variant")
	f.Level = strings.ToLower(get("level"))
	if name := get("technique"); name != "" {
		t, err := teach.Named(name)
		if err != nil {
			return s, fmt.Errorf("technique: no technique %q (the list offers them)", name)
		}
		for _, m := range t.Members {
			f.Techniques = append(f.Techniques, m.Key())
		}
	}
	f.Source = get("source")
	var err error
	if f.ERMin, f.ERMax, err = floatRange(get("er")); err != nil {
		return s, fmt.Errorf("er: %w", err)
	}
	lo, hi, err := floatRange(get("score"))
	if err != nil {
		return s, fmt.Errorf("score: %w", err)
	}
	f.ScoreMin, f.ScoreMax = intOf(lo), intOf(hi)
	switch get("published") {
	case "":
	case "yes":
		f.Published = new(true)
	case "no":
		f.Published = new(false)
	default:
		return s, fmt.Errorf("published: %q: want yes or no", get("published"))
	}
	for _, d := range []struct {
		name string
		t    *time.Time
		next bool
	}{{"from", &f.From, false}, {"to", &f.To, true}} {
		if v := get(d.name); v != "" {
			t, err := time.Parse(time.DateOnly, v)
			if err != nil {
				return s, fmt.Errorf("%s: %q is not a date (YYYY-MM-DD)", d.name, v)
			}
			if d.next { // to is the last day, included
				t = t.AddDate(0, 0, 1)
			}
			*d.t = t
		}
	}
	if o := get("order"); o != "" {
		if _, ok := store.Orders[o]; !ok {
			return s, fmt.Errorf("order: cannot order by %q (%s)", o, strings.Join(slices.Sorted(keys(store.Orders)), ", "))
		}
		f.Order = o
	}
	f.Descending = get("desc") == "1"
	if p := get("page"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 1_000_000 {
			return s, fmt.Errorf("page: %q is not a page number", p)
		}
		s.Page = n
	}
	f.Limit, f.Offset = PageSize+1, (s.Page-1)*PageSize // one more: is there a next page?
	return s, nil
}

// floatRange reads "A-B", "A-", "-B" or "A" (A to A).
func floatRange(v string) (lo, hi *float64, err error) {
	if v == "" {
		return nil, nil, nil
	}
	a, b, isRange := strings.Cut(v, "-")
	if !isRange {
		b = a
	}
	read := func(s string) (*float64, error) {
		if s = strings.TrimSpace(s); s == "" {
			return nil, nil
		}
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a number or a range such as 3-5.5", v)
		}
		return &x, nil
	}
	if lo, err = read(a); err != nil {
		return nil, nil, err
	}
	if hi, err = read(b); err != nil {
		return nil, nil, err
	}
	if lo != nil && hi != nil && *lo > *hi {
		return nil, nil, fmt.Errorf("%q runs backwards", v)
	}
	return lo, hi, nil
}

func intOf(x *float64) *int {
	if x == nil {
		return nil
	}
	return new(int(*x))
}

func keys[K comparable, V any](m map[K]V) func(func(K) bool) {
	return func(yield func(K) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// found is the archive page: the search, its puzzles, and the choices
// the form offers.
type found struct {
	search
	Puzzles    []store.Puzzle
	Next       bool
	Error      string
	Variants   []string
	Levels     []string
	Techniques []string // the names the technique list offers
	Orders     []string
}

// puzzles is GET /puzzles: the archive searched and paged.
func (d *Desk) puzzles(w http.ResponseWriter, r *http.Request) {
	s, err := parseSearch(r.URL.Query())
	page := found{search: s, Orders: slices.Sorted(keys(store.Orders))}
	status := http.StatusOK
	if err != nil {
		page.Error, status = err.Error(), http.StatusBadRequest
	} else {
		ps, err := d.cfg.DB.Query(r.Context(), s.Filter)
		if err != nil {
			d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
			return
		}
		if len(ps) > PageSize {
			ps, page.Next = ps[:PageSize], true
		}
		page.Puzzles = ps
	}
	page.Variants, page.Levels = kinds()
	for _, t := range teach.All() {
		page.Techniques = append(page.Techniques, t.Name)
	}
	d.render(w, r, status, "puzzles", "Archive", "puzzles", page)
}

// kinds are the variants and levels the search form offers: every kind
// pressrun knows and the default ladder's levels (asking the archive
// which it holds would scan it).
func kinds() (variants, levels []string) {
	return variant.Kinds, level.Default().Names()
}

// shown is a puzzle's page.
type shown struct {
	P            store.Puzzle
	Kind         string
	Line         string
	Ratings      []rating
	Techniques   []technique
	Steps        []step
	StepsError   string
	Publications []store.Publication
	History      []event
}

// event is a moment of a puzzle's history: archived, rated, re-rated,
// placed, withdrawn.
type event struct {
	When string // RFC 3339 in UTC
	What string
}

// Shown is when the event happened, to the minute.
func (e event) Shown() string {
	if t, err := time.Parse(time.RFC3339, e.When); err == nil {
		return t.UTC().Format("2006-01-02 15:04 UTC")
	}
	return e.When
}

// history is the puzzle's life in time order: when it was archived, each
// rating (past ones from rating_history, then the current one), each
// placement and each withdrawal.
func history(p store.Puzzle, past []store.PastRating, pubs []store.Publication) []event {
	stamp := func(t time.Time) string { return t.UTC().Format(time.RFC3339) }
	source := p.Source
	if p.Label != "" {
		source += ": " + p.Label
	}
	out := []event{{stamp(p.Created), fmt.Sprintf("archived (%s, pressrun %s)", source, p.Version)}}
	rated := func(r store.Ratings) string {
		return fmt.Sprintf("rated %s by %s, er %s, score %d", pipeline.DisplayLevel(r.Level), r.Rater, figure(r.ER), r.Score)
	}
	for _, r := range past {
		out = append(out, event{stamp(r.Rated), rated(r.Ratings)}, event{stamp(r.Replaced), "re-rated: the rating of " + r.Rater + " replaced"})
	}
	if p.Ratings != nil {
		out = append(out, event{stamp(p.Ratings.Rated), rated(*p.Ratings)})
	}
	for _, pub := range pubs {
		where := pub.Outlet + " of " + pub.Date
		if pub.Book != nil {
			where = fmt.Sprintf("book %d (%s), %s #%d, page %d", pub.Book.ID, pub.Book.Title, pub.Section, pub.Ordinal, pub.Page)
		}
		out = append(out, event{pub.Created, "placed in " + where})
		if pub.Withdrawn != "" {
			what := "withdrawn from " + where + ": " + pub.Why
			if pub.By != "" {
				what += " (by " + pub.By + ")"
			}
			out = append(out, event{pub.Withdrawn, what})
		}
	}
	slices.SortStableFunc(out, func(a, b event) int { return strings.Compare(a.When, b.When) })
	return out
}

// rating is one rating column and its value.
type rating struct {
	Name, Value string
}

// figure is a rating as people read it: whole numbers whole, the others
// to four significant digits.
func figure(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// technique is a technique the logical solve used, and how often.
type technique struct {
	Name  string
	Count int
}

// puzzle is GET /puzzles/{id}: everything the archive knows of one
// puzzle.
func (d *Desk) puzzle(w http.ResponseWriter, r *http.Request) {
	p, ok := d.get(w, r)
	if !ok {
		return
	}
	pubs, err := d.cfg.DB.Publications(r.Context(), p.ID)
	if err != nil {
		d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
		return
	}
	past, err := d.cfg.DB.RatingHistory(r.Context(), p.ID)
	if err != nil {
		d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
		return
	}
	page := shown{P: p, Kind: p.Geometry().Key(), Line: p.Line(p.Givens), Publications: pubs, History: history(p, past, pubs)}
	if p.Ratings != nil {
		for _, c := range rate.Columns {
			if v, ok := p.Ratings.Column(c); ok {
				page.Ratings = append(page.Ratings, rating{c, figure(v)})
			}
		}
		for name, n := range p.Ratings.Techniques {
			page.Techniques = append(page.Techniques, technique{name, n})
		}
		slices.SortFunc(page.Techniques, func(a, b technique) int { return strings.Compare(a.Name, b.Name) })
	}
	if steps, err := explanation(p); err != nil {
		page.StepsError = err.Error()
	} else {
		page.Steps = steps
	}
	d.render(w, r, http.StatusOK, "puzzle", "Puzzle "+p.ID[:8], "puzzles", page)
}

// step is one step of the logical solve: its sentence and rating.
type step struct {
	Rating float64
	Text   string
}

// explanation is the logical solve of p, step by step, by the rater of
// its kind (for classic, on the scale of its ratings).
func explanation(p store.Puzzle) ([]step, error) {
	var steps []step
	if p.Variant == nil {
		var opts logic.Options
		if p.Ratings != nil {
			opts.Scale = rate.ScaleOf(p.Ratings.Rater) // nil for another rater's: the default
		}
		res, err := logic.SolveWith(store.Classic(p.Givens), opts)
		for _, s := range res.Steps {
			steps = append(steps, step{s.Rating, s.Text})
		}
		return steps, err
	}
	res, err := pipeline.NewVariantKit().Solve(p.Variant, p.Givens)
	for _, s := range res.Steps {
		steps = append(steps, step{s.Rating, s.Text})
	}
	return steps, err
}

// puzzleFile is GET /puzzles/{id}/puzzle.svg and solution.svg: the
// grid drawn as the daily files draw it.
func (d *Desk) puzzleFile(w http.ResponseWriter, r *http.Request) {
	var solution bool
	switch r.PathValue("file") {
	case "puzzle.svg":
	case "solution.svg":
		solution = true
	default:
		d.fail(w, r, http.StatusNotFound, fmt.Sprintf("a puzzle has no file %q", r.PathValue("file")), "ask for puzzle.svg or solution.svg")
		return
	}
	p, ok := d.get(w, r)
	if !ok {
		return
	}
	level := ""
	if p.Ratings != nil {
		level = p.Ratings.Level
	}
	var b bytes.Buffer
	s := templates.Single{Puzzle: pipeline.Printed(pipeline.DailyPuzzle{Puzzle: p, Level: level}), Heading: "Puzzle " + p.ID[:8], Solution: solution}
	if err := templates.WriteSingleSVG(&b, s); err != nil {
		d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "max-age=3600")
	w.Write(b.Bytes())
}

// get is the puzzle the path's {id} names (at least 4 hex digits of
// it), or an error page.
func (d *Desk) get(w http.ResponseWriter, r *http.Request) (store.Puzzle, bool) {
	id := strings.ToLower(r.PathValue("id"))
	if len(id) < 4 || len(id) > 16 || strings.Trim(id, "0123456789abcdef") != "" {
		d.fail(w, r, http.StatusNotFound, fmt.Sprintf("%q is not a puzzle id", r.PathValue("id")), "an id is 4 to 16 of the hex digits the archive lists")
		return store.Puzzle{}, false
	}
	p, err := d.cfg.DB.Get(r.Context(), id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		d.fail(w, r, http.StatusNotFound, fmt.Sprintf("the archive has no puzzle %s", id), "search the archive for it")
	case errors.Is(err, store.ErrAmbiguous):
		d.fail(w, r, http.StatusNotFound, fmt.Sprintf("more than one puzzle's id starts with %s", id), "give more digits of the id")
	case err != nil:
		d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
	default:
		return p, true
	}
	return store.Puzzle{}, false
}
