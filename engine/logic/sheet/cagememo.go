// Code generated from engine/logic/cagememo.go by TestWideCopy -update. DO NOT EDIT.

package sheet

// A killer's forcing chains work out the same sum region or house again
// and again: the runs from different assumptions, and the nested runs
// inside them, often leave a region's cells with the candidates another
// run left them. cageMemo keeps what was worked out, for the position
// searched, so a region in a state seen before costs a look-up.
//
// It is a cache and nothing more: what it gives back is what the search
// gives, and with it the work that search counted, so a chain budget buys
// the same steps whether a state was found here or searched afresh. (The
// regions' own small memos, sumState's and houseState's, are a part of
// what the budget counts: a state one of them holds costs its cells.)

// cageMemoBits sizes the cache: 2^15 states, a few megabytes a chainer
// (one for the sum regions, one for the houses), made at its first use.
// Of the states the regions' own small memos miss, Tarek's fifth and
// sixteenth killers, rated without a budget, find 41% and 72% here; a
// climb of the first two takes two thirds of the time it took without.
const cageMemoBits = 15

// cageMemo is a direct-mapped table of (region, candidates) → allowed
// digits and the work of finding them; entries of an earlier position
// are told apart by gen.
type cageMemo struct {
	gen        uint32
	keyW, valW int // the Digits of a key and of a value, per slot
	meta       []cageMemoMeta
	keys, vals []Digits
	hits       int  // the states found, for a test
	off        bool // every look-up misses, for a test
}

type cageMemoMeta struct {
	gen    uint32
	region int32
	work   int32
	hash   uint64
}

// reset empties the table for a new position whose keys and values are
// at most keyW and valW Digits. The table is made at the first put: a
// killer whose rating never reaches the dynamic chains costs nothing.
func (m *cageMemo) reset(keyW, valW int) {
	if keyW > m.keyW || valW > m.valW {
		m.keyW, m.valW = max(keyW, m.keyW), max(valW, m.valW)
		m.meta, m.keys, m.vals = nil, nil, nil
	}
	m.gen++
	if m.gen == 0 {
		clear(m.meta)
		m.gen = 1
	}
}

// slot is where region's state of hash h goes.
func (m *cageMemo) slot(region int, h uint64) int {
	h ^= uint64(region) * 0x9e3779b97f4a7c15
	return int((h ^ h>>31) & (1<<cageMemoBits - 1))
}

// find copies into out what region allowed for the candidates key (of
// hash h) when it was worked out in this position, and returns the work
// that took; ok is false when the table does not hold it.
func (m *cageMemo) find(region int, h uint64, key, out []Digits) (work int, ok bool) {
	if m.off || m.meta == nil {
		return 0, false
	}
	i := m.slot(region, h)
	e := &m.meta[i]
	if e.gen != m.gen || e.region != int32(region) || e.hash != h {
		return 0, false
	}
	k := m.keys[i*m.keyW : i*m.keyW+len(key)]
	for j := range key {
		if k[j] != key[j] {
			return 0, false
		}
	}
	copy(out, m.vals[i*m.valW:i*m.valW+len(out)])
	m.hits++
	return int(e.work), true
}

// put keeps what region allowed (val) for the candidates key (of hash h)
// and the work it took.
func (m *cageMemo) put(region int, h uint64, key, val []Digits, work int) {
	if m.meta == nil {
		m.meta = make([]cageMemoMeta, 1<<cageMemoBits)
		m.keys = make([]Digits, m.keyW<<cageMemoBits)
		m.vals = make([]Digits, m.valW<<cageMemoBits)
	}
	i := m.slot(region, h)
	m.meta[i] = cageMemoMeta{gen: m.gen, region: int32(region), work: int32(work), hash: h}
	copy(m.keys[i*m.keyW:], key)
	copy(m.vals[i*m.valW:], val)
}
