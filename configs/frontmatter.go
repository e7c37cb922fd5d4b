package configs

import (
	"errors"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// FrontMatter is the spec's front-matter: part, what the publisher puts
// before the puzzles. The zero value is a book's front matter without a
// publisher: title page, copyright page with pressrun's line, how to
// play, contents and a title page for each section.
type FrontMatter struct {
	Publisher    string // "Published by ..." on the copyright page
	ISBN         string // as written ("978-1-23456-789-7"); checked by ParseISBN
	Edition      string // "First edition, December 2026"
	Copyright    string // replaces "Copyright © YEAR AUTHOR. All rights reserved."
	Dedication   string // a page of its own
	Introduction string // pages of their own, paragraphs separated by blank lines
	HowToPlay    string // replaces the rules page pressrun writes for the book's levels
	NoCredit     bool   // leave out pressrun's line (version, date, seed)
	// Parts are the parts printed, in the book's order; nil: every part
	// there is text for.
	Parts []string
}

// Parts a book's front matter may have, in the order they are printed;
// "level-introductions" is each section's title page.
var Parts = []string{"title", "copyright", "dedication", "introduction", "how-to-play", "contents", "level-introductions"}

// Has reports whether the book prints part: listed in Parts, or with Parts
// nil, there is text for it.
func (f FrontMatter) Has(part string) bool {
	if f.Parts != nil {
		return slices.Contains(f.Parts, part)
	}
	switch part {
	case "dedication":
		return f.Dedication != ""
	case "introduction":
		return f.Introduction != ""
	}
	return true
}

// frontMatter reads front-matter:.
func (r *specReader) frontMatter(n *yaml.Node, field string) FrontMatter {
	var f FrontMatter
	var partsNode *yaml.Node
	r.mapping(n, field, map[string]func(*yaml.Node, string){
		"publisher": func(n *yaml.Node, fl string) { f.Publisher = r.prose(n, fl) },
		"isbn": func(n *yaml.Node, fl string) {
			f.ISBN = strings.TrimSpace(r.text(n, fl))
			if n.Kind != yaml.ScalarNode {
				return
			}
			if _, err := ParseISBN(f.ISBN); err != nil {
				var ie *ISBNError
				errors.As(err, &ie)
				r.fail(n, fl, "%s", ie.Msg)
			}
		},
		"edition":      func(n *yaml.Node, fl string) { f.Edition = r.prose(n, fl) },
		"copyright":    func(n *yaml.Node, fl string) { f.Copyright = r.prose(n, fl) },
		"dedication":   func(n *yaml.Node, fl string) { f.Dedication = r.prose(n, fl) },
		"introduction": func(n *yaml.Node, fl string) { f.Introduction = r.prose(n, fl) },
		"how-to-play":  func(n *yaml.Node, fl string) { f.HowToPlay = r.prose(n, fl) },
		"credit":       func(n *yaml.Node, fl string) { f.NoCredit = !r.boolean(n, fl) },
		"parts": func(n *yaml.Node, fl string) {
			partsNode = n
			items := r.list(n, fl)
			f.Parts = []string{}
			for i := range items {
				p := r.oneOf(&items[i], fl, Parts...)
				if p == "" {
					continue
				}
				if slices.Contains(f.Parts, p) {
					r.fail(&items[i], fl, "%s is listed twice", p)
					continue
				}
				f.Parts = append(f.Parts, p)
			}
		},
	})
	if partsNode != nil {
		field := join(field, "parts")
		for _, p := range []struct{ part, text string }{{"dedication", f.Dedication}, {"introduction", f.Introduction}} {
			if slices.Contains(f.Parts, p.part) && p.text == "" {
				r.fail(partsNode, field, "%s is listed but front-matter.%s is not set", p.part, p.part)
			}
		}
		// The parts print in the book's order whatever the list's.
		slices.SortFunc(f.Parts, func(a, b string) int { return slices.Index(Parts, a) - slices.Index(Parts, b) })
	}
	return f
}

// prose is a text of one or more paragraphs: a YAML block (|) keeps the
// blank lines between paragraphs; surrounding space is dropped.
func (r *specReader) prose(n *yaml.Node, field string) string {
	return strings.TrimSpace(r.text(n, field))
}
