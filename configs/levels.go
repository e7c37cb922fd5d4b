// Package configs reads what editors write: level ladders today (a
// ladder's levels, each a name and rules on the ratings), YAML read with
// gopkg.in/yaml.v3 and unknown fields refused. Every error names the file,
// the line and the field.
package configs

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/rate"

	"github.com/pressrun/pressrun/templates/words"
)

// levelsFile is a levels file:
//
//	levels:
//	  - name: easy
//	    rules: ["er <= 1.5"]
//	    description: Hidden singles.
//
// A ladder for a variant's puzzles says so on a line of its own:
//
//	variant: 16x16
type levelsFile struct {
	Variant yaml.Node   `yaml:"variant"`
	Levels  []levelSpec `yaml:"levels"`
}

type levelSpec struct {
	Name        yaml.Node   `yaml:"name"`
	Rules       []yaml.Node `yaml:"rules"`
	Description string      `yaml:"description"`
	// Names and Descriptions by language code: {de: Leicht, fr: Facile}.
	Names        map[string]string `yaml:"names"`
	Descriptions map[string]string `yaml:"descriptions"`
}

// Error is a problem in a file: where, which field, and what is wrong.
type Error struct {
	File  string
	Line  int
	Field string // "levels[2].rules[0]"; empty when the file as a whole is wrong
	Msg   string
}

func (e *Error) Error() string {
	at := e.File
	if e.Line > 0 {
		at = fmt.Sprintf("%s:%d", e.File, e.Line)
	}
	if e.Field == "" {
		return fmt.Sprintf("%s: %s", at, e.Msg)
	}
	return fmt.Sprintf("%s: %s: %s", at, e.Field, e.Msg)
}

// LoadLevels reads a classic levels file (LoadLevelsFor any kind's).
func LoadLevels(path string) (level.Ladder, error) {
	data, e := readFile(path)
	if e != nil {
		return nil, e
	}
	return ParseLevels(path, data)
}

// readFile is the bytes of the file at path, or the problem reading it
// (the system's reason, without the path twice).
func readFile(path string) ([]byte, *Error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, &Error{File: path, Msg: err.Error()}
	}
	return data, nil
}

// yamlLine finds the "line N: what" of a yaml.v3 error.
var yamlLine = regexp.MustCompile(`line (\d+): (.*)`)

// unknownField is yaml.v3's message for a field the types lack.
var unknownField = regexp.MustCompile(`^field (\S+) not found in type`)

// yamlError turns a yaml.v3 error into an *Error naming the line.
func yamlError(file string, err error) error {
	var te *yaml.TypeError
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line := 0
		fmt.Sscan(m[1], &line)
		what := m[2]
		if f := unknownField.FindStringSubmatch(what); f != nil {
			what = fmt.Sprintf("unknown field %q (a levels file has variant: and levels:, and a level name:, rules:, description:, names: and descriptions:)", f[1])
		}
		return &Error{File: file, Line: line, Msg: what}
	}
	return &Error{File: file, Msg: msg}
}

