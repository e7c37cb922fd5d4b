package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// WriteFiles puts every file in place, making directories, and leaves no
// temporary file.
func TestWriteFiles(t *testing.T) {
	dir := t.TempDir()
	files := map[string][]byte{
		filepath.Join(dir, "book.pdf"):        []byte("pdf"),
		filepath.Join(dir, "book.json"):       []byte("{}"),
		filepath.Join(dir, "svg", "a.svg"):    []byte("<svg/>"),
		filepath.Join(dir, "svg", "b", "c.x"): nil,
	}
	if err := WriteFiles(files); err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		got, err := os.ReadFile(name)
		if err != nil || string(got) != string(want) {
			t.Errorf("%s: %q, %v; want %q", name, got, err, want)
		}
		if st, err := os.Stat(name); err != nil || st.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v, %v; want 0644", name, st.Mode(), err)
		}
	}
	for _, d := range []string{dir, filepath.Join(dir, "svg"), filepath.Join(dir, "svg", "b")} {
		if left, _ := filepath.Glob(filepath.Join(d, ".*")); len(left) > 0 {
			t.Errorf("temporary files left: %v", left)
		}
	}
}

// A file that cannot be written stops WriteFiles before any rename: no
// file appears, none is left half-written, no temporary file stays.
func TestWriteFilesAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := WriteFiles(map[string][]byte{
		filepath.Join(dir, "a.pdf"):        []byte("a"), // written first (names sort)
		filepath.Join(dir, "file", "b.js"): []byte("b"), // its directory is a file
	})
	if err == nil {
		t.Fatal("no error for a file under a regular file")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "file" {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Fatalf("left %v, want only the blocker", names)
	}
}

func TestTempPID(t *testing.T) {
	for _, tt := range []struct {
		file string
		pid  int
		ok   bool
	}{
		{".book.pdf.123.456.tmp", 123, true},
		{".book.pdf.123.tmp", 0, false},       // no random part
		{".book.pdf.12x.456.tmp", 0, false},   // not a pid
		{".book.pdf.5.123.456.tmp", 0, false}, // a temp of book.pdf.5
		{".book.pdf.0.456.tmp", 0, false},
		{".book.json.123.456.tmp", 0, false},
		{"book.pdf", 0, false},
	} {
		pid, ok := tempPID(tt.file, ".book.pdf.")
		if ok != tt.ok || ok && pid != tt.pid {
			t.Errorf("tempPID(%q) = %d, %v; want %d, %v", tt.file, pid, ok, tt.pid, tt.ok)
		}
	}
}

// The temporary files WriteFiles makes are ones RemoveStaleTemps knows,
// with this process's id.
func TestTempPatternHasPID(t *testing.T) {
	name := filepath.Join("out", "book.pdf")
	file := strings.Replace(tempPattern(name), "*", "2718281828", 1)
	if pid, ok := tempPID(file, ".book.pdf."); !ok || pid != os.Getpid() {
		t.Errorf("tempPID(%q) = %d, %v; want %d", file, pid, ok, os.Getpid())
	}
}
