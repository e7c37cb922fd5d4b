package desk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// buildList is GET /build: the specs of the desk's folder.
func (d *Desk) buildList(w http.ResponseWriter, r *http.Request) {
	if !d.canBuild(w, r) {
		return
	}
	specs, err := d.specs()
	if err != nil {
		d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
		return
	}
	d.render(w, r, http.StatusOK, "specs", "Build", "build", specs)
}

// canBuild reports whether the desk has a folder of specs, or answers
// with a page that says how to give it one.
func (d *Desk) canBuild(w http.ResponseWriter, r *http.Request) bool {
	if d.cfg.SpecsDir == "" {
		d.fail(w, r, http.StatusNotFound, "this desk has no folder of specs to build from", "start it with pressrun serve --specs DIR")
		return false
	}
	return true
}

// specOf is the spec the path's {name} names, when the desk builds,
// or an error page.
func (d *Desk) specOf(w http.ResponseWriter, r *http.Request) (string, bool) {
	if !d.canBuild(w, r) {
		return "", false
	}
	name := r.PathValue("name")
	if err := specName(name); err != nil {
		d.fail(w, r, http.StatusNotFound, err.Error(), "a spec is a NAME.yaml file of the desk's folder")
		return "", false
	}
	return name, true
}

// editor is a spec's page: its text, its problems at their lines, the
// plan, and the buttons to save and build (a daily spec: over a range of
// days from a date).
type editor struct {
	Name     string
	Kind     string // "book" or "daily"
	Text     string
	New      bool // not saved yet
	Problems []problemAt
	Plan     plan
	Running  int // the job running this spec, 0 when none
	Saved    bool
	From     string // a daily spec's range: YYYY-MM-DD
	Days     int
}

// specPage is GET /build/{name}.
func (d *Desk) specPage(w http.ResponseWriter, r *http.Request) {
	name, ok := d.specOf(w, r)
	if !ok {
		return
	}
	text, err := d.readSpec(name)
	e := editor{Name: name, Saved: r.URL.Query().Get("saved") == "1"}
	switch {
	case errors.Is(err, os.ErrNotExist):
		e.New = true
		text = []byte("title: \"\"\npage:\n  trim: 6x9\nsections:\n  - level: easy\n    count: 20\n")
	case err != nil:
		d.fail(w, r, http.StatusBadRequest, err.Error(), "")
		return
	}
	from, days, err := d.dailyRange(r)
	if err != nil {
		d.fail(w, r, http.StatusBadRequest, err.Error(), "")
		return
	}
	e.Text, e.From, e.Days = string(text), from.Format(time.DateOnly), days
	c := d.check(r.Context(), name, text, from, days)
	e.Kind, e.Problems, e.Plan = c.kind(), c.Problems, c.Plan
	d.jobs.mu.Lock()
	if j := d.jobs.running[name]; j != nil {
		e.Running = j.ID
	}
	d.jobs.mu.Unlock()
	d.render(w, r, http.StatusOK, "spec", name, "build", e)
}

// check checks text as the spec name, a book's or a daily one's (for
// days days from from).
func (d *Desk) check(ctx context.Context, name string, text []byte, from time.Time, days int) checked {
	if kind, _ := kindOf(text); kind == "daily" {
		return d.checkDaily(ctx, name, text, from, days)
	}
	return d.checkBook(ctx, name, text)
}

// kind is "daily" for a daily spec's check, else "book".
func (c checked) kind() string {
	if c.Plan.Head[0] == "outlet" {
		return "daily"
	}
	return "book"
}

// dailyRange is a daily run's range from the request's from and days
// (default: the desk's day, and a week).
func (d *Desk) dailyRange(r *http.Request) (time.Time, int, error) {
	from, days := d.today(), 7
	if v := r.FormValue("from"); v != "" {
		t, err := time.Parse(time.DateOnly, v)
		if err != nil {
			return from, days, fmt.Errorf("from: %q is not a date (YYYY-MM-DD)", v)
		}
		from = t
	}
	if v := r.FormValue("days"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 366 {
			return from, days, fmt.Errorf("days: %q is not a number of days from 1 to 366", v)
		}
		days = n
	}
	return from, days, nil
}

// readSpec reads the spec name of the desk's folder, refusing one past
// MaxSpec before reading it.
func (d *Desk) readSpec(name string) ([]byte, error) {
	path := filepath.Join(d.cfg.SpecsDir, name)
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if info.Size() > MaxSpec {
		return nil, fmt.Errorf("%s is %d bytes, more than the %d a spec may be", name, info.Size(), MaxSpec)
	}
	return os.ReadFile(path)
}

