-- pressrun archive, schema 3, in PostgreSQL (see ../0003_daily.sql):
-- exclusive is a boolean.

ALTER TABLE daily_issues ADD COLUMN exclusive BOOLEAN NOT NULL DEFAULT TRUE;
CREATE INDEX daily_issues_date ON daily_issues(date);

ALTER TABLE placements ADD COLUMN withdrawn TEXT COLLATE "C";
ALTER TABLE placements ADD COLUMN why TEXT COLLATE "C" NOT NULL DEFAULT '';
