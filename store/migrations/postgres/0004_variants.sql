-- pressrun archive, schema 4, in PostgreSQL (see ../0004_variants.sql):
-- the grids' length checks are dropped the plain way.

ALTER TABLE puzzles ADD COLUMN variant TEXT COLLATE "C" NOT NULL DEFAULT 'classic';
ALTER TABLE puzzles ADD COLUMN layout TEXT COLLATE "C" NOT NULL DEFAULT '';
DROP INDEX puzzles_level_er;
CREATE INDEX puzzles_variant_level_er ON puzzles(variant, level, er, id);

ALTER TABLE puzzles DROP CONSTRAINT puzzles_givens_check;
ALTER TABLE puzzles DROP CONSTRAINT puzzles_solution_check;
ALTER TABLE puzzles DROP CONSTRAINT puzzles_canonical_check;
