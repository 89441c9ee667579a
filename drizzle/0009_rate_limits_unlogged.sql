-- Rate-limit counters are short-lived (no window lasts a day) and need no crash safety: unlogged, a
-- counting statement writes no WAL and its commit waits for no disk flush. A crash empties the table
-- (every window starts afresh); see docs/decisions/012-rate-limit-counters-unlogged.md.
ALTER TABLE "rate_limits" SET UNLOGGED;
