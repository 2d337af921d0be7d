import { compileEmail, type RenderedEmail, renderEmail } from "../../email/render";

/** Emails sent when staff move an application to one of these stages (and leave "notify" on). */
export type StageEmailKind = "accepted" | "waitlist" | "declined";

const footer = `<p style="margin:0;">You're receiving this because you applied for {{ retreatName }} at {{ publicUrl }}. Questions? Just reply to this email.</p>`;

const p = (text: string) => `<p style="margin:0 0 16px;">${text}</p>`;
const h1 = (text: string) =>
  `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;font-weight:normal;">${text}</h1>`;

const templates: Record<StageEmailKind, ReturnType<typeof compileEmail>> = {
  accepted: compileEmail({
    subject: "You're accepted: {{ retreatName }}",
    content: [
      h1("Welcome to the retreat, {{ firstName }}!"),
      p("We're delighted to tell you that your application for {{ retreatName }} has been accepted."),
      p(
        "Your place is held for you now. We'll follow up shortly with the payment details for your deposit, which confirms your spot.",
      ),
      `<p style="margin:0;">We can't wait to spend these days with you in Bali.</p>`,
    ].join("\n"),
    footer,
  }),
  waitlist: compileEmail({
    subject: "You're on the waitlist for {{ retreatName }}",
    content: [
      h1("Thank you, {{ firstName }}"),
      p(
        "We loved reading your application for {{ retreatName }}. The retreat is kept small, and every place is currently taken, so we've put you on our waitlist.",
      ),
      p("If a place opens up, you'll be among the first we contact. There's nothing you need to do in the meantime."),
      `<p style="margin:0;">Thank you for your patience and for everything you do for the animals.</p>`,
    ].join("\n"),
    footer,
  }),
  // Kind and respectful: a decline is about fit and space this time, never about the person.
  declined: compileEmail({
    subject: "About your application for {{ retreatName }}",
    content: [
      h1("Thank you for applying, {{ firstName }}"),
      p(
        "Thank you for taking the time to apply for {{ retreatName }} and for sharing your story with us. We read every application with care.",
      ),
      p(
        "With only a handful of places, we aren't able to offer you a spot on this retreat. We know this is disappointing, and it is in no way a judgement of the work you do for the animals.",
      ),
      p(
        "We'd love to stay in touch: we've added you to our priority list for future retreats, so you'll hear about the next dates before they are announced publicly.",
      ),
      `<p style="margin:0;">With warmth and gratitude, and thank you for everything you do.</p>`,
    ].join("\n"),
    footer,
  }),
};

export type StageEmailData = { firstName: string; retreatName: string; publicUrl: string };

export function renderStageEmail(kind: StageEmailKind, data: StageEmailData): Promise<RenderedEmail> {
  return renderEmail(templates[kind], data);
}
