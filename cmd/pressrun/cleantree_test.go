package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest/skips"
)

// TestFirstCommandLeavesTreeClean runs the README's first command,
// `pressrun build configs/classic-book.yaml`, on a copy of the spec in a
// folder of its own, and asks git whether each file it wrote would be
// ignored in configs/: a newcomer's clone must stay clean (git status
// --short prints nothing) after it. .ci/run checks the clone itself too.
func TestFirstCommandLeavesTreeClean(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("git"); err != nil {
		skips.Skip(t, "git not installed: apt-get install git")
	}
	if err := exec.Command("git", "-C", root, "rev-parse", "--git-dir").Run(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI runs in a git clone, but %s is not one: %v", root, err)
		}
		skips.Skip(t, "not a git checkout: the clean-tree check asks git what it ignores")
	}
	spec, err := os.ReadFile(filepath.Join(root, "configs", "classic-book.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "classic-book.yaml"), spec, 0o644); err != nil {
		t.Fatal(err)
	}
	if r := pressrun(t, "", "build", filepath.Join(dir, "classic-book.yaml")); r.code != 0 {
		t.Fatalf("build: exit %d\n%s", r.code, r.stderr)
	}
	var written []string
	err = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if rel != "classic-book.yaml" {
			written = append(written, filepath.ToSlash(filepath.Join("configs", rel)))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(written) < 4 {
		t.Fatalf("the build wrote %v; want at least the PDF, its manifest, report and archive", written)
	}
	for _, name := range written {
		// --no-index: whether a file of that name would be ignored, whether or
		// not one is in the index; exit 1 means it would show in git status.
		cmd := exec.Command("git", "-C", root, "check-ignore", "-q", "--no-index", name)
		if err := cmd.Run(); err != nil {
			if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
				t.Errorf("the README's first command writes %s, which git status would show: ignore it in .gitignore or write it outside the tree", name)
				continue
			}
			t.Fatalf("git check-ignore %s: %v", name, err)
		}
	}
	if !t.Failed() {
		t.Logf("the build wrote %s, all ignored", strings.Join(written, ", "))
	}
}
