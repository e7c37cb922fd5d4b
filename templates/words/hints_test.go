package words

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// hintPhrases are the English phrases engine/logic's hints say, read from
// its source (hints.go, and the killer's cage rungs' words, killer*.go):
// the formats and words passed to say.f and say.w, the techniques' names
// (hintNames), the counts (numberWords) and the joining words of its
// lists.
func hintPhrases(t *testing.T) []string {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob("../../engine/logic/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("the hints' source: %v", err)
	}
	var out []string
	add := func(n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && !slices.Contains(out, s) {
					out = append(out, s)
				}
			}
			return true
		})
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatalf("the hints' source: %v", err)
		}
		hintFilePhrases(f, add)
	}
	if len(out) < 80 {
		t.Fatalf("found %d phrases in the hints' source; the reading of it no longer fits the code", len(out))
	}
	return out
}

// hintFilePhrases adds the phrases of one file of engine/logic, as
// hintPhrases reads them.
func hintFilePhrases(f *ast.File, add func(ast.Node)) {
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			sel, ok := n.Fun.(*ast.SelectorExpr)
			if !ok || len(n.Args) == 0 {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "say" && (sel.Sel.Name == "f" || sel.Sel.Name == "w") {
				add(n.Args[0])
			}
			if sel.Sel.Name == "digitList" || sel.Sel.Name == "andList" {
				add(n.Args[len(n.Args)-1])
			}
		case *ast.ValueSpec:
			if n.Names[0].Name == "hintNames" || n.Names[0].Name == "killerChainNames" || n.Names[0].Name == "numberWords" {
				for _, v := range n.Values {
					ast.Inspect(v, func(m ast.Node) bool {
						if kv, ok := m.(*ast.KeyValueExpr); ok {
							add(kv.Value)
							return false
						}
						if lit, ok := m.(*ast.BasicLit); ok {
							add(lit)
						}
						return true
					})
				}
			}
		}
		return true
	})
}

// variantPhrases are the English phrases engine/variant/logic's step
// texts say (a variant puzzle's hints), read from its source: the literal
// first arguments of say.f, say.s and say.w (called as b.say.s and the
// like), and the techniques' names, which it says through say.name as
// Technique.String gives them: engine/logic's techniqueInfo.
func variantPhrases(t *testing.T) []string {
	t.Helper()
	fset := token.NewFileSet()
	dir := "../../engine/variant/logic"
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("the variant rater's source: %v", err)
	}
	var out []string
	add := func(lit *ast.BasicLit) {
		if s, err := strconv.Unquote(lit.Value); err == nil && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatalf("the variant rater's source: %v", err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "f" && sel.Sel.Name != "s" && sel.Sel.Name != "w" {
				return true
			}
			switch x := sel.X.(type) {
			case *ast.Ident:
				ok = x.Name == "say"
			case *ast.SelectorExpr:
				ok = x.Sel.Name == "say"
			default:
				ok = false
			}
			if !ok {
				return true
			}
			if lit, isLit := call.Args[0].(*ast.BasicLit); isLit && lit.Kind == token.STRING {
				add(lit)
			} else {
				t.Errorf("%s: a phrase that is not a literal, which this reader cannot see", fset.Position(call.Pos()))
			}
			return true
		})
	}
	if len(out) < 5 {
		t.Fatalf("found %d phrases in the variant rater's source; the reading of it no longer fits the code", len(out))
	}
	// The techniques' names.
	f, err := parser.ParseFile(fset, "../../engine/logic/step.go", nil, 0)
	if err != nil {
		t.Fatalf("the techniques' source: %v", err)
	}
	names := 0
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || vs.Names[0].Name != "techniqueInfo" {
			return true
		}
		for _, v := range vs.Values {
			for _, e := range v.(*ast.CompositeLit).Elts {
				info := e.(*ast.KeyValueExpr).Value.(*ast.CompositeLit)
				if lit, ok := info.Elts[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					add(lit)
					names++
				}
			}
		}
		return false
	})
	if names < 50 {
		t.Fatalf("found %d technique names in engine/logic/step.go; the reading of it no longer fits the code", names)
	}
	return out
}

var verb = regexp.MustCompile(`%(\[(\d+)\])?[-+# 0]*\d*(\.\d+)?([a-zA-Z%])`)

// verbs lists a format's verbs by the argument each takes: "1d 2s".
func verbs(format string) []string {
	var out []string
	next := 1
	for _, m := range verb.FindAllStringSubmatch(format, -1) {
		if m[4] == "%" {
			continue
		}
		if m[2] != "" {
			next, _ = strconv.Atoi(m[2])
		}
		out = append(out, fmt.Sprintf("%d%s", next, m[4]))
		next++
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestHintPhrases: every language says every phrase of the hints, the
// classic ones' and the variants' step texts', each with the English
// one's arguments, each taken once or more with its verb (a reordering
// uses %[n]d).
func TestHintPhrases(t *testing.T) {
	phrases := hintPhrases(t)
	for _, p := range variantPhrases(t) {
		if !slices.Contains(phrases, p) {
			phrases = append(phrases, p)
		}
	}
	for _, code := range Codes()[1:] {
		w, _ := Of(code)
		var missing int
		for _, p := range phrases {
			if !w.HasPhrase(p) {
				missing++
				t.Errorf("%s.yaml hints: no %q", code, p)
				continue
			}
			if got, want := verbs(w.Phrase(p)), verbs(p); !slices.Equal(got, want) {
				t.Errorf("%s.yaml hints: %q takes %v, English %v", code, w.Phrase(p), got, want)
			}
		}
		for p := range w.orEnglish().hints {
			if !slices.Contains(phrases, p) {
				t.Errorf("%s.yaml hints: %q is no phrase of the hints (changed in engine/logic/hints.go or engine/variant/logic?)", code, p)
			}
		}
		if missing > 0 {
			t.Logf("%s: %d of %d phrases missing", code, missing, len(phrases))
		}
	}
}
