package desk

import (
	"net/http"

	"github.com/pressrun/pressrun/store"
)

// summary is the overview page: the archive's counts.
type summary struct {
	Backend  string
	Location string
	Stats    store.Stats
	Total    int
	Unpub    int
}

// overview is GET /: what the archive holds, at a glance.
func (d *Desk) overview(w http.ResponseWriter, r *http.Request) {
	st, err := d.archiveStats(r.Context())
	if err != nil {
		d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
		return
	}
	s := summary{Backend: d.cfg.DB.Backend(), Location: store.Shown(d.cfg.DB.Path()), Stats: st}
	for _, l := range st.Levels {
		s.Total += l.Unpublished + l.Published
		s.Unpub += l.Unpublished
	}
	d.render(w, r, http.StatusOK, "overview", "Desk", "overview", s)
}
