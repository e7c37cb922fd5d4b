-- pressrun archive, schema 5, in PostgreSQL (see ../0005_shared.sql):
-- reprint is a boolean, and the trigger calls a function. The trigger
-- needs no lock of its own: a reprint is only marked so when the puzzle's
-- first placement is committed (the insert reads it), and an exclusive
-- outlet's placement can only be a first one.

ALTER TABLE reservations ADD COLUMN host TEXT COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE reservations ADD COLUMN pid BIGINT NOT NULL DEFAULT 0;
ALTER TABLE reservations ADD COLUMN expires TEXT COLLATE "C" NOT NULL DEFAULT '';

ALTER TABLE placements ADD COLUMN reprint BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE placements SET reprint = TRUE WHERE id > (SELECT min(l.id) FROM placements l WHERE l.puzzle_id = placements.puzzle_id);
CREATE UNIQUE INDEX placements_once ON placements(puzzle_id) WHERE NOT reprint;
CREATE FUNCTION placements_exclusive() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.reprint AND (
        EXISTS (SELECT 1 FROM placements l JOIN daily_issues d ON d.id = l.issue_id WHERE l.puzzle_id = NEW.puzzle_id AND d.exclusive)
        OR EXISTS (SELECT 1 FROM daily_issues d WHERE d.id = NEW.issue_id AND d.exclusive)) THEN
        RAISE EXCEPTION 'placements_exclusive: an exclusive outlet''s puzzle appears nowhere else' USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER placements_exclusive BEFORE INSERT ON placements FOR EACH ROW EXECUTE FUNCTION placements_exclusive();
