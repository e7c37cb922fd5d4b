package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/docs"
)

// TestHelpTopics: pressrun help TOPIC prints the page of docs/, pressrun
// help lists every topic with its title, and no topic has a command's
// name (which would hide it).
func TestHelpTopics(t *testing.T) {
	topics := docs.Topics()
	if len(topics) < 10 {
		t.Fatalf("%d topics", len(topics))
	}
	list := pressrun(t, "", "help")
	for _, topic := range topics {
		if _, ok := lookup(topic.Name); ok {
			t.Errorf("the topic %s is a command's name too: rename docs/%s.md", topic.Name, topic.Name)
		}
		page, _ := docs.Page(topic.Name)
		if !strings.HasPrefix(page, "# ") || topic.Title == "" {
			t.Errorf("docs/%s.md: the first line is not its title (# Title)", topic.Name)
		}
		r := pressrun(t, "", "help", topic.Name)
		if r.code != 0 || r.stdout != page || r.stderr != "" {
			t.Errorf("help %s: exit %d, %d bytes (want the page's %d), stderr %q", topic.Name, r.code, len(r.stdout), len(page), r.stderr)
		}
		if !regexp.MustCompile(`\n  ` + regexp.QuoteMeta(topic.Name) + ` +` + regexp.QuoteMeta(topic.Title) + `\n`).MatchString(list.stdout) {
			t.Errorf("pressrun help does not list %s with its title %q", topic.Name, topic.Title)
		}
	}
	// A command's name wins: help build is the command's help.
	if r := pressrun(t, "", "help", "build"); !strings.HasPrefix(r.stdout, "usage: pressrun build") {
		t.Errorf("help build: %.80q", r.stdout)
	}
}
