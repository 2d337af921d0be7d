import { describe, expect, it } from "vitest";
import { compileEmail, htmlToText, renderEmail } from "./render";
import { renderDefaultSystemEmail, type SystemTemplateData } from "./system-templates";

const renderApplicationReceived = (data: SystemTemplateData["application_received"]) =>
  renderDefaultSystemEmail("application_received", data);
const renderTravelReceived = (data: SystemTemplateData["travel_received"]) =>
  renderDefaultSystemEmail("travel_received", data);
const renderWaitlistWelcome = (data: { firstName: string; publicUrl: string; preferencesUrl: string }) =>
  renderDefaultSystemEmail("waitlist_welcome", { ...data, applyUrl: `${data.publicUrl}/#apply` });

const hostile = `<img src=x onerror="alert(1)"> & 'Ada'`;

describe("email rendering", () => {
  it("escapes every user value in the HTML and keeps it readable in the text part", async () => {
    const email = await renderApplicationReceived({
      firstName: hostile,
      applicantName: hostile,
      partnerName: "<b>Bo</b>",
      retreatName: "Bali <2026>",
      publicUrl: "https://retreat.example.com",
      preferencesUrl: "https://retreat.example.com/email/preferences/abc",
    });
    expect(email.html).not.toContain("<img");
    expect(email.html).not.toContain("<b>Bo</b>");
    // Sanitising re-encodes text: quotes stay literal, which is safe outside attributes.
    expect(email.html).toContain(`&lt;img src=x onerror="alert(1)"&gt; &amp; 'Ada'`);
    expect(email.html).toContain("Bali &lt;2026&gt;");
    expect(email.text).toContain(`Thank you for applying, ${hostile}!`);
    expect(email.text).toContain("from <img");
    expect(email.text).toContain("and <b>Bo</b> for Bali <2026>.");
  });

  it("builds a responsive HTML document and a plain-text part with the links spelled out", async () => {
    const email = await renderWaitlistWelcome({
      firstName: "Ada",
      publicUrl: "https://retreat.example.com",
      preferencesUrl: "https://retreat.example.com/email/preferences/tok123",
    });
    expect(email.subject).toBe("You're on the waitlist for our Bali retreat");
    expect(email.html).toMatch(/^<!doctype html>/);
    expect(email.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(email.html).toContain("max-width:600px");
    expect(email.html).toContain('href="https://retreat.example.com/email/preferences/tok123"');
    expect(email.text).toContain("You're now on our priority waitlist for the Bali retreat.");
    expect(email.text).toContain("Manage your email preferences: https://retreat.example.com/email/preferences/tok123");
    expect(email.text).toContain("Apply now: https://retreat.example.com/#apply");
    expect(email.text).not.toMatch(/<[a-z]/i);
  });

  it("words an individual's and a couple's confirmation differently", async () => {
    const base = {
      firstName: "Ada",
      applicantName: "Ada Lovelace",
      retreatName: "Bali 2026",
      publicUrl: "https://x.test",
      preferencesUrl: "https://x.test/email/preferences/t",
    };
    const solo = await renderApplicationReceived({ ...base, partnerName: "" });
    const couple = await renderApplicationReceived({ ...base, partnerName: "Charles Babbage" });
    expect(solo.text).toContain("We've received your application for Bali 2026.");
    expect(couple.text).toContain("We've received the couple's application from Ada Lovelace and Charles Babbage");
    expect(solo.text).toContain("We'll review your application and get back to you within 2-3 days.");
  });

  it("mentions the airport pickup in the travel confirmation only when asked for", async () => {
    const data = { firstName: "Ada", retreatName: "Bali 2026", travelFormUrl: "https://x.test/travel-form/1" };
    expect((await renderTravelReceived({ ...data, airportPickupRequired: true })).text).toContain("airport pickup");
    expect((await renderTravelReceived({ ...data, airportPickupRequired: false })).text).not.toContain(
      "airport pickup",
    );
  });

  it("keeps subjects on one line so no header can be injected", async () => {
    const templates = compileEmail({ subject: "Hello {{ name }}", content: "<p>x</p>", footer: "" });
    const email = await renderEmail(templates, { name: "Ada\r\nBcc: evil@example.com" });
    expect(email.subject).toBe("Hello Ada Bcc: evil@example.com");
  });

  it("fails loudly on a variable the caller did not provide", async () => {
    const templates = compileEmail({ subject: "Hi", content: "<p>{{ missing }}</p>", footer: "" });
    await expect(renderEmail(templates, {})).rejects.toThrow(/missing/);
  });
});

describe("htmlToText", () => {
  it("turns blocks into paragraphs, list items into dashes and decodes entities once", () => {
    const text = htmlToText(
      "<head><title>t</title></head><p>One &amp;lt;\n two</p><ol><li>A</li><li>B</li></ol><p>x<br>y</p>",
    );
    expect(text).toBe("One &lt; two\n\n- A\n- B\n\nx\ny");
  });
});
