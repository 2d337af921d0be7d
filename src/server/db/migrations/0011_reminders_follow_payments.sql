-- Reminders follow their payment and plan (issue 16, bug 1). Rows written before the product
-- linked every reminder to a scheduled payment (imported or bulk-written data) are linked where
-- the payment they are about can be told (same plan or applicant, same due date, the same amount
-- first); what can never be sent is cancelled with its reason, so no reminder offers Send in vain.
-- 1. Link: one reminder per (payment, kind, lead time), as the unique index wants; kinds other
--    than the overdue notice are the "upcoming" ones.
WITH "candidates" AS (
	SELECT "r"."id" AS "reminder_id",
		(SELECT "p"."id" FROM "payments" "p"
			WHERE "p"."type" <> 'refund'
				AND "p"."due_date" = "r"."due_date"
				AND ("p"."payment_plan_id" = "r"."payment_plan_id"
					OR ("r"."payment_plan_id" IS NULL AND "p"."application_id" = "r"."application_id"))
			ORDER BY ("p"."amount" = "r"."amount") DESC, ("p"."status" IN ('pending', 'failed')) DESC, "p"."created_at", "p"."id"
			LIMIT 1) AS "payment_id",
		CASE WHEN "r"."reminder_type" = 'overdue' THEN 'overdue' ELSE 'upcoming' END AS "kind",
		"r"."days_before"
	FROM "payment_reminders" "r"
	WHERE "r"."payment_id" IS NULL AND "r"."due_date" IS NOT NULL
), "ranked" AS (
	SELECT "c".*, row_number() OVER (PARTITION BY "c"."payment_id", "c"."kind", "c"."days_before" ORDER BY "c"."reminder_id") AS "n"
	FROM "candidates" "c"
	WHERE "c"."payment_id" IS NOT NULL
		AND NOT EXISTS (SELECT 1 FROM "payment_reminders" "e"
			WHERE "e"."payment_id" = "c"."payment_id" AND "e"."reminder_type" = "c"."kind" AND "e"."days_before" = "c"."days_before")
)
UPDATE "payment_reminders" SET "payment_id" = "ranked"."payment_id", "reminder_type" = "ranked"."kind", "updated_at" = now()
FROM "ranked"
WHERE "ranked"."reminder_id" = "payment_reminders"."id" AND "ranked"."n" = 1;
--> statement-breakpoint
-- 2. Cancel the unsent (pending or failed) reminders that can never be sent: no scheduled payment,
--    a plan no longer active, or a payment no longer owed (money-figures.ts).
UPDATE "payment_reminders" SET
	"status" = 'cancelled',
	"metadata" = "payment_reminders"."metadata" || jsonb_build_object('cancelledBecause', "moot"."reason"),
	"updated_at" = now()
FROM (
	SELECT "r"."id",
		CASE
			WHEN "p"."id" IS NULL OR "pl"."id" IS NULL OR "p"."due_date" IS NULL THEN 'unlinked'
			WHEN "pl"."status" <> 'active' THEN 'plan_closed'
			ELSE 'payment_settled'
		END AS "reason"
	FROM "payment_reminders" "r"
	LEFT JOIN "payments" "p" ON "p"."id" = "r"."payment_id"
	LEFT JOIN "payment_plans" "pl" ON "pl"."id" = "p"."payment_plan_id"
	WHERE "r"."status" IN ('pending', 'failed')
		AND NOT coalesce("p"."status" IN ('pending', 'failed') AND "p"."type" <> 'refund' AND "pl"."status" = 'active'
			AND "p"."due_date" IS NOT NULL, false)
) AS "moot"
WHERE "moot"."id" = "payment_reminders"."id";
--> statement-breakpoint
-- 3. An upcoming reminder still waiting for a payment already past due (London) was overtaken by
--    the due date, as the reminder job marks it.
UPDATE "payment_reminders" SET "status" = 'overdue', "updated_at" = now()
FROM "payments" "p"
WHERE "p"."id" = "payment_reminders"."payment_id"
	AND "payment_reminders"."reminder_type" <> 'overdue'
	AND "payment_reminders"."status" IN ('pending', 'failed')
	AND "p"."due_date" < (now() AT TIME ZONE 'Europe/London')::date;
--> statement-breakpoint
-- 4. One left pending after a later reminder of the same payment went out is overtaken.
UPDATE "payment_reminders" SET
	"status" = 'cancelled',
	"metadata" = "payment_reminders"."metadata" || '{"cancelledBecause":"overtaken"}'::jsonb,
	"updated_at" = now()
WHERE "payment_reminders"."status" = 'pending'
	AND "payment_reminders"."reminder_type" <> 'overdue'
	AND EXISTS (SELECT 1 FROM "payment_reminders" "later"
		WHERE "later"."payment_id" = "payment_reminders"."payment_id"
			AND "later"."reminder_type" = "payment_reminders"."reminder_type"
			AND "later"."days_before" < "payment_reminders"."days_before"
			AND "later"."status" = 'sent');
