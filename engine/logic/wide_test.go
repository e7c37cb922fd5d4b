package logic

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "write the wide frame's copy of the solver, engine/logic/wide, anew")

// wideOwn are the files of package wide written by hand: its sizes and
// its doc. Every other file of it is a copy of this package's file of the
// same name (wideCopy), and this package's classic_*.go files, which
// hold what serves the classic 9x9 alone, are not copied.
var wideOwn = []string{"doc.go", "size.go"}

// wideCopy is the text of this package's file name as package wide has it.
func wideCopy(name string, src []byte) []byte {
	head := "// Code generated from engine/logic/" + name + " by TestWideCopy -update. DO NOT EDIT.\n\n"
	return append([]byte(head), bytes.Replace(src, []byte("package logic\n"), []byte("package wide\n"), 1)...)
}

// TestWideCopy checks that the wide frame's solver (engine/logic/wide:
// 12x12 and 16x16 boards) is this package built again with its own sizes:
// every file but the hand-written ones and classic's own is the same as
// here. Run with -update to write it anew after changing this package.
func TestWideCopy(t *testing.T) {
	want := map[string][]byte{}
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") || strings.HasPrefix(name, "classic_") || slices.Contains(wideOwn, name) {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		want[name] = wideCopy(name, src)
	}
	have, err := filepath.Glob("wide/*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range have {
		name := filepath.Base(path)
		if slices.Contains(wideOwn, name) || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if _, ok := want[name]; !ok {
			if *update {
				if err := os.Remove(path); err != nil {
					t.Fatal(err)
				}
				continue
			}
			t.Errorf("wide/%s is no copy of a file here: run go test ./engine/logic -run TestWideCopy -update", name)
		}
	}
	for name, text := range want {
		path := filepath.Join("wide", name)
		old, _ := os.ReadFile(path)
		if bytes.Equal(old, text) {
			continue
		}
		if *update {
			if err := os.WriteFile(path, text, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("wide/%s differs from %s: run go test ./engine/logic -run TestWideCopy -update", name, name)
	}
}