// specCheck is POST /build/{name}/check?from=&days=: the spec text of
// the body checked as it would be run, for the editor as it is typed: its
// problems at their lines and the plan, as JSON.
func (d *Desk) specCheck(w http.ResponseWriter, r *http.Request) {
	if !d.canBuild(w, r) {
		return
	}
	name := r.PathValue("name")
	if err := specName(name); err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	from, days, err := d.dailyRange(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	text, ok := d.specText(w, r)
	if !ok {
		return
	}
	c := d.check(r.Context(), name, text, from, days)
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(struct {
		Problems []problemAt `json:"problems"`
		Plan     plan        `json:"plan"`
	}{c.Problems, c.Plan})
}

// specText is the spec text a form or a body sends (the form's field
// text, or its uploaded file, else the whole body), at most MaxSpec
// bytes: a larger one is refused, never cut short.
func (d *Desk) specText(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	tooBig := func() ([]byte, bool) {
		d.fail(w, r, http.StatusRequestEntityTooLarge, fmt.Sprintf("the spec is larger than the %d bytes a spec may be", MaxSpec), "")
		return nil, false
	}
	// Form encoding triples a spec's size at most.
	r.Body = http.MaxBytesReader(w, r.Body, 3*MaxSpec+4096)
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	var text []byte
	switch ct {
	case "application/x-www-form-urlencoded":
		if err := r.ParseForm(); err != nil {
			return tooBig()
		}
		text = []byte(r.PostFormValue("text"))
	case "multipart/form-data":
		if err := r.ParseMultipartForm(MaxSpec); err != nil {
			return tooBig()
		}
		text = []byte(r.PostFormValue("text"))
		if f, _, err := r.FormFile("file"); err == nil {
			defer f.Close()
			if text, err = io.ReadAll(io.LimitReader(f, MaxSpec+1)); err != nil {
				d.fail(w, r, http.StatusBadRequest, err.Error(), "")
				return nil, false
			}
		}
	default:
		b, err := io.ReadAll(r.Body)
		if err != nil {
			return tooBig()
		}
		text = b
	}
	if len(text) > MaxSpec {
		return tooBig()
	}
	return text, true
}

// specSave is POST /build/{name}: save the spec's text (the form's
// field text, or an uploaded file), then build it when the form's
// action says so.
func (d *Desk) specSave(w http.ResponseWriter, r *http.Request) {
	name, ok := d.specOf(w, r)
	if !ok {
		return
	}
	text, ok := d.specText(w, r)
	if !ok {
		return
	}
	path := filepath.Join(d.cfg.SpecsDir, name)
	tmp := path + ".desk-tmp"
	if err := os.WriteFile(tmp, text, 0o644); err != nil {
		d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
		return
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
		return
	}
	if r.PostFormValue("action") != "build" {
		q := url.Values{"saved": {"1"}}
		if v := r.FormValue("from"); v != "" {
			q.Set("from", v)
		}
		if v := r.FormValue("days"); v != "" {
			q.Set("days", v)
		}
		http.Redirect(w, r, withQuery("/build/"+name, q), http.StatusSeeOther)
		return
	}
	from, days, err := d.dailyRange(r)
	if err != nil {
		d.fail(w, r, http.StatusBadRequest, err.Error(), "")
		return
	}
	c := d.check(r.Context(), name, text, from, days)
	if len(c.Problems) > 0 {
		http.Redirect(w, r, "/build/"+name, http.StatusSeeOther)
		return
	}
	var j *job
	if c.Daily != nil {
		j, err = d.startDaily(name, c.Daily, c.DailyLay, from, days)
	} else {
		j, err = d.startBuild(name, c.Book, c.Layout, c.Day)
	}
	if errors.Is(err, errRunning) {
		d.render(w, r, http.StatusConflict, "error", "Already building", "build",
			problem{Status: http.StatusConflict, Message: fmt.Sprintf("%s is being built already (build %d)", name, j.ID), Hint: fmt.Sprintf("watch it at /jobs/%d", j.ID)})
		return
	}
	http.Redirect(w, r, fmt.Sprintf("/jobs/%d", j.ID), http.StatusSeeOther)
}

// today is the book's date of a build started now: the desk's day.
func (d *Desk) today() time.Time {
	t := d.cfg.Now().UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}
