package skips

import "testing"

func TestLine(t *testing.T) {
	if got := Line("pkg"); got != "" {
		t.Fatalf("no skips: %q, want nothing", got)
	}
	for _, why := range []string{NoQQWing, NoSharedData, NoSharedData} {
		t.Run("skip", func(t *testing.T) { Skip(t, why, "detail") })
	}
	want := "pkg: 3 tests skipped: " + NoSharedData + " (2); " + NoQQWing + " (1)"
	if got := Line("pkg"); got != want {
		t.Errorf("Line:\n got %q\nwant %q", got, want)
	}
	mu.Lock()
	clear(reasons)
	reasons[Short] = 1
	mu.Unlock()
	if got, want := Line("engine"), "engine: 1 test skipped: "+Short; got != want {
		t.Errorf("Line:\n got %q\nwant %q", got, want)
	}
	mu.Lock()
	clear(reasons)
	mu.Unlock()
}
