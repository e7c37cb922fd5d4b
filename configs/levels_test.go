package configs

import (
	"errors"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/rate"
)

// The shipped levels.yaml is the default ladder, word for word.
func TestLevelsYAMLIsTheDefault(t *testing.T) {
	got, err := LoadLevels("levels.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, level.Default()) {
		t.Fatalf("levels.yaml:\n%+v\nlevel.Default():\n%+v", got, level.Default())
	}
}

func TestLevelsCustom(t *testing.T) {
	ladder, err := ParseLevels("l.yaml", []byte(`levels:
  - name: gentle
    rules: ["er <= 2.5", "score <= 900"]
  - name: tough
    rules: ["er > 2.5"]
`))
	if err != nil {
		t.Fatal(err)
	}
	if got := ladder.Names(); !reflect.DeepEqual(got, []string{"gentle", "tough"}) {
		t.Fatalf("names %v", got)
	}
	if !ladder[0].Holds(ratings{"er": 2.0, "score": 800}) || ladder[0].Holds(ratings{"er": 2.0, "score": 1000}) {
		t.Fatal("gentle's two rules do not both apply")
	}
}

type ratings map[string]float64

func (r ratings) Column(name string) (float64, bool) { v, ok := r[name]; return v, ok }

func TestLevelsErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"", "l.yaml: empty file"},
		{"levels: []\n", "l.yaml: levels: want at least one level"},
		{"levels:\n  - name: a\n    rule: [\"er <= 1\"]\n", `l.yaml:3: unknown field "rule" (a levels file has`},
		{"levels:\n  - name: a\n    rules: [\"er <= 1\"]\n  - name: b\n    rules:\n      - er 1-2\n      - er between 2 and 3\n",
			`l.yaml:7: levels[1].rules[1]: rule "er between 2 and 3": want COLUMN MIN-MAX`},
		{"levels:\n  - name: a\n    rules: [\"speed <= 1\"]\n", `l.yaml:3: levels[0].rules[0]: no rating column "speed"`},
		{"levels:\n  - name: a\n    rules: [\"er <= 1\"]\n  - name: a\n    rules: [\"er > 1\"]\n", `l.yaml:4: levels[1].name: level "a" is named twice`},
		{"levels:\n  - name: a\n", "l.yaml:2: levels[0].rules: want at least one rule"},
		{"levels:\n  - rules: [\"er <= 1\"]\n", "levels[0].name: want a name"},
		{"levels: [\n", "l.yaml:1: did not find expected node content"},
	} {
		_, err := ParseLevels("l.yaml", []byte(tc.text))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.text, err, tc.want)
		}
	}
	if _, err := LoadLevels("no-such.yaml"); err == nil || err.Error() != "no-such.yaml: no such file or directory" {
		t.Errorf("missing file: %v", err)
	}
}

func TestLevelsRuleOrder(t *testing.T) {
	_, err := ParseLevels("l.yaml", []byte("levels:\n  - name: a\n    rules: [\"er 3-2\"]\n"))
	if err == nil || err.Error() != `l.yaml:3: levels[0].rules[0]: rule "er 3-2": MIN 3 is above MAX 2` {
		t.Fatalf("error %v", err)
	}
}

// FuzzParseLevels: any bytes give a ladder or an error, never both and
// never a panic. The error is an *Error naming the file; a ladder has at
// least one level, each named once, with at least one rule on a rating
// column.
func FuzzParseLevels(f *testing.F) {
	data, err := os.ReadFile("levels.yaml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	for _, text := range []string{
		"",
		"levels: []\n",
		"levels:\n  - name: gentle\n    rules: [\"er <= 2.5\", \"score <= 900\"]\n  - name: tough\n    rules: [\"er > 2.5\"]\n",
		"levels:\n  - name: a\n    rule: [\"er <= 1\"]\n",
		"levels:\n  - name: a\n    rules: [\"er 3-2\"]\n",
		"levels:\n  - name: a\n    rules: [{er: 1}]\n    description: [x]\n",
		"levels: [{name: a, rules: ['rreduction > 0.5']}, {name: ' a ', rules: ['er<=1']}]\n",
		"levels: [\n",
		"levels:\n  - &x {name: a, rules: ['er <= 1']}\n  - *x\n",
		"---\nlevels: [{name: a, rules: ['er <= 1']}]\n---\nlevels: []\n",
	} {
		f.Add([]byte(text))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ladder, err := ParseLevels("l.yaml", data)
		if err != nil {
			var e *Error
			if ladder != nil || !errors.As(err, &e) || e.File != "l.yaml" || e.Msg == "" {
				t.Fatalf("ladder %v with error %#v", ladder, err)
			}
			return
		}
		if len(ladder) == 0 {
			t.Fatal("an empty ladder passed")
		}
		for i, lv := range ladder {
			if lv.Name == "" || ladder.Index(lv.Name) != i || len(lv.Rules) == 0 {
				t.Fatalf("level %d passed: %+v", i, lv)
			}
			for _, r := range lv.Rules {
				if !slices.Contains(rate.RuleColumns, r.Column) {
					t.Fatalf("rule %v on no rating column passed", r)
				}
			}
		}
	})
}
