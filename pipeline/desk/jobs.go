package desk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/templates"
)

// job is a build started from the browser: it runs on the desk's own
// context, not the request's, so a client that goes away stops nothing.
type job struct {
	ID    int
	Spec  string // the spec's name in the desk's folder
	Title string
	Start time.Time

	mu       sync.Mutex
	sections []pipeline.SectionProgress // a book's
	daily    *pipeline.DailyProgress    // a daily run's
	links    []string                   // a daily run's outlets' months, done
	done     bool
	err      string
	book     int64 // the ledger's book, once recorded
	changed  chan struct{}
}

// jobState is what a job's page and its events show.
type jobState struct {
	ID       int                        `json:"id"`
	Spec     string                     `json:"spec"`
	Title    string                     `json:"title"`
	Sections []pipeline.SectionProgress `json:"sections"`
	Percent  int                        `json:"percent"` // of the puzzles the book prints, kept so far
	Daily    *pipeline.DailyProgress    `json:"daily,omitempty"`
	Done     bool                       `json:"done"`
	Error    string                     `json:"error,omitempty"`
	Book     int64                      `json:"book,omitempty"`
	Months   []string                   `json:"months,omitempty"` // a daily run's outlets' months, when done
}

// state is the job now.
func (j *job) state() jobState {
	j.mu.Lock()
	defer j.mu.Unlock()
	s := jobState{ID: j.ID, Spec: j.Spec, Title: j.Title, Sections: append([]pipeline.SectionProgress(nil), j.sections...),
		Done: j.done, Error: j.err, Book: j.book}
	if j.daily != nil {
		p := *j.daily
		s.Daily = &p
		if p.Puzzles > 0 {
			s.Percent = 50 * (p.Ledger + p.Placed) / p.Puzzles
		}
		if p.AllFiles > 0 {
			s.Percent += 50 * p.Files / p.AllFiles
		}
		if j.done {
			s.Months = j.links
		}
	}
	want, have := 0, 0
	for _, sec := range j.sections {
		want += sec.Count
		have += min(sec.Count, sec.Inside)
		if sec.Done {
			have += sec.Count - min(sec.Count, sec.Inside)
		}
	}
	if want > 0 {
		s.Percent = 100 * have / want
	}
	if j.done && j.err == "" {
		s.Percent = 100
	}
	return s
}

// update records progress and wakes whoever watches.
func (j *job) update(f func()) {
	j.mu.Lock()
	f()
	close(j.changed)
	j.changed = make(chan struct{})
	j.mu.Unlock()
}

// wait is a channel closed at the job's next change.
func (j *job) wait() <-chan struct{} {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.changed
}

// jobs are the desk's builds, running and finished.
type jobs struct {
	mu      sync.Mutex
	byID    map[int]*job
	running map[string]*job // by spec: one build of a spec at a time
	next    int
	ctx     context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup
}

// errRunning is a build asked for while the same spec's is running.
var errRunning = errors.New("a build of this spec is running")

// startBuild starts building spec (checked, with its layout) as the job
// of the spec named name, unless one is running.
func (d *Desk) startBuild(name string, spec *configs.Book, lay *templates.Book, day time.Time) (*job, error) {
	j := &job{Title: spec.Title, sections: make([]pipeline.SectionProgress, len(spec.Sections))}
	for i, s := range spec.Sections {
		j.sections[i] = pipeline.SectionProgress{Section: i, Name: pipeline.PlanTitle(s), Count: s.Count}
	}
	opts := pipeline.BuildOptions{Seed: seedOf(spec.Seed), Date: day, Version: d.cfg.Version, Workers: d.cfg.Workers, Printer: d.cfg.Printer,
		Progress: func(p pipeline.SectionProgress) { j.update(func() { j.sections[p.Section] = p }) }}
	return d.start(name, j, func(ctx context.Context) (int64, error) {
		res, err := pipeline.Build(ctx, spec, lay, opts)
		if err != nil {
			return 0, err
		}
		return res.BookID, nil
	})
}

