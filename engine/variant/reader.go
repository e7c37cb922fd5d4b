package variant

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/pressrun/pressrun/engine"
)

// Reader reads the puzzles of one kind from text, one a line, in the
// forms pressrun writes:
//
//   - a line of n² cells (Parse), or the variant's key, a space and the
//     cells ("jigsaw:LAYOUT CELLS": a jigsaw's puzzles each carry their
//     layout; "16x16 CELLS" is taken too);
//   - TSV with a header row naming a "puzzle" column, and optionally a
//     "variant" column with each row's key (what `pressrun generate` and
//     `archive export` write);
//   - JSON lines with a "puzzle" key, and optionally "variant".
//
// Lines end with LF, CRLF or CR; blank lines and lines starting with '#'
// are skipped; a line longer than engine.MaxLine is reported, not held.
// Every puzzle must be of the reader's kind; a bad one is reported as an
// *engine.ParseError naming its line, after which Next may be called
// again.
type Reader struct {
	in     *bufio.Reader
	kind   *Variant // the kind, and for a jigsaw with a fixed layout the layout
	line   int
	format int
	puzzle int // TSV: the puzzle's column
	key    int // TSV: the variant column, -1 when there is none
	err    error
}

const (
	formatUnknown = iota
	formatPlain
	formatTSV
	formatJSON
)

// NewReader reads puzzles of v's kind from r. A jigsaw v's layout is the
// one a line without a key has; a line with a key may name another
// layout of the same kind.
func NewReader(r io.Reader, v *Variant) *Reader {
	return &Reader{in: bufio.NewReaderSize(r, 64<<10), kind: v, key: -1}
}

// Next returns the next puzzle, its variant (the reader's, or the one its
// line's key names) and its line. At the end it returns io.EOF.
func (r *Reader) Next() (*Variant, Grid, int, error) {
	for {
		raw, long, err := r.readLine()
		if err != nil {
			return nil, nil, r.line, err
		}
		r.line++
		if long > 0 {
			return nil, nil, r.line, r.fail("line too long (%d bytes)", long)
		}
		if r.line == 1 {
			raw = bytes.TrimPrefix(raw, []byte("\ufeff"))
		}
		text := strings.TrimSpace(string(raw))
		if text == "" || text[0] == '#' {
			continue
		}
		if r.format == formatUnknown {
			r.format = formatPlain
			if text[0] == '{' {
				r.format = formatJSON
			} else if cols := strings.Split(string(raw), "\t"); len(cols) > 1 {
				for i, c := range cols {
					switch strings.TrimSpace(c) {
					case "puzzle":
						r.format, r.puzzle = formatTSV, i
					case "variant":
						r.key = i
					}
				}
				if r.format == formatTSV {
					continue
				}
				r.key = -1
			}
		}
		if r.format == formatPlain || r.format == formatJSON {
			r.format = formatPlain // a line that starts with '{' is JSON, whatever the others are
			if text[0] == '{' {
				r.format = formatJSON
			}
		}
		var key, cells string
		switch r.format {
		case formatTSV:
			cols := strings.Split(string(raw), "\t")
			if strings.TrimSpace(cols[min(r.puzzle, len(cols)-1)]) == "puzzle" {
				continue // the header again (files joined with cat)
			}
			if r.puzzle >= len(cols) || (r.key >= len(cols)) {
				return nil, nil, r.line, r.fail("%d columns, want the puzzle in column %d", len(cols), r.puzzle+1)
			}
			cells = strings.TrimSpace(cols[r.puzzle])
			if r.key >= 0 {
				key = strings.TrimSpace(cols[r.key])
			}
		case formatJSON:
			var obj struct {
				Puzzle  *string         `json:"puzzle"`
				Variant string          `json:"variant"`
				Cages   json.RawMessage `json:"cages"`
			}
			if err := json.Unmarshal([]byte(text), &obj); err != nil || (obj.Puzzle == nil && obj.Cages == nil) {
				return nil, nil, r.line, r.fail("want a JSON object with a \"puzzle\" key (or a killer's \"cages\")")
			}
			if obj.Cages != nil {
				v, g, err := r.killer(text)
				return v, g, r.line, err
			}
			key, cells = obj.Variant, *obj.Puzzle
		default:
			if k, c, ok := strings.Cut(text, " "); ok {
				key, cells = k, strings.TrimSpace(c)
			} else {
				cells = text
			}
		}
		v, g, err := r.parse(key, cells)
		if err != nil {
			return nil, nil, r.line, err
		}
		return v, g, r.line, nil
	}
}

// parse reads a puzzle's cells in the variant its key names (the
// reader's when there is none).
func (r *Reader) parse(key, cells string) (*Variant, Grid, error) {
	v := r.kind
	if key != "" && key != r.kind.Key() {
		named, err := FromKey(key)
		if err != nil {
			return nil, nil, r.fail("variant %q: %v", key, strings.TrimPrefix(err.Error(), ErrVariant.Error()+": "))
		}
		if named.Name != r.kind.Name {
			return nil, nil, r.fail("a %s puzzle, not %s (--variant %s reads it)", named.Name, r.kind.Name, named.Name)
		}
		v = named
	}
	if v.IsJigsaw() && len(v.Regions) == 0 {
		return nil, nil, r.fail("a jigsaw puzzle without its layout: write its key first (jigsaw:LAYOUT CELLS)")
	}
	if _, err := KillerSize(v.Name); err == nil && !v.IsKiller() {
		return nil, nil, r.fail("a killer puzzle without its cages: write its key first (%s:CAGES CELLS) or the JSON form ({\"cages\": [...]})", v.Name)
	}
	g, err := v.Parse(cells)
	if err != nil {
		return nil, nil, r.fail("%v", err)
	}
	return v, g, nil
}

// killer reads a killer's JSON form (ParseKillerJSON), which must be of
// the reader's kind.
func (r *Reader) killer(text string) (*Variant, Grid, error) {
	v, g, err := ParseKillerJSON(text)
	if err != nil {
		return nil, nil, r.fail("%s", strings.TrimPrefix(err.Error(), ErrVariant.Error()+": "))
	}
	if v.Name != r.kind.Name {
		return nil, nil, r.fail("a %s puzzle, not %s (--variant %s reads it)", v.Name, r.kind.Name, v.Name)
	}
	return v, g, nil
}

func (r *Reader) fail(format string, args ...any) error {
	return &engine.ParseError{Line: r.line, Msg: fmt.Sprintf(format, args...)}
}

// readLine is the next line without its end; for a line longer than
// engine.MaxLine its length instead, its bytes dropped as they came.
func (r *Reader) readLine() (line []byte, long int, err error) {
	if r.err != nil {
		return nil, 0, r.err
	}
	var buf []byte
	for {
		b, err := r.in.ReadByte()
		if err != nil {
			r.err = err
			if len(buf) > 0 || long > 0 {
				return buf, long, nil
			}
			return nil, 0, err
		}
		switch b {
		case '\r':
			if next, err := r.in.Peek(1); err == nil && next[0] == '\n' {
				r.in.ReadByte()
			}
			return buf, long, nil
		case '\n':
			return buf, long, nil
		}
		if long > 0 || len(buf) >= engine.MaxLine {
			if long == 0 {
				long, buf = len(buf), nil
			}
			long++
			continue
		}
		buf = append(buf, b)
	}
}
