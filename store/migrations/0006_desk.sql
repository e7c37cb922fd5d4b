-- pressrun archive, schema 6: what the web desk needs.
--
-- Who withdrew a daily puzzle, beside when and why: the name the desk's
-- user gives, or the user running `pressrun daily --replace`.
ALTER TABLE placements ADD COLUMN withdrawn_by TEXT NOT NULL DEFAULT '';

-- Indexes for searching the archive. The web desk (and `archive query`)
-- filter by level with or without a kind, order by er or score, and
-- filter by source; on a million puzzles
-- each such search walked or sorted the whole table (0.2-0.4 s), and with
-- these takes a few milliseconds. The same SQL serves both backends.

CREATE INDEX puzzles_level_er ON puzzles(level, er, id);
CREATE INDEX puzzles_level_score ON puzzles(level, score, id);
CREATE INDEX puzzles_er ON puzzles(er, id);
CREATE INDEX puzzles_score ON puzzles(score, id);
CREATE INDEX puzzles_label ON puzzles(label);
CREATE INDEX puzzles_source ON puzzles(source);
