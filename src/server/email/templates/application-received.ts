import { compileEmail, type RenderedEmail, renderEmail } from "../render";

const templates = compileEmail({
  subject: "We've received your application",
  content: `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;font-weight:normal;">Thank you for applying, {{ firstName }}!</h1>
{% if partnerName != "" %}<p style="margin:0 0 16px;">We've received the couple's application from {{ applicantName }} and {{ partnerName }} for {{ retreatName }}.</p>
{% else %}<p style="margin:0 0 16px;">We've received your application for {{ retreatName }}.</p>
{% endif %}<p style="margin:0 0 8px;">What happens next:</p>
<ol style="margin:0 0 16px;padding-left:20px;">
<li>Vibe Check: we look at your social media for values alignment.</li>
<li>Quick Chat: a short WhatsApp or Zoom call.</li>
<li>Decision: acceptance with a payment link, or a respectful decline with future opportunities.</li>
</ol>
<p style="margin:0;">We'll review your application and get back to you within 2-3 days.</p>`,
  footer: `<p style="margin:0 0 8px;">You're receiving this because an application was submitted with this address at {{ publicUrl }}.</p>
<p style="margin:0;"><a href="{{ preferencesUrl }}" style="color:#4f6b3f;">Manage your email preferences</a></p>`,
});

export type ApplicationReceivedData = {
  /** The recipient's first name (the applicant, or the partner in the partner's copy). */
  firstName: string;
  applicantName: string;
  /** Empty for an individual application. */
  partnerName: string;
  retreatName: string;
  publicUrl: string;
  preferencesUrl: string;
};

export function renderApplicationReceived(data: ApplicationReceivedData): Promise<RenderedEmail> {
  return renderEmail(templates, data);
}