// level checks one level of a ladder (field names it in errors; ladder
// holds the levels before it) and returns it.
func (spec levelSpec) level(file, field string, ladder level.Ladder) (level.Level, *Error) {
	columns := rate.RuleColumns
	name := strings.TrimSpace(spec.Name.Value)
	if spec.Name.Kind != yaml.ScalarNode || name == "" {
		return level.Level{}, &Error{File: file, Line: spec.Name.Line, Field: field + ".name", Msg: "want a name"}
	}
	if ladder.Index(name) >= 0 {
		return level.Level{}, &Error{File: file, Line: spec.Name.Line, Field: field + ".name", Msg: fmt.Sprintf("level %q is named twice", name)}
	}
	if len(spec.Rules) == 0 {
		return level.Level{}, &Error{File: file, Line: spec.Name.Line, Field: field + ".rules", Msg: "want at least one rule, such as \"er 2.5-4.4\""}
	}
	for _, m := range []struct {
		field string
		texts map[string]string
	}{{"names", spec.Names}, {"descriptions", spec.Descriptions}} {
		for code := range m.texts {
			if _, err := words.Of(code); err != nil {
				return level.Level{}, &Error{File: file, Line: spec.Name.Line, Field: field + "." + m.field + "." + code, Msg: err.Error()}
			}
		}
	}
	lv := level.Level{Name: name, Description: spec.Description, Names: spec.Names, Descriptions: spec.Descriptions}
	for j, node := range spec.Rules {
		at := &Error{File: file, Line: node.Line, Field: fmt.Sprintf("%s.rules[%d]", field, j)}
		if node.Kind != yaml.ScalarNode {
			at.Msg = "want a rule such as \"er 2.5-4.4\", \"er <= 1.5\" or \"score > 800\""
			return level.Level{}, at
		}
		r, err := level.ParseRule(node.Value)
		if err != nil {
			at.Msg = strings.TrimPrefix(err.Error(), "level: ")
			return level.Level{}, at
		}
		if !slices.Contains(columns, r.Column) {
			at.Msg = fmt.Sprintf("no rating column %q; want one of %s", r.Column, strings.Join(columns, ", "))
			return level.Level{}, at
		}
		lv.Rules = append(lv.Rules, r)
	}
	return lv, nil
}

// ParseLevels reads a classic levels file's bytes; file names it in
// errors. A file that says variant: (other than classic) is refused: its
// levels are bounds for that variant's puzzles (ParseLevelsFor).
func ParseLevels(file string, data []byte) (level.Ladder, error) {
	kind, line, ladder, err := parseLevels(file, data)
	if err == nil && !kind.IsClassic() {
		return nil, &Error{File: file, Line: line, Field: "variant",
			Msg: fmt.Sprintf("a ladder for %s puzzles; want one for classic (no variant: line)", kind)}
	}
	return ladder, err
}

// LoadLevelsFor reads a levels file of any kind (LoadLevels reads classic
// ones): the kind its variant: line names, classic without one.
func LoadLevelsFor(path string) (Kind, level.Ladder, error) {
	data, e := readFile(path)
	if e != nil {
		return Kind{}, nil, e
	}
	return ParseLevelsFor(path, data)
}

// ParseLevelsFor reads a levels file's bytes as LoadLevelsFor does.
func ParseLevelsFor(file string, data []byte) (Kind, level.Ladder, error) {
	kind, _, ladder, err := parseLevels(file, data)
	return kind, ladder, err
}

// parseLevels reads a levels file: the kind its variant: line names (and
// the line, 0 without one) and the ladder.
func parseLevels(file string, data []byte) (Kind, int, level.Ladder, error) {
	var f levelsFile
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		if err == io.EOF {
			return Kind{}, 0, nil, &Error{File: file, Msg: "empty file: want a list of levels under \"levels:\""}
		}
		return Kind{}, 0, nil, yamlError(file, err)
	}
	var kind Kind
	if v := f.Variant; v.Kind != 0 {
		var err error
		if v.Kind == yaml.ScalarNode {
			kind, err = parseKind(v.Value)
		} else {
			err = fmt.Errorf("want a kind: %s", kindNames)
		}
		if err != nil {
			return Kind{}, 0, nil, &Error{File: file, Line: v.Line, Field: "variant", Msg: err.Error()}
		}
	}
	if len(f.Levels) == 0 {
		return Kind{}, 0, nil, &Error{File: file, Field: "levels", Msg: "want at least one level"}
	}
	var ladder level.Ladder
	for i, spec := range f.Levels {
		lv, err := spec.level(file, fmt.Sprintf("levels[%d]", i), ladder)
		if err != nil {
			return Kind{}, 0, nil, err
		}
		ladder = append(ladder, lv)
	}
	return kind, f.Variant.Line, ladder, nil
}
