package logic

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
)

// publishedKiller is a published killer of engine/variant's testdata
// with its publisher's level and order (killer-published.jsonl), or one
// of the hard killers of killer-tarek.txt (source "tarek").
type publishedKiller struct {
	v      *variant.Variant
	g      variant.Grid
	source string
	level  string
	order  int
	name   string
}

// readPublished reads both files of engine/variant/testdata (their
// sources and licences are in its README.md).
func readPublished(tb testing.TB) []publishedKiller {
	tb.Helper()
	data, err := os.ReadFile("../testdata/killer-published.jsonl")
	if err != nil {
		tb.Fatal(err)
	}
	var out []publishedKiller
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		v, g, err := variant.ParseKillerJSON(line)
		if err != nil {
			tb.Fatal(err)
		}
		var rec struct {
			Source, Level, Name string
			Order               int
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			tb.Fatal(err)
		}
		src, _, _ := strings.Cut(rec.Source, " ")
		out = append(out, publishedKiller{v, g, src, rec.Level, rec.Order, rec.Name})
	}
	data, err = os.ReadFile("../testdata/killer-tarek.txt")
	if err != nil {
		tb.Fatal(err)
	}
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		code, _, _ := strings.Cut(line, " ")
		v, err := variant.ParseCageCode(9, code)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, publishedKiller{v, make(variant.Grid, 81), "tarek", "hard", i + 1, "tarek " + code[:8]})
	}
	return out
}
