package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
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

// tree lists every file and folder under dir, relative to it.
func tree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != dir {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// An Output puts nothing in place before Commit: a file written is under
// its temporary name only.
func TestOutputNothingBeforeCommit(t *testing.T) {
	dir := t.TempDir()
	var out Output
	defer out.Abort()
	if err := out.AddBytes(filepath.Join(dir, "a.pdf"), []byte("a")); err != nil {
		t.Fatal(err)
	}
	if err := out.Add(filepath.Join(dir, "png", "b.png"), func(w io.Writer) error {
		_, err := io.WriteString(w, "b")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a.pdf", "png/b.png"} {
		if _, err := os.Stat(filepath.Join(dir, name)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s is in place before Commit", name)
		}
	}
	if err := out.Commit(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := tree(t, dir); !slices.Equal(got, []string{"a.pdf", "png", "png/b.png"}) {
		t.Errorf("after Commit: %v", got)
	}
	out.Abort() // after Commit: nothing to undo
	if got := tree(t, dir); len(got) != 3 {
		t.Errorf("Abort after Commit removed files: %v", got)
	}
}

// A file that cannot be written leaves nothing new: no file in place, no
// temporary file, no folder made for the run; a file that was there keeps
// its contents.
func TestOutputAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "file"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.pdf"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out Output
	defer out.Abort()
	if err := out.AddBytes(filepath.Join(dir, "a.pdf"), []byte("new")); err != nil {
		t.Fatal(err)
	}
	if err := out.AddBytes(filepath.Join(dir, "new", "deep", "c.svg"), []byte("c")); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "file", "b.js") // its folder is a file
	err := out.AddBytes(bad, []byte("b"))
	var we *WriteError
	if !errors.As(err, &we) || we.Name != bad || !errors.Is(err, syscall.ENOTDIR) {
		t.Fatalf("error %v, want a *WriteError for %s, not a directory", err, bad)
	}
	if strings.Contains(err.Error(), ".tmp") {
		t.Errorf("the message %q names a temporary file", err)
	}
	out.Abort()
	if got := tree(t, dir); !slices.Equal(got, []string{"a.pdf", "file"}) {
		t.Errorf("left %v, want only what was there", got)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a.pdf")); string(b) != "old" {
		t.Errorf("a.pdf holds %q, want the old contents", b)
	}
}

// Commit renames a folder's files after those of the folders inside it:
// a record added after the files it names, above their folders, is not in
// place when one of them could not be renamed. The other outlet's folder,
// renamed beside the failed one, is complete or untouched file by file,
// never a temporary name left behind. (The folders are there before the
// run: folders it makes are renamed whole, TestOutputStaged.)
func TestOutputCommitOrder(t *testing.T) {
	dir := t.TempDir()
	var out Output
	defer out.Abort()
	var names []string
	for _, outlet := range []string{"a", "b"} {
		if err := os.Mkdir(filepath.Join(dir, outlet), 0o755); err != nil {
			t.Fatal(err)
		}
		for i := range 50 {
			names = append(names, filepath.Join(dir, outlet, fmt.Sprintf("%03d.png", i)))
		}
	}
	for _, name := range names {
		if err := out.AddBytes(name, []byte(name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := out.AddBytes(filepath.Join(dir, "record.json"), []byte("{}")); err != nil {
		t.Fatal(err)
	}
	// The 40th file of a loses its temporary file: its rename fails.
	lost := names[40]
	if err := os.Remove(out.temps[lost]); err != nil {
		t.Fatal(err)
	}
	err := out.Commit(context.Background())
	var we *WriteError
	if !errors.As(err, &we) || we.Name != lost {
		t.Fatalf("Commit: %v, want a *WriteError for %s", err, lost)
	}
	got := tree(t, dir)
	if slices.Contains(got, "record.json") {
		t.Error("the record was renamed though a file it names was not")
	}
	for i, name := range names[:50] {
		rel, _ := filepath.Rel(dir, name)
		if in := slices.Contains(got, rel); in != (i < 40) {
			t.Errorf("%s in place: %v, want %v (a's files in the order added, up to the lost one)", rel, in, i < 40)
		}
	}
	for _, f := range got {
		if strings.HasSuffix(f, ".tmp") {
			t.Errorf("left a temporary file %s", f)
		}
	}
}

// A folder the run makes is made whole under a temporary name beside its
// own, its files under their own names in it (links too), and Commit
// renames the folder alone, before a record beside it; Abort removes it.
// A folder made there meanwhile stops the commit, unless it is empty.
func TestOutputStaged(t *testing.T) {
	dir := t.TempDir()
	add := func(out *Output, name string) {
		t.Helper()
		if err := out.AddBytes(filepath.Join(dir, name), []byte(name)); err != nil {
			t.Fatal(err)
		}
	}
	stage := func(folder string) string {
		t.Helper()
		got, _ := filepath.Glob(filepath.Join(dir, "."+folder+".*.tmp"))
		if len(got) != 1 {
			t.Fatalf("%s is staged as %v, want one temporary folder", folder, got)
		}
		return got[0]
	}

	var out Output
	defer out.Abort()
	add(&out, "daily/a/1.png")
	add(&out, "daily/a/2.png")
	add(&out, "daily/b/1.png")
	add(&out, "daily/record.json")
	if _, err := out.AddCopyOrKeep(filepath.Join(dir, "daily/b/copy.png"), filepath.Join(dir, "daily/a/1.png"), []byte("daily/a/1.png")); err != nil {
		t.Fatal(err)
	}
	add(&out, "top.json")
	if got := tree(t, dir); slices.Contains(got, "daily") || slices.Contains(got, "top.json") {
		t.Fatalf("in place before Commit: %v", got)
	}
	if got := tree(t, stage("daily")); !slices.Equal(got, []string{"a", "a/1.png", "a/2.png", "b", "b/1.png", "b/copy.png", "record.json"}) {
		t.Errorf("the staged folder holds %v", got)
	}
	if err := out.Commit(context.Background()); err != nil {
		t.Fatal(err)
	}
	want := []string{"daily", "daily/a", "daily/a/1.png", "daily/a/2.png", "daily/b", "daily/b/1.png", "daily/b/copy.png", "daily/record.json", "top.json"}
	if got := tree(t, dir); !slices.Equal(got, want) {
		t.Errorf("after Commit: %v, want %v", got, want)
	}
	a, _ := os.Stat(filepath.Join(dir, "daily/a/1.png"))
	c, _ := os.Stat(filepath.Join(dir, "daily/b/copy.png"))
	if !os.SameFile(a, c) {
		t.Error("the copy is not a link")
	}
	for _, name := range want[1:] {
		if st, _ := os.Stat(filepath.Join(dir, name)); !st.IsDir() && st.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v, want 0644", name, st.Mode())
		}
	}

	// Aborted: the staged folder goes, with its files.
	var aborted Output
	add(&aborted, "new/deep/x.svg")
	stage("new")
	aborted.Abort()
	if got := tree(t, dir); !slices.Equal(got, want) {
		t.Errorf("after Abort: %v, want %v", got, want)
	}

	// Made meanwhile: empty, it is replaced; holding a file, the commit
	// stops, nothing of the run is placed (the file beside it neither) and
	// the staged folder goes.
	for _, held := range []bool{false, true} {
		var late Output
		add(&late, "late/x.svg")
		add(&late, "late.json")
		if err := os.Mkdir(filepath.Join(dir, "late"), 0o755); err != nil {
			t.Fatal(err)
		}
		if held {
			if err := os.WriteFile(filepath.Join(dir, "late", "theirs"), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		err := late.Commit(context.Background())
		var we *WriteError
		switch got := tree(t, dir); {
		case !held && (err != nil || !slices.Contains(got, "late/x.svg") || !slices.Contains(got, "late.json")):
			t.Errorf("an empty folder made meanwhile: %v, %v", err, got)
		case held && (!errors.As(err, &we) || we.Name != filepath.Join(dir, "late") || slices.Contains(got, "late/x.svg") || slices.Contains(got, "late.json")):
			t.Errorf("a folder made meanwhile, holding a file: %v, %v", err, got)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(left) > 0 {
			t.Errorf("left %v", left)
		}
		os.RemoveAll(filepath.Join(dir, "late"))
		os.Remove(filepath.Join(dir, "late.json"))
	}
}

// A cancelled context at Commit leaves nothing behind.
func TestOutputCancelled(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	var out Output
	defer out.Abort()
	for _, name := range []string{"a.pdf", "svg/1.svg", "svg/2.svg"} {
		if err := out.AddBytes(filepath.Join(dir, name), []byte(name)); err != nil {
			t.Fatal(err)
		}
	}
	cancel()
	if err := out.Commit(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("Commit: %v, want context.Canceled", err)
	}
	if got := tree(t, dir); len(got) != 0 {
		t.Errorf("left %v", got)
	}
}

// An error of the writer function comes back as it is, not as a failure
// of the disk, and its file is not kept.
func TestOutputWriterError(t *testing.T) {
	dir := t.TempDir()
	boom := errors.New("boom")
	var out Output
	err := out.Add(filepath.Join(dir, "a.png"), func(w io.Writer) error { return boom })
	var we *WriteError
	if err != boom || errors.As(err, &we) {
		t.Errorf("error %v, want the writer's own", err)
	}
	out.Abort()
	if got := tree(t, dir); len(got) != 0 {
		t.Errorf("left %v", got)
	}
}

// A folder that cannot be written is a *WriteError naming the output and
// the folder, and the permission as its cause.
func TestOutputPermission(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes into read-only folders")
	}
	dir := filepath.Join(t.TempDir(), "ro")
	if err := os.Mkdir(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	var out Output
	defer out.Abort()
	err := out.AddBytes(filepath.Join(dir, "book.json"), []byte("{}"))
	want := filepath.Join(dir, "book.json") + ": cannot write in " + dir + ": permission denied"
	if !errors.Is(err, fs.ErrPermission) || err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

func TestParseTemp(t *testing.T) {
	for _, tt := range []struct {
		file string
		name string
		pid  int
		ok   bool
	}{
		{".book.pdf.123.456.tmp", "book.pdf", 123, true},
		{".book.pdf.5.123.456.tmp", "book.pdf.5", 123, true},
		{".sudoku-001-solution.svg.9.1.tmp", "sudoku-001-solution.svg", 9, true},
		{".book.pdf.123.tmp", "", 0, false},     // no random part
		{".book.pdf.12x.456.tmp", "", 0, false}, // not a pid
		{".book.pdf.0.456.tmp", "", 0, false},
		{"..123.456.tmp", "", 0, false},
		{"book.pdf.123.456.tmp", "", 0, false},
		{"book.pdf", "", 0, false},
	} {
		name, pid, ok := parseTemp(tt.file)
		if ok != tt.ok || ok && (pid != tt.pid || name != tt.name) {
			t.Errorf("parseTemp(%q) = %q, %d, %v; want %q, %d, %v", tt.file, name, pid, ok, tt.name, tt.pid, tt.ok)
		}
	}
}

// The temporary files an Output makes are ones RemoveStaleTemps knows,
// with this process's id.
func TestTempPatternHasPID(t *testing.T) {
	name := filepath.Join("out", "book.pdf")
	file := strings.Replace(tempPattern(name), "*", "2718281828", 1)
	if got, pid, ok := parseTemp(file); !ok || got != "book.pdf" || pid != os.Getpid() {
		t.Errorf("parseTemp(%q) = %q, %d, %v; want book.pdf, %d", file, got, pid, ok, os.Getpid())
	}
}

// Add from several goroutines at once (a daily run's workers write what
// they draw): every file lands, none twice, and a name claimed twice is
// refused.
func TestOutputConcurrentAdd(t *testing.T) {
	dir := t.TempDir()
	var out Output
	defer out.Abort()
	var wg sync.WaitGroup
	errs := make(chan error, 8*40)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 40 {
				name := filepath.Join(dir, fmt.Sprintf("d%d", i%5), fmt.Sprintf("f%d-%d.txt", g, i))
				errs <- out.AddBytes(name, []byte(name))
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := out.AddBytes(filepath.Join(dir, "d0", "f0-0.txt"), nil); err == nil {
		t.Fatal("a name written twice was accepted")
	}
	if err := out.Commit(context.Background()); err != nil {
		t.Fatal(err)
	}
	n := 0
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
			if data, _ := os.ReadFile(path); string(data) != path {
				t.Errorf("%s holds %q", path, data)
			}
		}
		return nil
	})
	if n != 320 {
		t.Fatalf("%d files, want 320", n)
	}
}

// AddBytesOrKeep keeps a file that holds exactly the bytes (same inode,
// same time), and writes, at Commit, one that differs in a byte, in
// length (longer or shorter), in mode, or is a link; a name is still
// claimed once.
func TestOutputKeepsSameFile(t *testing.T) {
	dir := t.TempDir()
	data := []byte("the same bytes")
	name := func(s string) string { return filepath.Join(dir, s) }
	write := func(n string, b []byte, mode os.FileMode) {
		if err := os.WriteFile(name(n), b, mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(name(n), mode); err != nil {
			t.Fatal(err)
		}
	}
	write("same", data, 0o644)
	write("byte", []byte("the sane bytes"), 0o644)
	write("longer", append(slices.Clone(data), '!'), 0o644)
	write("shorter", data[:5], 0o644)
	write("private", data, 0o600)
	write("target", data, 0o644)
	if err := os.Symlink(name("target"), name("link")); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(name("same"))
	var out Output
	defer out.Abort()
	for _, n := range []string{"same", "byte", "longer", "shorter", "private", "link", "new"} {
		kept, err := out.AddBytesOrKeep(name(n), data)
		if err != nil {
			t.Fatal(err)
		}
		if kept != (n == "same") {
			t.Errorf("%s: kept %v", n, kept)
		}
	}
	if _, err := out.AddBytesOrKeep(name("same"), data); err == nil {
		t.Error("the same name twice: no error")
	}
	if err := out.Commit(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"same", "byte", "longer", "shorter", "private", "link", "new"} {
		st, err := os.Lstat(name(n))
		got, _ := os.ReadFile(name(n))
		if err != nil || !st.Mode().IsRegular() || st.Mode().Perm() != 0o644 || string(got) != string(data) {
			t.Errorf("%s: %q, mode %v, %v; want %q, a regular file 0644", n, got, st.Mode(), err, data)
		}
	}
	if after, _ := os.Stat(name("same")); !os.SameFile(before, after) || !after.ModTime().Equal(before.ModTime()) {
		t.Error("the file of the same bytes was written again")
	}
}

// TestOutputCopyIsLink: a file that holds the same bytes as another of the
// run is a hard link to it, before Commit under its own temporary name
// (nothing at its final name), after it in place; a copy of a kept file
// links to that file; a copy already in place is kept; a copy of a file
// the run has not written is an error.
func TestOutputCopyIsLink(t *testing.T) {
	dir := t.TempDir()
	data := []byte("yesterday's solution")
	name := func(s string) string { return filepath.Join(dir, s) }
	if err := os.WriteFile(name("kept"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(name("kept"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name("copy-in-place"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(name("copy-in-place"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out Output
	defer out.Abort()
	if _, err := out.AddBytesOrKeep(name("new"), data); err != nil {
		t.Fatal(err)
	}
	if kept, err := out.AddBytesOrKeep(name("kept"), data); err != nil || !kept {
		t.Fatalf("kept: %v %v", kept, err)
	}
	for _, c := range []struct{ name, of string }{{"new-copy", "new"}, {"kept-copy", "kept"}, {"copy-in-place", "new"}} {
		kept, err := out.AddCopyOrKeep(name(c.name), name(c.of), data)
		if err != nil {
			t.Fatal(err)
		}
		if kept != (c.name == "copy-in-place") {
			t.Errorf("%s: kept %v", c.name, kept)
		}
	}
	if _, err := out.AddCopyOrKeep(name("stray"), name("unwritten"), data); err == nil {
		t.Error("a copy of a file the run has not written: no error")
	}
	if _, err := out.AddCopyOrKeep(name("new-copy"), name("new"), data); err == nil {
		t.Error("the same name twice: no error")
	}
	if _, err := os.Lstat(name("new-copy")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("before Commit, new-copy is there: %v", err)
	}
	if err := out.Commit(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, of string }{{"new-copy", "new"}, {"kept-copy", "kept"}} {
		a, err := os.Lstat(name(c.name))
		b, _ := os.Lstat(name(c.of))
		got, _ := os.ReadFile(name(c.name))
		if err != nil || !os.SameFile(a, b) || a.Mode().Perm() != 0o644 || string(got) != string(data) {
			t.Errorf("%s: %q, %v; want a link to %s, 0644", c.name, got, err, c.of)
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}
