package desk

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/pressrun/pressrun/store"
)

// outletList is the page of the ledger's outlets.
type outletList struct {
	Outlets []store.OutletCount
	Month   string // this month, where each outlet's link opens
}

// outlets is GET /outlets: every newspaper outlet of the ledger.
func (d *Desk) outlets(w http.ResponseWriter, r *http.Request) {
	os, err := d.cfg.DB.Outlets(r.Context())
	if err != nil {
		d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
		return
	}
	d.render(w, r, http.StatusOK, "outlets", "Outlets", "outlets", outletList{Outlets: os, Month: d.cfg.Now().Format("2006-01")})
}

// month is an outlet's month in the ledger: weeks of days, Monday first.
type month struct {
	Outlet     string
	Title      string // "December 2026"
	Prev, Next string // the months before and after, YYYY-MM
	Weeks      [][]calendarDay
}

// calendarDay is one day of a month's grid: blank outside the month.
type calendarDay struct {
	Date  string // YYYY-MM-DD; "" outside the month
	Day   int
	Issue *store.Issue
}

// outletTime is GET /outlets/{outlet}/{when}: when is a month (YYYY-MM)
// or a day (YYYY-MM-DD).
func (d *Desk) outletTime(w http.ResponseWriter, r *http.Request) {
	outlet, ok := d.outlet(w, r)
	if !ok {
		return
	}
	when := r.PathValue("when")
	if t, err := time.Parse("2006-01", when); err == nil {
		d.month(w, r, outlet, t)
		return
	}
	if t, err := time.Parse(time.DateOnly, when); err == nil {
		d.day(w, r, outlet, t)
		return
	}
	d.fail(w, r, http.StatusNotFound, fmt.Sprintf("%q is neither a month (YYYY-MM) nor a day (YYYY-MM-DD)", when), "")
}

// outlet is the outlet the path's {outlet} names, as the ledger spells
// it (the name in any case), or an error page.
func (d *Desk) outlet(w http.ResponseWriter, r *http.Request) (string, bool) {
	name := r.PathValue("outlet")
	os, err := d.cfg.DB.Outlets(r.Context())
	if err != nil {
		d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
		return "", false
	}
	for _, o := range os {
		if strings.EqualFold(o.Outlet, name) {
			return o.Outlet, true
		}
	}
	d.fail(w, r, http.StatusNotFound, fmt.Sprintf("the ledger has no outlet %q", name), "the outlets page lists those it has")
	return "", false
}

// month shows the outlet's issues of the month starting at t.
func (d *Desk) month(w http.ResponseWriter, r *http.Request, outlet string, t time.Time) {
	first := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
	last := first.AddDate(0, 1, -1)
	issues, err := d.cfg.DB.Issues(r.Context(), outlet, first.Format(time.DateOnly), last.Format(time.DateOnly))
	if err != nil {
		d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
		return
	}
	byDate := map[string]*store.Issue{}
	for i := range issues {
		byDate[issues[i].Date] = &issues[i]
	}
	m := month{Outlet: outlet, Title: first.Format("January 2006"),
		Prev: first.AddDate(0, -1, 0).Format("2006-01"), Next: first.AddDate(0, 1, 0).Format("2006-01")}
	lead := (int(first.Weekday()) + 6) % 7 // Monday first
	var week []calendarDay
	for range lead {
		week = append(week, calendarDay{})
	}
	for day := first; !day.After(last); day = day.AddDate(0, 0, 1) {
		date := day.Format(time.DateOnly)
		week = append(week, calendarDay{Date: date, Day: day.Day(), Issue: byDate[date]})
		if len(week) == 7 {
			m.Weeks, week = append(m.Weeks, week), nil
		}
	}
	if len(week) > 0 {
		for len(week) < 7 {
			week = append(week, calendarDay{})
		}
		m.Weeks = append(m.Weeks, week)
	}
	d.render(w, r, http.StatusOK, "month", outlet+", "+m.Title, "outlets", m)
}

// dayPage is an outlet's issue of one date.
type dayPage struct {
	Outlet string
	Date   string
	Title  string // "Saturday 5 December 2026"
	Month  string
	Issue  *store.Issue
	// Replace says whether the day may be replaced from here (its
	// outlet's daily spec is in the desk's folder), else why not.
	Replace   bool
	NoReplace string
}

// day shows the outlet's issue of date t: its puzzles, and those
// withdrawn from it with the reason.
func (d *Desk) day(w http.ResponseWriter, r *http.Request, outlet string, t time.Time) {
	date := t.Format(time.DateOnly)
	issues, err := d.cfg.DB.Issues(r.Context(), outlet, date, date)
	if err != nil {
		d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
		return
	}
	p := dayPage{Outlet: outlet, Date: date, Title: t.Format("Monday 2 January 2006"), Month: t.Format("2006-01")}
	if len(issues) > 0 {
		p.Issue = &issues[0]
		if !d.cfg.ReadOnly {
			spec, why := d.dailySpec(outlet)
			p.Replace, p.NoReplace = spec != nil, why
		}
	}
	d.render(w, r, http.StatusOK, "day", outlet+", "+date, "outlets", p)
}

// outletPath is the path of an outlet's page for when (a month or a day).
func outletPath(outlet, when string) string {
	return "/outlets/" + url.PathEscape(outlet) + "/" + when
}
