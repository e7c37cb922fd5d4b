// Package templates owns what a printed page looks like: trim sizes, bleed,
// mirrored margins and the gutter, embedded fonts, the parts of a book
// (front matter, section pages, puzzle and solution pages) and the Sudoku
// grid itself, books drawn with github.com/go-pdf/fpdf. It also draws one
// puzzle alone at a newspaper's column width, as PDF, SVG or PNG, with
// writers of its own (singlepdf.go, pngdeflate.go: their headers say why).
//
// Every length is in PDF points (1/72 in) measured from the top-left corner
// of the page, the way the manifest reports them. The output depends only on
// its input: the same Book gives a byte-identical PDF.
package templates
