package pipeline

import (
	"testing"
	"time"
)

// scripted is a fake clock under which the i-th timed run lasts
// durations[i % len]: Time reads the clock once before and once after
// each run, and the run itself advances nothing.
type scripted struct {
	durations []time.Duration
	now       time.Time
	reads     int
}

func (c *scripted) Now() time.Time {
	if c.reads%2 == 1 { // the end of run reads/2
		c.now = c.now.Add(c.durations[(c.reads/2)%len(c.durations)])
	}
	c.reads++
	return c.now
}

func timeScripted(t *testing.T, opts TimingOptions, durations ...time.Duration) (Timing, int) {
	t.Helper()
	c := &scripted{durations: durations, now: time.Unix(0, 0)}
	opts.Now = c.Now
	calls := 0
	got := Time(func() { calls++ }, opts)
	if !opts.Cold {
		calls-- // the warm-up run
	}
	if c.reads != 2*calls || got.Runs != calls {
		t.Fatalf("%d runs reported, %d calls, %d clock reads", got.Runs, calls, c.reads)
	}
	return got, calls
}

func TestTimeSteadyStopsAtMinRuns(t *testing.T) {
	got, _ := timeScripted(t, TimingOptions{}, 100*time.Microsecond)
	want := Timing{Mean: 100 * time.Microsecond, Runs: 10, Stable: true, Low: 100 * time.Microsecond, High: 100 * time.Microsecond}
	if got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

// Durations of 100 and 300 µs in turn have a mean of 200 µs and a standard
// deviation near 100 µs: a 95% interval within ±10 µs needs about
// (1.96 · 100 / 10)² ≈ 384 runs, far past the cap.
func TestTimeNoisyIsUnstableAtMaxRuns(t *testing.T) {
	got, _ := timeScripted(t, TimingOptions{}, 100*time.Microsecond, 300*time.Microsecond)
	if got.Stable || got.Runs != 100 || got.Mean != 200*time.Microsecond {
		t.Errorf("got %+v, want 100 runs, mean 200µs, unstable", got)
	}
	if !(got.Low < got.Mean && got.Mean < got.High) || got.High-got.Low < 20*time.Microsecond {
		t.Errorf("interval [%v, %v] should hold the mean and be wider than ±10µs", got.Low, got.High)
	}
	// The same runs with a looser tolerance (±15%) are stable well before.
	loose, _ := timeScripted(t, TimingOptions{Tolerance: 0.15}, 100*time.Microsecond, 300*time.Microsecond)
	if !loose.Stable || loose.Runs >= 100 || loose.Runs < 10 {
		t.Errorf("tolerance 0.15: got %+v, want stable between 10 and 100 runs", loose)
	}
}

// One slow first run (a cold cache) then steady ones: a first run twice
// as slow is drowned out after the minimum; one twenty times as slow
// keeps the interval wide to the cap. (Cold: the fake clock does not
// know a warm-up run from a timed one; it only counts the timed.)
func TestTimeSettlesAfterAnOutlier(t *testing.T) {
	steady := func(first time.Duration) []time.Duration {
		ds := []time.Duration{first}
		for range 199 {
			ds = append(ds, 100*time.Microsecond)
		}
		return ds
	}
	got, _ := timeScripted(t, TimingOptions{Cold: true}, steady(200*time.Microsecond)...)
	if !got.Stable || got.Runs <= 10 || got.Runs >= 100 {
		t.Errorf("first run 2x: got %+v, want stable between 10 and 100 runs", got)
	}
	again, _ := timeScripted(t, TimingOptions{Cold: true}, steady(200*time.Microsecond)...)
	if again != got {
		t.Errorf("same durations, different verdict: %+v then %+v", got, again)
	}
	cold, _ := timeScripted(t, TimingOptions{Cold: true}, steady(2*time.Millisecond)...)
	if cold.Stable || cold.Runs != 100 {
		t.Errorf("first run 20x: got %+v, want unstable after 100 runs", cold)
	}
}

// One warm-up run is made but not timed (the clock is not read for it),
// unless Cold.
func TestTimeWarmup(t *testing.T) {
	for _, cold := range []bool{false, true} {
		c := &scripted{durations: []time.Duration{100 * time.Microsecond}, now: time.Unix(0, 0)}
		calls := 0
		got := Time(func() { calls++ }, TimingOptions{Cold: cold, Now: c.Now})
		want := 11
		if cold {
			want = 10
		}
		if calls != want || got.Runs != 10 || c.reads != 20 || !got.Stable {
			t.Errorf("cold %v: got %+v after %d calls and %d clock reads, want 10 timed runs of %d", cold, got, calls, c.reads, want)
		}
	}
}

func TestTimeFixedCount(t *testing.T) {
	got, calls := timeScripted(t, TimingOptions{Runs: 5}, time.Millisecond, 3*time.Millisecond)
	if calls != 5 || got.Mean != 1800*time.Microsecond || got.Stable {
		t.Errorf("got %+v after %d calls, want 5 runs of mean 1.8ms, unstable", got, calls)
	}
	one, _ := timeScripted(t, TimingOptions{Runs: 1}, time.Millisecond)
	if one.Runs != 1 || one.Mean != time.Millisecond || one.Stable || one.Low != time.Millisecond || one.High != time.Millisecond {
		t.Errorf("one run: got %+v, want 1ms, interval [1ms, 1ms], not stable", one)
	}
}

func TestTimeBounds(t *testing.T) {
	// MinRuns above MaxRuns is taken as MaxRuns.
	got, _ := timeScripted(t, TimingOptions{MinRuns: 50, MaxRuns: 20}, time.Microsecond)
	if got.Runs != 20 || !got.Stable {
		t.Errorf("got %+v, want 20 runs, stable", got)
	}
	got, _ = timeScripted(t, TimingOptions{MaxRuns: 30}, 100*time.Microsecond, 300*time.Microsecond)
	if got.Runs != 30 || got.Stable {
		t.Errorf("got %+v, want 30 runs, unstable", got)
	}
}

// The real clock, for what the fake one cannot show: the run is called
// and times are not negative. No assertion on how long anything takes.
func TestTimeRealClock(t *testing.T) {
	calls := 0
	got := Time(func() { calls++ }, TimingOptions{Runs: 3})
	if calls != 4 || got.Runs != 3 || got.Mean < 0 || got.Low > got.High {
		t.Errorf("got %+v after %d calls", got, calls)
	}
}
