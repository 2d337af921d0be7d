-- Subscriber counts kept by triggers, so the subscribers list reads its summary and unsearched
-- totals from a few dozen rows instead of counting 100,000 per request (docs/decisions/023).
-- Statement-level triggers with transition tables: a bulk insert adds one row per group, not per
-- subscriber. Rows are only added (a difference each), so concurrent writers never wait on a
-- shared counter row; the list folds them together when they pile up.
CREATE TABLE "email_subscriber_counts" (
	"status" text NOT NULL,
	"segment" text NOT NULL,
	"source" text,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_subscriber_tag_counts" (
	"tag" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "email_subscribers_subscribed_at_idx";--> statement-breakpoint
CREATE INDEX "email_subscribers_subscribed_at_id_idx" ON "email_subscribers" USING btree ("subscribed_at","id");--> statement-breakpoint
CREATE INDEX "email_subscribers_segment_subscribed_idx" ON "email_subscribers" USING btree ("segment","subscribed_at","id");--> statement-breakpoint
CREATE INDEX "email_subscribers_status_subscribed_idx" ON "email_subscribers" USING btree ("status","subscribed_at","id");--> statement-breakpoint
CREATE INDEX "email_subscribers_source_subscribed_idx" ON "email_subscribers" USING btree ("source","subscribed_at","id");--> statement-breakpoint
CREATE FUNCTION "email_subscriber_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "email_subscriber_counts" ("status", "segment", "source", "n")
    SELECT "status", "segment", "source", count(*) FROM "new_rows" GROUP BY "status", "segment", "source";
  INSERT INTO "email_subscriber_tag_counts" ("tag", "n")
    SELECT "tag", count(*) FROM "new_rows", unnest("new_rows"."tags") AS "tag" GROUP BY "tag";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "email_subscriber_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "email_subscriber_counts" ("status", "segment", "source", "n")
    SELECT "status", "segment", "source", -count(*) FROM "old_rows" GROUP BY "status", "segment", "source";
  INSERT INTO "email_subscriber_tag_counts" ("tag", "n")
    SELECT "tag", -count(*) FROM "old_rows", unnest("old_rows"."tags") AS "tag" GROUP BY "tag";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "email_subscriber_counts_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates (preferences, last email sent) change no group: nothing is added then.
  INSERT INTO "email_subscriber_counts" ("status", "segment", "source", "n")
    SELECT "status", "segment", "source", sum("d") FROM (
      SELECT "status", "segment", "source", 1 AS "d" FROM "new_rows"
      UNION ALL
      SELECT "status", "segment", "source", -1 AS "d" FROM "old_rows"
    ) AS "changes"
    GROUP BY "status", "segment", "source" HAVING sum("d") <> 0;
  INSERT INTO "email_subscriber_tag_counts" ("tag", "n")
    SELECT "tag", sum("d") FROM (
      SELECT "tag", 1 AS "d" FROM "new_rows", unnest("new_rows"."tags") AS "tag"
      UNION ALL
      SELECT "tag", -1 AS "d" FROM "old_rows", unnest("old_rows"."tags") AS "tag"
    ) AS "changes"
    GROUP BY "tag" HAVING sum("d") <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "email_subscriber_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "email_subscriber_counts";
  DELETE FROM "email_subscriber_tag_counts";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "email_subscriber_counts_insert" AFTER INSERT ON "email_subscribers"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "email_subscriber_counts_insert"();--> statement-breakpoint
CREATE TRIGGER "email_subscriber_counts_delete" AFTER DELETE ON "email_subscribers"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "email_subscriber_counts_delete"();--> statement-breakpoint
CREATE TRIGGER "email_subscriber_counts_update" AFTER UPDATE ON "email_subscribers"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "email_subscriber_counts_update"();--> statement-breakpoint
CREATE TRIGGER "email_subscriber_counts_truncate" AFTER TRUNCATE ON "email_subscribers"
  FOR EACH STATEMENT EXECUTE FUNCTION "email_subscriber_counts_truncate"();--> statement-breakpoint
-- The counts of the rows already there, taken after the triggers exist: CREATE TRIGGER holds a
-- lock that makes writers wait until this migration commits, so no write is missed or counted twice.
INSERT INTO "email_subscriber_counts" ("status", "segment", "source", "n")
  SELECT "status", "segment", "source", count(*) FROM "email_subscribers" GROUP BY "status", "segment", "source";--> statement-breakpoint
INSERT INTO "email_subscriber_tag_counts" ("tag", "n")
  SELECT "tag", count(*) FROM "email_subscribers", unnest("email_subscribers"."tags") AS "tag" GROUP BY "tag";
