package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// table writes records as TSV (a header row of column names, then one
// tab-separated row per record) or as JSON lines with the same keys in the
// same order. Values are strings, ints, fmt.Stringers or, in JSON only,
// anything encoding/json takes.
type table struct {
	w    io.Writer
	json bool
	keys [][]byte // `"name":` for each column, for JSON
	buf  []byte
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
	for i, c := range cols {
		if i > 0 {
			t.buf = append(t.buf, '\t')
		}
		t.buf = append(t.buf, c...)
	}
	t.buf = append(t.buf, '\n')
	_, err := t.w.Write(t.buf)
	return t, err
}

// row writes one record, its values in column order.
func (t *table) row(values ...any) error {
	b := t.buf[:0]
	if t.json {
		b = append(b, '{')
		for i, v := range values {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, t.keys[i]...)
			j, err := json.Marshal(v)
			if err != nil {
				return err
			}
			b = append(b, j...)
		}
		b = append(b, '}')
	} else {
		for i, v := range values {
			if i > 0 {
				b = append(b, '\t')
			}
			switch v := v.(type) {
			case string:
				b = append(b, v...)
			case int:
				b = strconv.AppendInt(b, int64(v), 10)
			case fmt.Stringer:
				b = append(b, v.String()...)
			default:
				b = fmt.Append(b, v)
			}
		}
	}
	b = append(b, '\n')
	t.buf = b
	_, err := t.w.Write(b)
	return err
}
