-- pressrun archive, schema 5: one archive shared by many processes and
-- machines.

-- Reservations are leases: a holder (a run, with its host and process)
-- holds a puzzle until expires (RFC 3339, UTC) and renews it while it
-- works; past it, another holder may take the puzzle, so that a dead
-- machine's reservations come free. Rows reserved before have no expiry
-- ('') and are free at once.
ALTER TABLE reservations ADD COLUMN host TEXT NOT NULL DEFAULT '';
ALTER TABLE reservations ADD COLUMN pid INTEGER NOT NULL DEFAULT 0;
ALTER TABLE reservations ADD COLUMN expires TEXT NOT NULL DEFAULT '';

-- The ledger's promises, kept by the database however processes race. A
-- placement is a reprint when a request that allows reprints places a
-- puzzle placed before; any other placement is a puzzle's first, and a
-- puzzle has one first placement (the unique index), so a puzzle is
-- placed at most once unless a reprint is allowed. A reprint never takes
-- an exclusive outlet's puzzle, nor goes into an exclusive outlet's issue
-- (the trigger). Placements made before are marked as they were made.
ALTER TABLE placements ADD COLUMN reprint INTEGER NOT NULL DEFAULT 0;
UPDATE placements SET reprint = 1 WHERE id > (SELECT min(l.id) FROM placements l WHERE l.puzzle_id = placements.puzzle_id);
CREATE UNIQUE INDEX placements_once ON placements(puzzle_id) WHERE NOT reprint;
CREATE TRIGGER placements_exclusive BEFORE INSERT ON placements
WHEN NEW.reprint AND (
    EXISTS (SELECT 1 FROM placements l JOIN daily_issues d ON d.id = l.issue_id WHERE l.puzzle_id = NEW.puzzle_id AND d.exclusive)
    OR EXISTS (SELECT 1 FROM daily_issues d WHERE d.id = NEW.issue_id AND d.exclusive))
BEGIN
    SELECT RAISE(ABORT, 'placements_exclusive: an exclusive outlet''s puzzle appears nowhere else');
END;
