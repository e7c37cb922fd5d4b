package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/pressrun/pressrun/engine"
)

// table writes records as TSV (a header row of column names, then one
// tab-separated row per record) or as JSON lines with the same keys in the
// same order. A record is written either at once with row, or value by
// value with grid, text and int and then end: that way allocates nothing
// per record, for the commands that write a row per puzzle read.
type table struct {
	w    io.Writer
	json bool
	keys [][]byte // `"name":` for each column, for JSON
	buf  []byte   // the record being written
	col  int      // the number of its values written so far
}

// newTable starts a table of the named columns in format "tsv" or "json";
// TSV's header row is written at once, so an empty input still names the
// columns.
func newTable(w io.Writer, format string, cols ...string) (*table, error) {
	t := &table{w: w, json: format == "json"}
	if t.json {
		for _, c := range cols {
			k, _ := json.Marshal(c)
			t.keys = append(t.keys, append(k, ':'))
		}
		return t, nil
	}
	for _, c := range cols {
		t.text(c)
	}
	return t, t.end()
}

// row writes one record, its values in column order: strings, ints,
// engine.Grids, fmt.Stringers or, in JSON only, anything encoding/json
// takes.
func (t *table) row(values ...any) error {
	for _, v := range values {
		switch v := v.(type) {
		case string:
			t.text(v)
		case int:
			t.int(v)
		case engine.Grid:
			t.grid(v)
		default:
			if err := t.value(v); err != nil {
				t.buf, t.col = t.buf[:0], 0
				return err
			}
		}
	}
	return t.end()
}

// next starts the record's next value: the separator, and in JSON the key.
func (t *table) next() {
	switch {
	case t.col > 0 && t.json:
		t.buf = append(t.buf, ',')
	case t.col > 0:
		t.buf = append(t.buf, '\t')
	case t.json:
		t.buf = append(t.buf, '{')
	}
	if t.json {
		t.buf = append(t.buf, t.keys[t.col]...)
	}
	t.col++
}

// grid writes a puzzle or solution as its 81-character line.
func (t *table) grid(g engine.Grid) {
	t.next()
	if !t.json {
		t.buf = g.AppendTo(t.buf)
		return
	}
	t.buf = append(g.AppendTo(append(t.buf, '"')), '"')
}

// text writes a string, quoted in JSON as encoding/json quotes it.
func (t *table) text(s string) {
	t.next()
	if !t.json {
		t.buf = append(t.buf, s...)
		return
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // to escape: rare in a table
			t.buf = append(t.buf, q...)
			return
		}
	}
	t.buf = append(append(append(t.buf, '"'), s...), '"')
}

// int writes a whole number, the same in TSV and JSON.
func (t *table) int(n int) {
	t.next()
	t.buf = strconv.AppendInt(t.buf, int64(n), 10)
}

// value writes anything else: in JSON as encoding/json writes it, in TSV
// as a fmt.Stringer says or as fmt formats it.
func (t *table) value(v any) error {
	t.next()
	if t.json {
		j, err := json.Marshal(v)
		t.buf = append(t.buf, j...)
		return err
	}
	if s, ok := v.(fmt.Stringer); ok {
		t.buf = append(t.buf, s.String()...)
	} else {
		t.buf = fmt.Append(t.buf, v)
	}
	return nil
}

// end finishes the record and writes it.
func (t *table) end() error {
	if t.json {
		t.buf = append(t.buf, '}')
	}
	t.buf = append(t.buf, '\n')
	_, err := t.w.Write(t.buf)
	t.buf, t.col = t.buf[:0], 0
	return err
}
