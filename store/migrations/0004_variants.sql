-- pressrun archive, schema 4: puzzles of every variant.
-- A puzzle's variant is its kind (classic, 4x4, 6x6, 8x8, 12x12, 16x16,
-- x, windoku, jigsaw, jigsaw-6x6); a jigsaw's layout is its regions as a
-- line of n*n region symbols (1-9, A-G), empty for every other kind. Rows
-- archived before are classic. Grids are n*n-character lines in the
-- variant's symbols (1-9, then A-G), '.' for an empty cell; the canonical
-- form of a classic puzzle is its 81-character line, as before, and that
-- of any other variant its canonical variant's key, a space and its line
-- (a jigsaw's key holds its canonical layout), so the id, the hash of that
-- text, sets puzzles of different variants apart.
--
-- The grids' length checks (81 characters) go: SQLite's documented way of
-- dropping a CHECK constraint without rebuilding the table is to edit the
-- table's CREATE statement in the schema, which rewrites no row and leaves
-- the references of placements, candidates and rating_history alone. The
-- edit comes last: ALTER TABLE works from the statement it parsed, and the
-- store bumps the schema version after a migration that edits the schema
-- (as the same documentation says), so that every connection reads it
-- again.

ALTER TABLE puzzles ADD COLUMN variant TEXT NOT NULL DEFAULT 'classic';
ALTER TABLE puzzles ADD COLUMN layout TEXT NOT NULL DEFAULT '';
-- The build's selection and `archive query --variant V --level L` look
-- puzzles up by variant, then as before by level and er.
DROP INDEX puzzles_level_er;
CREATE INDEX puzzles_variant_level_er ON puzzles(variant, level, er, id);

PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = replace(replace(replace(sql,
    'givens     TEXT NOT NULL CHECK (length(givens) = 81)', 'givens     TEXT NOT NULL'),
    'solution   TEXT NOT NULL CHECK (length(solution) = 81)', 'solution   TEXT NOT NULL'),
    'canonical  TEXT NOT NULL CHECK (length(canonical) = 81)', 'canonical  TEXT NOT NULL')
  WHERE type = 'table' AND name = 'puzzles';
PRAGMA writable_schema = OFF;
