-- Stored counters drifted from their rows before they were recounted on every write: a template's
-- "used by" was never lowered when a draft was deleted or switched away, and provider events
-- (bounces) and unsubscribe links changed email_sends without refreshing the campaign's figures.
-- Recount both once from the rows, with the same definitions as src/server/email/campaign-counters.ts.
UPDATE "email_marketing_templates" t SET "usage_count" = (
	SELECT count(*)::int FROM "email_campaigns" c WHERE c."template_id" = t."id"
);
--> statement-breakpoint
UPDATE "email_campaigns" c SET
	"total_recipients" = s.total_recipients,
	"delivered" = s.delivered,
	"bounced" = s.bounced,
	"unsubscribed" = s.unsubscribed,
	"failed" = s.failed
FROM (
	SELECT c2."id",
		count(es."id")::int AS total_recipients,
		(count(es."id") FILTER (WHERE es."status" = 'sent' AND es."bounced_at" IS NULL))::int AS delivered,
		(count(es."id") FILTER (WHERE es."status" = 'bounced' OR es."bounced_at" IS NOT NULL))::int AS bounced,
		(count(es."id") FILTER (WHERE es."unsubscribed_at" IS NOT NULL))::int AS unsubscribed,
		(count(es."id") FILTER (WHERE es."status" = 'failed'))::int AS failed
	FROM "email_campaigns" c2 LEFT JOIN "email_sends" es ON es."campaign_id" = c2."id"
	GROUP BY c2."id"
) s
WHERE s."id" = c."id";
