package configs

import (
	"errors"
	"strings"
	"testing"
)

// The example stock spec reads, with its entries' defaults as a book's
// sections have them.
func TestLoadStockExample(t *testing.T) {
	st, err := LoadStock("stock.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, e := range st.Entries {
		keys = append(keys, StockKey(e))
	}
	got := strings.Join(keys, "|")
	want := "classic expert minimal|classic evil minimal|classic hard rot180 minimal|16x16 hard|killer evil"
	if got != want || st.Batch != 20 || !strings.HasSuffix(st.Archive, "configs/pressrun.db") && !strings.HasSuffix(st.Archive, "pressrun.db") {
		t.Fatalf("entries %q, batch %d, archive %s", got, st.Batch, st.Archive)
	}
	if st.Entries[1].Count != 200 {
		t.Fatalf("target %d", st.Entries[1].Count)
	}
}

// A stock spec's problems name the line and field.
func TestStockProblems(t *testing.T) {
	for _, c := range []struct{ spec, want string }{
		{"stock:\n  - level: evil\n", "s.yaml:2: stock[0].target: want how many puzzles, at least 1"},
		{"stock:\n  - level: brutal\n    target: 5\n", `s.yaml:2: stock[0].level: `},
		{"stock:\n  - level: evil\n    target: 5\n    count: 3\n", `s.yaml:4: stock[0].count:`},
		{"stock:\n  - variant: 17x17\n    level: evil\n    target: 5\n", `s.yaml:2: stock[0].variant:`},
		{"batch: 0\nstock:\n  - level: evil\n    target: 5\n", `s.yaml:1: batch:`},
		{"stock:\n  - level: evil\n    target: 5\n  - level: evil\n    target: 9\n", `s.yaml:4: stock[1]: the same puzzles as stock[0]`},
		{"stock:\n  - level: evil\n    target: 5\n    title: Evil\n", `s.yaml:4: stock[0].title:`},
		{"scale: [sukaku]\nstock:\n  - level: evil\n    target: 5\n", `s.yaml:1: scale: want text`},
	} {
		_, err := ParseStock("s.yaml", []byte(c.spec))
		var es Errors
		if !errors.As(err, &es) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.spec, err, c.want)
		}
	}
}

// Flags make the entry a spec's default would.
func TestStockEntry(t *testing.T) {
	e, err := StockEntry("classic", "Evil", 50)
	if err != nil || e.Level != "evil" || !e.Minimal || e.Count != 50 {
		t.Fatalf("%+v %v", e, err)
	}
	if _, err := StockEntry("16x16", "brutal", 5); err == nil || !strings.Contains(err.Error(), "no level \"brutal\" for 16x16") {
		t.Fatalf("16x16 evil: %v", err)
	}
	if _, err := StockEntry("18x18", "hard", 5); err == nil {
		t.Fatal("an unknown kind was taken")
	}
}
