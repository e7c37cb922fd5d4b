-- pressrun archive, schema 7: puzzles by the time they were archived.
--
-- The desk's overview and `archive stats` count the puzzles archived each
-- month, and a search may ask for a range of dates archived. On a million
-- puzzles each walked the whole table (0.5 s); with this index a month is
-- a range of it (a few milliseconds).

CREATE INDEX puzzles_created ON puzzles(created);
