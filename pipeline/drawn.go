package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"

	"github.com/pressrun/pressrun/templates"
)

// A daily batch run again over the same dates draws the same pictures:
// drawing them only to find the bytes already in place was most of a
// re-run's time. The output folder therefore keeps, in drawnName, what
// each file it holds was drawn from (a digest of everything the drawing
// depends on, this program's own bytes included) and the digest of the
// bytes written. A file whose drawing has the same digest, and whose
// bytes on disk still have the recorded digest, is kept without drawing:
// exactly the file a drawing would give. Anything else (a file edited or
// removed, another label, font or dpi, another build of pressrun, a
// missing or unreadable record) is drawn.

// drawnName is the record's file in the output folder, hidden from a CMS
// that picks up the files.
const drawnName = ".pressrun-drawn.json"

// drawnRecord is drawnName's contents.
type drawnRecord struct {
	// Files are by their path in the output folder, with slashes.
	Files map[string]drawnFile `json:"files"`
}

// drawnFile is one file: the digest of its drawing's inputs and of its
// bytes, both sha256 in hex.
type drawnFile struct {
	Drawing string `json:"drawing"`
	Bytes   string `json:"bytes"`
}

// drawnFiles is the record of an output folder as a run reads and then
// updates it; safe for the workers.
type drawnFiles struct {
	dir   string
	mu    sync.Mutex
	rec   drawnRecord
	inRun map[string]bool // the files of this run, kept or written
	kept  int             // files kept without drawing
}

// readDrawn reads dir's record. A missing or unreadable one is empty:
// every file is then drawn.
func readDrawn(dir string) *drawnFiles {
	d := &drawnFiles{dir: dir, inRun: map[string]bool{}}
	if data, err := os.ReadFile(filepath.Join(dir, drawnName)); err == nil {
		if json.Unmarshal(data, &d.rec) != nil {
			d.rec = drawnRecord{}
		}
	}
	if d.rec.Files == nil {
		d.rec.Files = map[string]drawnFile{}
	}
	return d
}

// rel is name's key in the record.
func (d *drawnFiles) rel(name string) (string, bool) {
	r, err := filepath.Rel(d.dir, name)
	if err != nil || !filepath.IsLocal(r) {
		return "", false
	}
	return filepath.ToSlash(r), true
}

// unchanged reports whether every file of names was drawn from drawing
// and still holds the bytes then written: a regular file of mode 0644,
// as Output leaves it, whose bytes have the recorded digest. If so, they
// count as kept.
func (d *drawnFiles) unchanged(drawing string, names []string) bool {
	if drawing == "" {
		return false
	}
	rels := make([]string, len(names))
	var hashed fs.FileInfo // a file hashed, whose links need no hashing again
	var hashedBytes string // its digest
	for i, name := range names {
		r, ok := d.rel(name)
		if !ok {
			return false
		}
		rels[i] = r
		d.mu.Lock()
		f, ok := d.rec.Files[r]
		d.mu.Unlock()
		if !ok || f.Drawing != drawing {
			return false
		}
		st, err := os.Lstat(name)
		if err != nil || !plainOutput(st) {
			return false
		}
		if hashed != nil && os.SameFile(hashed, st) && hashedBytes == f.Bytes {
			continue // a link to the file hashed (a previous solution)
		}
		if fileDigest(name) != f.Bytes {
			return false
		}
		hashed, hashedBytes = st, f.Bytes
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, r := range rels {
		d.inRun[r] = true
	}
	d.kept += len(names)
	return true
}

// set records that names were drawn from drawing and hold data.
func (d *drawnFiles) set(drawing string, names []string, data []byte) {
	sum := sha256.Sum256(data)
	f := drawnFile{Drawing: drawing, Bytes: hex.EncodeToString(sum[:])}
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, name := range names {
		if r, ok := d.rel(name); ok {
			d.rec.Files[r] = f
			d.inRun[r] = true
		}
	}
}

// data is the record as it is written, before the run's Commit: the
// run's files, and those of earlier runs still in the folder.
func (d *drawnFiles) data() ([]byte, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for r := range d.rec.Files {
		if d.inRun[r] {
			continue
		}
		if _, err := os.Lstat(filepath.Join(d.dir, filepath.FromSlash(r))); errors.Is(err, fs.ErrNotExist) {
			delete(d.rec.Files, r)
		}
	}
	data, err := json.Marshal(d.rec)
	return append(data, '\n'), err
}

// fileDigest is the sha256 of the file name in hex; "" when it cannot be
// read.
func fileDigest(name string) string {
	f, err := os.Open(name)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
}

// drawingKey is the digest of everything a file drawn from s in format
// (at dpi, for PNG) depends on: this program, the format and dpi, the
// puzzle as printed, the heading, the words' language, the column, the
// fonts (fonts, their digest), the date, the runes of the font subsets,
// and for EPS the outside tool; base is drawingBase's for s, the same for
// every format. "" when this program cannot read itself: then nothing is
// kept.
func drawingKey(base []byte, format string) string {
	if base == nil {
		return ""
	}
	h := sha256.New()
	h.Write(base)
	h.Write([]byte("\x00" + format))
	if format == "eps" {
		h.Write([]byte("\x00" + toolIdentity(epsTool)))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// drawingBase is what drawingKey digests of s but the format: made once
// for a puzzle's three or four formats (the JSON of a puzzle took a
// twentieth of a PDF's drawing). nil when this program cannot read itself.
func drawingBase(s templates.Single, dpi int, fonts string) []byte {
	program := programDigest()
	if program == "" {
		return nil
	}
	data, err := json.Marshal(struct {
		Program     string
		DPI         int
		Puzzle      templates.Puzzle
		Heading     string
		Solution    bool
		Language    string
		TintRegions bool
		TintCages   bool
		ColumnMM    float64
		Fonts       string
		Date        time.Time
		Runes       templates.Runes
	}{program, dpi, s.Puzzle, s.Heading, s.Solution, s.Words.Code, s.TintRegions, s.TintCages, s.ColumnMM,
		fonts, s.Date.UTC(), s.Runes})
	if err != nil {
		return nil
	}
	return data
}

// fontsDigest is the digest of the fonts' bytes, made once a run.
func fontsDigest(f templates.Fonts) string {
	h := sha256.New()
	h.Write(f.Regular)
	h.Write([]byte{0})
	h.Write(f.Bold)
	return hex.EncodeToString(h.Sum(nil))
}

// programDigest is the digest of this program's own file, read once: a
// build that draws otherwise is another file.
var programDigest = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	return fileDigest(exe)
})

// toolIdentity names an outside program as the PATH finds it: its path,
// size and modification time, so that an upgraded tool draws again.
func toolIdentity(tool string) string {
	path, err := exec.LookPath(tool)
	if err != nil {
		return tool
	}
	st, err := os.Stat(path)
	if err != nil {
		return path
	}
	return fmt.Sprintf("%s %d %s", path, st.Size(), st.ModTime().UTC().Format(time.RFC3339Nano))
}
