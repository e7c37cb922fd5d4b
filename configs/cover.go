package configs

import (
	"strings"

	"gopkg.in/yaml.v3"
)

// Cover is the spec's cover: part, the wrap-around cover (back, spine,
// front) that `pressrun build` writes beside the interior:
//
//	cover:
//	  paper: cream
//	  blurb: |
//	    Two hundred puzzles ...
//	  art: grids
//	  colour: "#1f3a5f"
type Cover struct {
	Paper   string  // one of Papers by name, default white; empty when paper-thickness is given
	PaperIn float64 // inches a page: the paper's, or paper-thickness
	Blurb   string  // the back cover's text, paragraphs separated by blank lines
	Art     string  // one of CoverArts; default "first-puzzle"
	// Background is a PNG or JPEG file covering the whole wrap; empty:
	// none. Colour is the background's colour without an image, "#rrggbb";
	// empty: white. Like page.trim, both are checked where they are used
	// (pipeline.CheckCover): the file's format and its resolution over the
	// wrap, the colour by the layout that paints it.
	Background, Colour string
	NoSpineText        bool // spine-text: false leaves the spine blank even when the book may have spine text
}

// Paper is a paper a cover's spine width is computed from.
type Paper struct {
	Name string
	In   float64 // what a page adds to the spine, inches: spine = pages x In
}

// Papers are KDP's paperback papers with the spine width a page adds, from
// KDP's "Paperback cover calculator" and its "Create a paperback cover"
// help page: spine width = page count x 0.002252 in for white paper,
// x 0.0025 in for cream, x 0.002347 in for premium colour. Other printers
// (IngramSpark's calculator) differ by a few hundredths of an inch on a
// thick book: paper-thickness sets theirs.
var Papers = []Paper{{"white", 0.002252}, {"cream", 0.0025}, {"premium-color", 0.002347}}

// CoverArts are the front-cover art a spec may name: a large grid of the
// book's first puzzle, or a pattern of the book's puzzles.
var CoverArts = []string{"first-puzzle", "grids"}

// The thicknesses a page may be given (KDP's figures are 0.0022-0.0025 in);
// outside this range is a typing error, such as 0.25in.
const (
	minPaperIn = 0.001
	maxPaperIn = 0.01
)

// cover reads the cover: part.
func (r *specReader) cover(n *yaml.Node, field string) *Cover {
	c := &Cover{Art: CoverArts[0]}
	var paperNode, thicknessNode *yaml.Node
	r.mapping(n, field, map[string]func(*yaml.Node, string){
		"paper": func(v *yaml.Node, f string) {
			paperNode = v
			names := make([]string, len(Papers))
			for i, p := range Papers {
				names[i] = p.Name
			}
			c.Paper = r.oneOf(v, f, names...)
		},
		"paper-thickness": func(v *yaml.Node, f string) {
			thicknessNode = v
			in, ok := parseLength(v.Value, "in")
			switch {
			case v.Kind != yaml.ScalarNode || !ok:
				r.fail(v, f, "want a length a page, such as 0.0025in or 0.0635mm")
			case in < minPaperIn || in > maxPaperIn:
				r.fail(v, f, "%s: a page of book paper is %g-%g in (KDP's white paper is 0.002252 in)", v.Value, minPaperIn, maxPaperIn)
			default:
				c.PaperIn = in
			}
		},
		"blurb":      func(v *yaml.Node, f string) { c.Blurb = strings.TrimSpace(r.text(v, f)) },
		"art":        func(v *yaml.Node, f string) { c.Art = r.oneOf(v, f, CoverArts...) },
		"background": func(v *yaml.Node, f string) { c.Background = r.path(v, f) },
		"colour":     func(v *yaml.Node, f string) { c.Colour = r.text(v, f) },
		"spine-text": func(v *yaml.Node, f string) { c.NoSpineText = !r.boolean(v, f) },
	})
	if thicknessNode != nil {
		c.Paper = "" // paper-thickness overrides paper
	} else {
		if paperNode == nil {
			c.Paper = Papers[0].Name
		}
		for _, p := range Papers {
			if p.Name == c.Paper {
				c.PaperIn = p.In
			}
		}
	}
	return c
}
