-- pressrun archive, schema 1.
-- Grids are 81-character strings, '.' for an empty cell. Times are UTC,
-- RFC 3339. The puzzle id is the canonical key: the first 8 bytes of the
-- SHA-256 of the canonical form as a signed integer (pressrun shows it as
-- 16 hex digits). An isomorphic copy has the same id, so the UNIQUE id is
-- what keeps it out; the canonical form itself is stored and compared on
-- every conflict, so a hash collision is an error, never a silent merge.

PRAGMA application_id = 1886549363; -- 'prss'

CREATE TABLE puzzles (
    n          INTEGER PRIMARY KEY,     -- the row, in archiving order
    id         INTEGER NOT NULL UNIQUE, -- the canonical key (see above)
    givens     TEXT NOT NULL CHECK (length(givens) = 81),
    solution   TEXT NOT NULL CHECK (length(solution) = 81),
    canonical  TEXT NOT NULL CHECK (length(canonical) = 81),
    clues      INTEGER NOT NULL,
    symmetry   TEXT NOT NULL DEFAULT 'none',
    source     TEXT NOT NULL,           -- 'generate' or 'import'
    label      TEXT NOT NULL DEFAULT '', -- import: --source LABEL; generate: the request
    version    TEXT NOT NULL,           -- pressrun version that made or imported it
    seed       INTEGER,                 -- generate: the run's seed
    job        INTEGER,                 -- generate: the job index within the run
    created    TEXT NOT NULL,
    -- The current ratings (NULL until rated): every column `pressrun rate`
    -- prints, and the rater version that made them.
    rater      TEXT,
    level      TEXT,
    er         REAL,
    ep         REAL,
    ed         REAL,
    score      INTEGER,
    wnef       REAL,
    callcount  REAL,
    gc         REAL,
    rreduction INTEGER,
    inferences INTEGER,
    guesses    INTEGER,
    backtracks INTEGER,
    techniques TEXT, -- JSON object: technique key -> steps
    rated      TEXT
);
-- The index a build's selection and `archive query --level L --er A-B` use;
-- the id follows er in it, so ties are ordered too.
CREATE INDEX puzzles_level_er ON puzzles(level, er, id);

-- Ratings of older raters: re-rating with a newer rater moves the current
-- ratings here and writes the new ones on the puzzle.
CREATE TABLE rating_history (
    puzzle_id  INTEGER NOT NULL REFERENCES puzzles(id) ON DELETE CASCADE,
    rater      TEXT NOT NULL,
    level      TEXT NOT NULL,
    er         REAL NOT NULL,
    ep         REAL NOT NULL,
    ed         REAL NOT NULL,
    score      INTEGER NOT NULL,
    wnef       REAL NOT NULL,
    callcount  REAL NOT NULL,
    gc         REAL NOT NULL,
    rreduction INTEGER NOT NULL,
    inferences INTEGER NOT NULL,
    guesses    INTEGER NOT NULL,
    backtracks INTEGER NOT NULL,
    techniques TEXT NOT NULL,
    rated      TEXT NOT NULL,
    replaced   TEXT NOT NULL
);
CREATE INDEX rating_history_puzzle ON rating_history(puzzle_id);

CREATE TABLE books (
    id              INTEGER PRIMARY KEY,
    title           TEXT NOT NULL,
    spec_checksum   TEXT NOT NULL,
    seed            INTEGER NOT NULL,
    output_checksum TEXT NOT NULL,
    created         TEXT NOT NULL
);

CREATE TABLE daily_issues (
    id      INTEGER PRIMARY KEY,
    outlet  TEXT NOT NULL,
    date    TEXT NOT NULL, -- YYYY-MM-DD
    created TEXT NOT NULL,
    UNIQUE (outlet, date)
);

-- The ledger: every place a puzzle was published.
CREATE TABLE placements (
    id        INTEGER PRIMARY KEY,
    puzzle_id INTEGER NOT NULL REFERENCES puzzles(id),
    book_id   INTEGER REFERENCES books(id),
    issue_id  INTEGER REFERENCES daily_issues(id),
    section   TEXT NOT NULL DEFAULT '',
    ordinal   INTEGER NOT NULL,
    page      INTEGER,
    created   TEXT NOT NULL,
    CHECK ((book_id IS NULL) <> (issue_id IS NULL))
);
CREATE INDEX placements_puzzle ON placements(puzzle_id);
CREATE INDEX placements_book ON placements(book_id);
CREATE INDEX placements_issue ON placements(issue_id);

-- Puzzles taken by a build that has not finished: never handed to another.
CREATE TABLE reservations (
    puzzle_id INTEGER PRIMARY KEY REFERENCES puzzles(id),
    holder    TEXT NOT NULL,
    created   TEXT NOT NULL
);
CREATE INDEX reservations_holder ON reservations(holder);