// startDaily starts the daily run of spec (checked, with its layout)
// over days days from from, as the job of the spec named name, unless one
// is running.
func (d *Desk) startDaily(name string, spec *configs.Daily, lay *pipeline.DailyLayout, from time.Time, days int) (*job, error) {
	j := &job{Title: fmt.Sprintf("%s, %s for %d days", name, from.Format(time.DateOnly), days), daily: &pipeline.DailyProgress{}}
	for _, o := range spec.Outlets {
		j.links = append(j.links, outletPath(o.Name, from.Format("2006-01")))
	}
	opts := pipeline.DailyOptions{Seed: seedOf(spec.Seed), From: from, Days: days, Version: d.cfg.Version, Workers: d.cfg.Workers,
		Progress: func(p pipeline.DailyProgress) { j.update(func() { *j.daily = p }) }}
	return d.start(name, j, func(ctx context.Context) (int64, error) {
		_, err := pipeline.Daily(ctx, spec, lay, opts)
		return 0, err
	})
}

// start makes j the job of the spec named name, unless one is running,
// and runs run on the desk's context; run returns the ledger's book it
// recorded (0: none).
func (d *Desk) start(name string, j *job, run func(ctx context.Context) (int64, error)) (*job, error) {
	js := &d.jobs
	js.mu.Lock()
	defer js.mu.Unlock()
	if running := js.running[name]; running != nil {
		return running, errRunning
	}
	js.next++
	j.ID, j.Spec, j.Start, j.changed = js.next, name, d.cfg.Now(), make(chan struct{})
	js.byID[j.ID], js.running[name] = j, j
	js.wg.Add(1)
	go func() {
		defer js.wg.Done()
		book, err := run(js.ctx)
		js.mu.Lock()
		delete(js.running, name)
		js.mu.Unlock()
		j.update(func() {
			j.done, j.book = true, book
			if err != nil {
				j.err = err.Error()
			}
		})
		if d.cfg.Log != nil {
			d.cfg.Log.Printf("job %d of %s: done (book %d, error %v)", j.ID, name, book, err)
		}
	}()
	return j, nil
}

// seedOf is a spec's seed, or one chosen from the clock for a spec
// without (as the command line chooses one).
func seedOf(seed *uint64) uint64 {
	if seed != nil {
		return *seed
	}
	return uint64(time.Now().UnixNano()) >> 1
}

// getJob is the job the path's {id} names, or an error page.
func (d *Desk) getJob(w http.ResponseWriter, r *http.Request) (*job, bool) {
	id, err := strconv.Atoi(r.PathValue("id"))
	d.jobs.mu.Lock()
	j := d.jobs.byID[id]
	d.jobs.mu.Unlock()
	if err != nil || j == nil {
		d.fail(w, r, http.StatusNotFound, fmt.Sprintf("this desk ran no build %q", r.PathValue("id")), "builds are kept while the desk runs")
		return nil, false
	}
	return j, true
}

// jobPage is GET /jobs/{id}: a build's progress, updated live.
func (d *Desk) jobPage(w http.ResponseWriter, r *http.Request) {
	j, ok := d.getJob(w, r)
	if !ok {
		return
	}
	d.render(w, r, http.StatusOK, "job", "Building "+j.Title, "build", j.state())
}

// jobEvents is GET /jobs/{id}/events: the build's state as server-sent
// events, one at each change, until it is done or the client goes.
func (d *Desk) jobEvents(w http.ResponseWriter, r *http.Request) {
	j, ok := d.getJob(w, r)
	if !ok {
		return
	}
	flusher, ok := w.(http.Flusher)
	if !ok {
		d.fail(w, r, http.StatusInternalServerError, "this connection cannot stream", "")
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	for {
		changed := j.wait()
		st := j.state()
		data, _ := json.Marshal(st)
		fmt.Fprintf(w, "data: %s\n\n", data)
		flusher.Flush()
		if st.Done {
			return
		}
		select {
		case <-changed:
		case <-r.Context().Done():
			return
		case <-time.After(15 * time.Second): // a heartbeat, so proxies keep the stream
		}
	}
}
