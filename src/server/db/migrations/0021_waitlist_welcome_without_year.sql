-- The built-in waitlist welcome named "Bali 2026" and "May 2026", which every season not made by
-- copying (a first season in 2027, the demo's) sent as it was. Its text no longer names a year
-- (src/server/email/system-templates.ts); the default row still holding the earlier built-in text
-- word for word (never edited) takes the new one. Edited rows and seasons' own copies are staff's.
UPDATE "email_templates"
SET "subject" = $rhq$You're on the waitlist for our Bali retreat$rhq$,
  "body" = $rhq$# Thank you, {{ firstName }}!

You're now on our priority waitlist for the Bali retreat.

We'll write with the retreat's dates and news, and you'll hear about future retreats before anyone else.

Ready sooner? [Apply now]({{ applyUrl }}). It takes about five minutes.$rhq$,
  "updated_at" = now()
WHERE "name" = 'waitlist_welcome' AND "retreat_id" IS NULL
  AND "subject" = $rhq$You're on the waitlist for Bali 2026$rhq$
  AND "body" = $rhq$# Thank you, {{ firstName }}!

You're now on our priority waitlist for Bali 2026 updates.

We'll write as soon as the exact dates in May 2026 are announced, and you'll hear about future retreats before anyone else.

Ready sooner? [Apply now]({{ applyUrl }}). It takes about five minutes.$rhq$;
