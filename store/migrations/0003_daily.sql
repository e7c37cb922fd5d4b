-- pressrun archive, schema 3: what `pressrun daily` records beside the
-- ledger.

-- An exclusive outlet's puzzles appear nowhere else: not in another
-- outlet, and not in a book even one that allows reprints.
ALTER TABLE daily_issues ADD COLUMN exclusive INTEGER NOT NULL DEFAULT 1;
CREATE INDEX daily_issues_date ON daily_issues(date);

-- A daily issue's puzzle replaced after it was placed (a misprint, a
-- reader's complaint): when, and why. The placement stays in the ledger,
-- so the puzzle is never printed again; the issue's current puzzles are
-- its placements not withdrawn.
ALTER TABLE placements ADD COLUMN withdrawn TEXT;
ALTER TABLE placements ADD COLUMN why TEXT NOT NULL DEFAULT '';
