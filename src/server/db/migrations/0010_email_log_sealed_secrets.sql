ALTER TABLE "email_logs" ADD COLUMN "sealed_secrets" text;--> statement-breakpoint
-- Messages stored before this change carry their working credential links (set-password, booking,
-- offer, pay and calendar links) in full. Their tokens cannot be sealed here (the key is the app's),
-- so they are removed: staff and dumps see where a link was, and nobody can use it. A message
-- still unsent at the upgrade goes out with the dead link; its recipient asks for a new one.
UPDATE "email_logs" SET
  "body" = regexp_replace("body", '(/(set-password|interview/book|interview-booking|place-offers?|api/pay|api/calendar)/)[A-Za-z0-9._~%-]{16,}', '\1link-removed', 'g'),
  "text_body" = regexp_replace("text_body", '(/(set-password|interview/book|interview-booking|place-offers?|api/pay|api/calendar)/)[A-Za-z0-9._~%-]{16,}', '\1link-removed', 'g')
WHERE "body" ~ '/(set-password|interview/book|interview-booking|place-offers?|api/pay|api/calendar)/[A-Za-z0-9._~%-]{16,}'
   OR "text_body" ~ '/(set-password|interview/book|interview-booking|place-offers?|api/pay|api/calendar)/[A-Za-z0-9._~%-]{16,}';
