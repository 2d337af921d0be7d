import { compileEmail, type RenderedEmail, renderEmail } from "../render";

const templates = compileEmail({
  subject: "You're on the waitlist for Bali 2026",
  content: `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;font-weight:normal;">Thank you, {{ firstName }}!</h1>
<p style="margin:0 0 16px;">You're now on our priority waitlist for Bali 2026 updates.</p>
<p style="margin:0 0 16px;">We'll write as soon as the exact dates in May 2026 are announced, and you'll hear about future retreats before anyone else.</p>
<p style="margin:0;">Ready sooner? <a href="{{ applyUrl }}" style="color:#4f6b3f;">Apply now</a>. It takes about five minutes.</p>`,
  footer: `<p style="margin:0 0 8px;">You're receiving this because you joined the waitlist at {{ publicUrl }}.</p>
<p style="margin:0;"><a href="{{ preferencesUrl }}" style="color:#4f6b3f;">Manage your email preferences</a></p>`,
});

export type WaitlistWelcomeData = { firstName: string; publicUrl: string; preferencesUrl: string };

export function renderWaitlistWelcome(data: WaitlistWelcomeData): Promise<RenderedEmail> {
  return renderEmail(templates, { ...data, applyUrl: `${data.publicUrl}/#apply` });
}
