package desk

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"time"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/pipeline"
)

// dailySpec is the daily spec of the desk's folder that has the outlet,
// confined as a book spec is (its output folder inside the folder, its
// archive the desk's), or nil and why not. Its files' layout (fonts) is
// checked only when a day is replaced: a day's page asks this on every
// visit.
func (d *Desk) dailySpec(outlet string) (*configs.Daily, string) {
	if d.cfg.SpecsDir == "" {
		return nil, "the desk has no folder of specs (pressrun serve --specs DIR) holding this outlet's daily spec"
	}
	specs, err := d.specs()
	if err != nil {
		return nil, err.Error()
	}
	for _, sf := range specs {
		if sf.Kind != "daily" {
			continue
		}
		spec, err := configs.LoadDaily(filepath.Join(d.cfg.SpecsDir, sf.Name))
		if spec == nil {
			continue
		}
		found := false
		for _, o := range spec.Outlets {
			found = found || strings.EqualFold(o.Name, outlet)
		}
		if !found {
			continue
		}
		if err != nil {
			return nil, fmt.Sprintf("%s has problems: %v", sf.Name, err)
		}
		if !d.inside(spec.Output) {
			return nil, fmt.Sprintf("%s writes its files to %s, outside the desk's folder of specs", sf.Name, spec.Output)
		}
		spec.Archive = d.cfg.Archive
		return spec, ""
	}
	return nil, "no daily spec of the desk's folder has this outlet"
}

// replaceDay is POST /outlets/{outlet}/{date}/replace: what daily
// --replace does, from the outlet's daily spec in the desk's folder: the
// day's puzzles are withdrawn, with why and by whom, new ones chosen and
// placed, and the day's files written again.
func (d *Desk) replaceDay(w http.ResponseWriter, r *http.Request) {
	outlet, ok := d.outlet(w, r)
	if !ok {
		return
	}
	date, err := time.Parse(time.DateOnly, r.PathValue("when"))
	if err != nil {
		d.fail(w, r, http.StatusNotFound, fmt.Sprintf("%q is not a day (YYYY-MM-DD)", r.PathValue("when")), "")
		return
	}
	why, by := strings.TrimSpace(r.PostFormValue("why")), strings.TrimSpace(r.PostFormValue("by"))
	if why == "" || by == "" || len(why) > 500 || len(by) > 100 {
		d.fail(w, r, http.StatusBadRequest, "a replacement needs why (at most 500 characters) and your name (at most 100)", "the ledger keeps both beside the withdrawn puzzle")
		return
	}
	spec, problem := d.dailySpec(outlet)
	if spec == nil {
		d.fail(w, r, http.StatusConflict, problem, "put the outlet's daily spec in the desk's folder, or run pressrun daily --replace")
		return
	}
	lay, err := pipeline.CheckDaily(spec)
	if err != nil {
		d.fail(w, r, http.StatusConflict, fmt.Sprintf("%s has problems: %v", filepath.Base(spec.File), err), "fix the spec in the desk's Build page")
		return
	}
	opts := pipeline.DailyOptions{Seed: seedOf(spec.Seed), From: date, Days: 1, Outlets: []string{outlet}, Version: d.cfg.Version, Workers: d.cfg.Workers,
		Replace: &pipeline.Replacement{Date: date, Why: why, By: by}}
	// A client that leaves does not stop a replacement half way.
	ctx := context.WithoutCancel(r.Context())
	_, err = pipeline.Daily(ctx, spec, lay, opts)
	switch {
	case errors.Is(err, pipeline.ErrNoIssue):
		d.fail(w, r, http.StatusNotFound, err.Error(), "a day is replaced once it was made: run pressrun daily for it first")
		return
	case err != nil:
		d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
		return
	}
	if d.cfg.Log != nil {
		d.cfg.Log.Printf("replaced %s %s by %q: %q", outlet, date.Format(time.DateOnly), by, why)
	}
	http.Redirect(w, r, outletPath(outlet, date.Format(time.DateOnly)), http.StatusSeeOther)
}
