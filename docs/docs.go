// Package docs is pressrun's manual: the pages of this folder, one topic a
// page (books.md is the topic "books"), embedded so that `pressrun help
// TOPIC` prints the very text the repository shows. A page's first line,
// "# Title", is its title.
package docs

import (
	"embed"
	"io/fs"
	"path"
	"strings"
)

//go:embed *.md
var pages embed.FS

// A Topic is one page of the manual: its name (the file name without .md)
// and its title (the page's first line, without the "# ").
type Topic struct {
	Name  string
	Title string
}

// Topics lists the pages of the manual, sorted by name.
func Topics() []Topic {
	entries, err := fs.ReadDir(pages, ".")
	if err != nil {
		panic("docs: " + err.Error()) // the embedded folder is always there
	}
	var topics []Topic
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".md")
		if !ok {
			continue
		}
		text, _ := Page(name)
		first, _, _ := strings.Cut(text, "\n")
		topics = append(topics, Topic{Name: name, Title: strings.TrimPrefix(first, "# ")})
	}
	return topics
}

// Page returns the markdown of the page named name ("books"), and whether
// there is one.
func Page(name string) (string, bool) {
	if name == "" || strings.ContainsAny(name, `/\.`) {
		return "", false
	}
	b, err := pages.ReadFile(path.Join(".", name+".md"))
	if err != nil {
		return "", false
	}
	return string(b), true
}
