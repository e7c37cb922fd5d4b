-- pressrun archive, schema 2: what a build records beside the ledger.

-- The manifest a build wrote (so a run interrupted after the ledger's
-- commit can put it back) and the output it wrote it for.
ALTER TABLE books ADD COLUMN output TEXT NOT NULL DEFAULT '';
ALTER TABLE books ADD COLUMN manifest TEXT NOT NULL DEFAULT '';
CREATE INDEX books_output_checksum ON books(output_checksum);

-- Every candidate a book's section weighed: its value of the section's
-- spread metric, the fence it was held to (NULL where the fence is open)
-- and what came of it: 'kept' (printed), 'spare' (inside the fence, not
-- needed), 'below fence' or 'above fence' (an outlier). Only the kept ones
-- are in the ledger; the others stay unpublished for another book.
CREATE TABLE candidates (
    book_id   INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
    section   INTEGER NOT NULL, -- 1-based, in the spec's order
    puzzle_id INTEGER NOT NULL REFERENCES puzzles(id),
    metric    TEXT NOT NULL,
    value     REAL NOT NULL,
    low       REAL,
    high      REAL,
    outcome   TEXT NOT NULL,
    PRIMARY KEY (book_id, section, puzzle_id)
);
CREATE INDEX candidates_puzzle ON candidates(puzzle_id);
