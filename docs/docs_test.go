package docs

import (
	"strings"
	"testing"
)

// Every page is a topic with a title, and Page reads only the pages.
func TestTopics(t *testing.T) {
	topics := Topics()
	if len(topics) == 0 {
		t.Fatal("no topics")
	}
	for _, topic := range topics {
		page, ok := Page(topic.Name)
		if !ok || !strings.HasPrefix(page, "# "+topic.Title+"\n") || strings.Contains(topic.Title, "`") {
			t.Errorf("%s: title %q, page %.60q", topic.Name, topic.Title, page)
		}
	}
	for _, name := range []string{"", "books.md", "../README", "docs.go", "nope"} {
		if _, ok := Page(name); ok {
			t.Errorf("Page(%q) found a page", name)
		}
	}
}
