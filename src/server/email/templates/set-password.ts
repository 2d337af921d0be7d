import { compileEmail, type RenderedEmail, renderEmail } from "../render";

const templates = compileEmail({
  subject:
    "{% if invited %}Set your password for the Retreat HQ back office{% else %}Set a new password for Retreat HQ{% endif %}",
  content: `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;font-weight:normal;">Hello{% if firstName != "" %} {{ firstName }}{% endif %},</h1>
{% if invited %}<p style="margin:0 0 16px;">You now have an account in the Retreat HQ back office. Choose a password to start signing in.</p>
{% else %}<p style="margin:0 0 16px;">An owner of the Retreat HQ back office sent you a link to set a new password for your account.</p>
{% endif %}<p style="margin:0 0 24px;"><a href="{{ url }}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#4f6b3f;color:#ffffff;text-decoration:none;">Set your password</a></p>
<p style="margin:0 0 16px;">Your username is your email address: {{ email }}.</p>
<p style="margin:0;">The link works once and expires in {{ expiresInHours }} hours. If it has expired, ask an owner to send a new one.</p>`,
  footer: `<p style="margin:0;">Did not expect this email? You can ignore it: nothing changes until the link is used.</p>`,
});

export type SetPasswordEmailData = {
  firstName: string | null;
  email: string;
  /** The single-use link, `${publicUrl}/set-password/{token}`. */
  url: string;
  expiresInHours: number;
  /** A new account (an invitation) rather than a reset for an existing one. */
  invited: boolean;
};

export function renderSetPasswordEmail(data: SetPasswordEmailData): Promise<RenderedEmail> {
  return renderEmail(templates, { ...data, firstName: data.firstName ?? "" });
}
