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

var update = flag.Bool("update", false, "write the copies of the solver, engine/logic/wide and engine/logic/sheet, anew")

// copies are the packages that are this one built again with their own
// sizes: wide for the 16x16 frame, sheet for a gattai's 21x21.
var copies = []string{"wide", "sheet"}

// wideOwn are the files of packages wide and sheet written by hand: their
// sizes, their doc, and their shapes (this package's, taken as they
// are). Every other file of them is a copy of this package's file of the
// same name (wideCopy), and this package's classic_*.go files, which
// hold what serves the classic 9x9 alone, are not copied.
var wideOwn = []string{"doc.go", "size.go", "shapes.go"}

// wideCopy is the text of this package's file name as package pkg (wide
// or sheet) has it.
func wideCopy(pkg, name string, src []byte) []byte {
	head := "// Code generated from engine/logic/" + name + " by TestWideCopy -update. DO NOT EDIT.\n\n"
	return append([]byte(head), bytes.Replace(src, []byte("package logic\n"), []byte("package "+pkg+"\n"), 1)...)
}

// TestWideCopy checks that the solver's copies (copies: engine/logic/wide
// for 12x12 and 16x16 boards, engine/logic/sheet for a gattai's grids) are
// this package built again with their own sizes: every file but the
// hand-written ones and classic's own is the same as here. Run with
// -update to write them anew after changing this package.
func TestWideCopy(t *testing.T) {
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range copies {
		want := map[string][]byte{}
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") || strings.HasPrefix(name, "classic_") || slices.Contains(wideOwn, name) {
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			want[name] = wideCopy(pkg, name, src)
		}
		have, err := filepath.Glob(pkg + "/*.go")
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
				t.Errorf("%s/%s is no copy of a file here: run go test ./engine/logic -run TestWideCopy -update", pkg, name)
			}
		}
		for name, text := range want {
			path := filepath.Join(pkg, name)
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
			t.Errorf("%s/%s differs from %s: run go test ./engine/logic -run TestWideCopy -update", pkg, name, name)
		}
	}
}
