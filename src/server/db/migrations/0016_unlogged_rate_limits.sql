-- Rate-limit counters are shared by every process on the database but need no durability: an
-- unlogged table writes no WAL, so counting a hit costs no durable commit (no flush to disk).
-- After a crash PostgreSQL empties it, which only restarts the current minute's windows.
-- (docs/decisions/020-public-posts-one-commit.md)
ALTER TABLE "rate_limit_hits" SET UNLOGGED;
