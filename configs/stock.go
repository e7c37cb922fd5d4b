package configs

import (
	"encoding/hex"
	"fmt"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/logic"
)

// Stock is a stock spec: the unpublished puzzles an archive should hold of
// each kind and level, for `pressrun stock` to make, on one machine or
// many.
//
//	archive: postgres://desk@db.example/puzzles   # default pressrun.db beside the spec
//	workers: 2                                     # default every core
//	batch: 20                                      # puzzles a transaction
//	stock:
//	  - level: evil
//	    target: 5000
//	  - variant: 16x16
//	    level: hard
//	    target: 200
//
// An entry takes what a book section takes to say which puzzles
// (variant:, layout:, level:, symmetry:, clues:, minimal:), with target:
// instead of count:. Paths in it are relative to its folder.
type Stock struct {
	File    string
	Archive string
	Workers int // 0: every core
	Batch   int // 0: the default
	// Entries are the targets: each Section's Count is how many
	// unpublished puzzles of its kind, level and make the archive should
	// hold.
	Entries  []Section
	Ladder   level.Ladder
	Ladders  map[string]level.Ladder
	Scale    *logic.Scale // of classic puzzles' ratings (scale:); default logic.DefaultScale
	Lines    map[string]int
	Checksum string
}

// LadderOf is the ladder of kind k's levels.
func (s *Stock) LadderOf(k Kind) level.Ladder { return ladderOf(s.Ladder, s.Ladders, k) }

// LoadStock reads and checks the stock spec at path, as LoadBook does.
func LoadStock(path string) (*Stock, error) { return load(path, ParseStock) }

// ParseStock reads a stock spec's bytes; path names it in errors and
// anchors its relative paths.
func ParseStock(path string, data []byte) (*Stock, error) {
	r, root, sum, err := readSpec(path, data, "empty file: a stock spec has at least stock:, a list of levels and targets")
	if err != nil {
		return nil, err
	}
	st := &Stock{File: path, Archive: filepath.Join(r.dir, "pressrun.db"), Ladder: level.Default(), Scale: logic.DefaultScale, Lines: r.lines}
	var levelsNode, stockNode *yaml.Node
	r.mapping(root, "", map[string]func(*yaml.Node, string){
		"archive": func(n *yaml.Node, f string) { st.Archive = r.archive(n, f) },
		"workers": func(n *yaml.Node, f string) { st.Workers = r.integer(n, f, 1) },
		"batch":   func(n *yaml.Node, f string) { st.Batch = r.integerIn(n, f, 1, 10000) },
		"levels":  func(n *yaml.Node, _ string) { levelsNode = n },
		"scale":   func(n *yaml.Node, f string) { r.scale(n, f, &st.Scale) },
		"stock":   func(n *yaml.Node, _ string) { stockNode = n },
	})
	ls := r.levels(levelsNode, sum)
	st.Ladder, st.Ladders = ls.classic, ls.given
	items := r.items(stockNode, "stock", "a list of entries, each a level and a target")
	st.Entries = r.puzzleLists(items, ls, "stock", "target")
	seen := map[string]int{}
	for i, e := range st.Entries {
		key := StockKey(e)
		if j, ok := seen[key]; ok && len(items) == len(st.Entries) {
			r.fail(items[i], fmt.Sprintf("stock[%d]", i), "the same puzzles as stock[%d] (%s); give each kind and level once", j, key)
		}
		seen[key] = i
	}
	st.Checksum = hex.EncodeToString(sum.Sum(nil))
	if len(r.errs) > 0 {
		return st, r.errs.sorted()
	}
	return st, nil
}

// StockEntry is the stock of one kind and level as flags give it (pressrun
// stock --variant V --level L --target N): the kind's name (classic,
// 16x16, killer, ...), a level of its built-in ladder, symmetry none and
// the level's own make, as a book section without more says.
func StockEntry(kind, lv string, target int) (Section, error) {
	k, err := parseKind(kind)
	if err != nil {
		return Section{}, err
	}
	ladder := ladderOf(level.Default(), nil, k)
	l, ok := ladder.Find(lv)
	if !ok {
		return Section{}, fmt.Errorf("no level %q for %s puzzles; the ladder has %s", lv, k, strings.Join(ladder.Names(), ", "))
	}
	s := Section{Kind: k, Level: l.Name, Count: target, Symmetry: engine.SymmetryNone}
	if k.IsClassic() {
		s.Minimal = level.DefaultMinimal(l, s.Symmetry, 0)
	}
	return s, nil
}

// StockKey names an entry's puzzles: kind, level and what else narrows
// them ("classic evil", "16x16 hard rot180 24-30 minimal").
func StockKey(s Section) string {
	key := s.Kind.String() + " " + s.Level
	if s.Symmetry != engine.SymmetryNone {
		key += " " + s.Symmetry.String()
	}
	if s.CluesMax > 0 {
		key += fmt.Sprintf(" %d-%d", s.CluesMin, s.CluesMax)
	}
	if s.Minimal {
		key += " minimal"
	}
	return key
}
