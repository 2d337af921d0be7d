// @vitest-environment jsdom
import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CurrentRetreat } from "../../../shared/schemas/retreats";
import { bookingType, currentRetreat, publicSite } from "../../test/builders";
import { passTime } from "../../test/clock";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest, stubResizeObserver } from "../../test/render";
import { siteContentQueryKey } from "../landing/landing-api";
import ApplicationSection from "./application-section";

// The machine is shared and slow at times: give async UI more than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

const confettiMock = vi.hoisted(() => vi.fn());
// The section draws through a main-thread instance (confetti.create), never the worker-based default.
vi.mock("canvas-confetti", () => ({ default: { create: () => confettiMock } }));

stubResizeObserver();

const retreat = currentRetreat({
  id: "2f1c7c1e-8a4b-4c59-9a43-5f0d2b7e9a11",
  bookingTypes: [
    bookingType({
      id: "0b6a4c1e-8a4b-4c59-9a43-5f0d2b7e9a12",
      name: "vip",
      displayName: "VIP Ultimate",
      basePrice: "600.00",
      depositAmount: "0.00",
      isAddon: true,
      features: ["60-minute 1:1 strategy session"],
    }),
  ],
});

/** On the landing page the season's published site is always known (embedded in the HTML). */
const landingCache = (site = publicSite()): [readonly unknown[], unknown][] => [[siteContentQueryKey, site]];

function setup(
  options: {
    retreat?: CurrentRetreat | null;
    post?: () => Promise<Response>;
    site?: ReturnType<typeof publicSite>;
  } = {},
) {
  const { calls, fetchMock } = fakeApi(({ url }) => {
    if (url === "/api/current-retreat") {
      return options.retreat === null
        ? Response.json({ message: "No active retreat found at this time." }, { status: 404 })
        : Response.json(options.retreat ?? retreat);
    }
    if (url === "/api/application" && options.post) return options.post();
    return Response.json({ success: true, id: "x", message: "ok" }, { status: 201 });
  });
  renderWithClient(<ApplicationSection />, { toaster: true, cached: landingCache(options.site) });
  const posts = () =>
    fetchMock.mock.calls.filter(([, init]) => init?.method === "POST").map(([url, init]) => ({ url, init }));
  return { calls, posts };
}

const input = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: RegExp, value: string) => fireEvent.change(input(name), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Submit Application" }));

function fillValidIndividual() {
  fireEvent.click(screen.getByRole("radio", { name: /Individual/ }));
  type(/^Full name/, "Ada King Lovelace");
  type(/^Email address/, "ada@example.com");
  type(/^Phone number/, "+44 7700 900123");
  type(/Where are you based/, "London, United Kingdom");
  type(/Social media or website/, "@ada.vegan https://www.linkedin.com/in/ada");
  type(/Why do you want to join/, "I want to learn from other advocates and bring it all back home with me.");
  type(/advocacy experience/, "Five years of street outreach and cube events.");
  fireEvent.click(screen.getByRole("radio", { name: /No preference/ }));
}

describe("ApplicationSection", () => {
  beforeEach(() => {
    confettiMock.mockClear();
  });

  afterEach(resetClientTest);

  it("is the #apply section with a heading, and shows the form once the retreat is loaded", async () => {
    const { calls } = setup();
    const section = document.getElementById("apply");
    expect(section?.tagName).toBe("SECTION");
    expect(section?.getAttribute("aria-labelledby")).toBe("apply-heading");
    expect(screen.getByRole("status").textContent).toContain("Loading application form");
    expect(await screen.findByRole("button", { name: "Submit Application" })).toBeTruthy();
    expect(calls[0]?.url).toBe("/api/current-retreat");
    expect(screen.getByRole("heading", { level: 2, name: "Apply for Bali 2026" })).toBeTruthy();
  });

  it("names the season the site shows in its heading", async () => {
    setup({ site: publicSite({}, { seasonYear: 2027 }) });
    expect(screen.getByRole("heading", { level: 2, name: "Apply for Bali 2027" })).toBeTruthy();
  });

  it("shows the VIP add-on price from the retreat's booking types", async () => {
    setup();
    const vip = await screen.findByRole("checkbox", { name: /VIP Ultimate/ });
    expect(vip.getAttribute("aria-checked")).toBe("false");
    expect(screen.getByText("+£600")).toBeTruthy();
  });

  it("says no active retreat was found on a 404, after the spec's 3 retries, with Try Again", async () => {
    vi.useFakeTimers();
    const { calls } = setup({ retreat: null });
    await passTime(30_000);
    const alert = screen.getByRole("alert");
    expect(within(alert).getByRole("heading", { name: "Unable to Load Application Form" })).toBeTruthy();
    expect(alert.textContent).toContain("No active retreat found at this time.");
    expect(within(alert).getByRole("button", { name: "Try Again" })).toBeTruthy();
    expect(within(alert).getByRole("link", { name: /@/ }).getAttribute("href")).toMatch(/^mailto:/);
    expect(calls.filter((call) => call.url === "/api/current-retreat")).toHaveLength(4);
  });

  it("says there was an error when the retreat cannot be loaded", async () => {
    vi.useFakeTimers();
    fakeApi(() => new Response("down", { status: 503 }));
    renderWithClient(<ApplicationSection />, { cached: landingCache() });
    await passTime(30_000);
    expect(screen.getByRole("alert").textContent).toContain("There was an error loading retreat information.");
  });

  it("shows every validation message, marks the fields invalid and focuses the first one", async () => {
    const { posts } = setup();
    await screen.findByRole("button", { name: "Submit Application" });
    submit();

    const expected = [
      "Please select your application type.",
      "Please enter your full name.",
      "Please enter a valid email address.",
      "Please enter your phone number in international format.",
      "Please provide at least one social media link or website.",
      "Please provide a more detailed response (at least 50 characters).",
      "Please describe your advocacy experience (at least 30 characters).",
      "Please select your room preference.",
    ];
    for (const message of expected) {
      const node = await screen.findByText(message);
      expect(node.getAttribute("role")).toBe("alert");
    }
    const fullName = input(/^Full name/);
    expect(fullName.getAttribute("aria-invalid")).toBe("true");
    expect(fullName.getAttribute("aria-describedby")).toContain("apply-fullName-error");
    expect(document.getElementById("apply-fullName-error")?.textContent).toBe("Please enter your full name.");
    expect(screen.getByRole("radiogroup", { name: /Application type/ }).getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: /Individual/ }));
    expect(posts()).toHaveLength(0);
  });

  it("labels the room choices by the two rates, priced from the retreat, with the spec's values", async () => {
    const rate = (name: string, displayName: string, basePrice: string, maxOccupancy: number) => ({
      ...retreat.bookingTypes[0]!,
      id: crypto.randomUUID(),
      name,
      displayName,
      basePrice,
      depositAmount: "500.00",
      maxOccupancy,
      isAddon: false,
    });
    const { posts } = setup({
      retreat: {
        ...retreat,
        bookingTypes: [
          rate("solo", "Solo", "1997.00", 1),
          rate("couple", "Couple", "1897.00", 2),
          retreat.bookingTypes[0]!,
        ],
      },
    });
    await screen.findByRole("button", { name: "Submit Application" });
    const shared = screen.getByRole("radio", { name: /Own bed in a shared room/ });
    const privateRoom = screen.getByRole("radio", { name: /Private room for two/ });
    const either = screen.getByRole("radio", { name: /No preference/ });
    expect([shared, privateRoom, either].map((radio) => radio.getAttribute("value"))).toEqual([
      "shared",
      "private",
      "either",
    ]);
    expect(screen.getByText(/Solo rate, £1,997 per person/)).toBeTruthy();
    expect(screen.getByText("Couples rate, £1,897 per person, sharing a bed")).toBeTruthy();
    // No "private room" for a solo guest: there is no such rate.
    expect(screen.queryByText(/A room of your own/)).toBeNull();

    // A couple may choose the private room (couples rate) or a bed each (solo rate)...
    fireEvent.click(screen.getByRole("radio", { name: /Couple/ }));
    expect(screen.getByText("Solo rate, £1,997 per person: a bed each")).toBeTruthy();
    fireEvent.click(privateRoom);
    expect(privateRoom.getAttribute("aria-checked")).toBe("true");
    // ...an individual cannot book the couples' room: the choice is withdrawn and asked again.
    fireEvent.click(screen.getByRole("radio", { name: /Individual/ }));
    expect((screen.getByRole("radio", { name: /Private room for two/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Couples only: two guests sharing a bed")).toBeTruthy();
    expect(screen.getByRole("radio", { name: /Private room for two/ }).getAttribute("aria-checked")).toBe("false");
    submit();
    expect(await screen.findByText("Please select your room preference.")).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it("shows the partner fields only for couples, with their messages", async () => {
    setup();
    await screen.findByRole("button", { name: "Submit Application" });
    expect(screen.queryByLabelText(/Partner's full name/)).toBeNull();

    fireEvent.click(screen.getByRole("radio", { name: /Couple/ }));
    expect(input(/Partner's full name/)).toBeTruthy();
    expect(input(/Partner's email address/)).toBeTruthy();
    expect(input(/Partner's phone number/)).toBeTruthy();
    expect(input(/Where is your partner based/)).toBeTruthy();

    submit();
    expect(await screen.findByText("Please enter your partner's full name")).toBeTruthy();
    expect(screen.getByText("Please enter a valid email address for your partner")).toBeTruthy();
    expect(screen.getByText("Please enter your partner's phone number")).toBeTruthy();

    fireEvent.click(screen.getByRole("radio", { name: /Individual/ }));
    expect(screen.queryByLabelText(/Partner's full name/)).toBeNull();
  });

  it("blocks a filled honeypot with the spam toast and makes no call", async () => {
    const { posts } = setup();
    await screen.findByRole("button", { name: "Submit Application" });
    fillValidIndividual();
    const honeypot = document.getElementById("apply-website") as HTMLInputElement;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute("autocomplete")).toBe("off");
    expect(honeypot.closest("[aria-hidden='true']")).not.toBeNull();
    fireEvent.change(honeypot, { target: { value: "https://spam.example" } });
    submit();

    const toast = (await screen.findByText("Spam detected. Please try again.")).closest("[role='alert']");
    expect(toast?.textContent).toContain("Error");
    expect(posts()).toHaveLength(0);
  });

  it("sends the transformed application, celebrates, and offers another application", async () => {
    let respond: (res: Response) => void = () => {};
    const { posts } = setup({
      post: () =>
        new Promise<Response>((resolve) => {
          respond = resolve;
        }),
    });
    await screen.findByRole("button", { name: "Submit Application" });
    fillValidIndividual();
    fireEvent.click(screen.getByRole("checkbox", { name: /VIP Ultimate/ }));
    submit();

    const pending = await screen.findByRole("button", { name: "Submitting..." });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(posts()).toHaveLength(1);
    const [post] = posts();
    expect(post?.url).toBe("/api/application");
    expect(JSON.parse(String(post?.init?.body))).toMatchObject({
      retreatId: retreat.id,
      firstName: "Ada",
      lastName: "King Lovelace",
      city: "London",
      country: "United Kingdom",
      instagramHandle: "ada.vegan",
      linkedinUrl: "https://www.linkedin.com/in/ada",
      roomPreference: "shared_bed",
      consentGdpr: true,
      consentMarketing: true,
      applicationType: "individual",
      wantsVipUpgrade: true,
    });
    expect(JSON.parse(String(post?.init?.body))).not.toHaveProperty("website");

    await act(async () => {
      respond(Response.json({ success: true, id: "abc", message: "Application submitted" }, { status: 201 }));
    });
    const status = await screen.findByRole("status");
    expect(status.textContent).toContain("Application Submitted!");
    expect(status.textContent).toContain("We'll review your application and get back to you within 2-3 days.");
    // The form is reset straight away...
    await waitFor(() => expect(input(/^Full name/).value).toBe(""));
    await waitFor(() => expect(confettiMock).toHaveBeenCalled());
    expect(confettiMock.mock.calls[0]?.[0]).toMatchObject({ particleCount: 50 });

    // ...and the celebration replaces it after 0.8 s.
    const heading = await screen.findByRole("heading", { name: "Your application is in!" }, { timeout: 5000 });
    expect(screen.queryByRole("button", { name: "Submit Application" })).toBeNull();
    await waitFor(() => expect(heading.closest("section")).toBe(document.activeElement), { timeout: 5000 });

    fireEvent.click(screen.getByRole("button", { name: "Submit another application" }));
    expect(screen.getByRole("button", { name: "Submit Application" })).toBeTruthy();
    expect(input(/^Full name/).value).toBe("");
  });

  it("skips the confetti when the visitor prefers reduced motion", async () => {
    vi.stubGlobal(
      "matchMedia",
      vi.fn((query: string) => ({ matches: query.includes("reduce"), media: query })),
    );
    setup();
    await screen.findByRole("button", { name: "Submit Application" });
    fillValidIndividual();
    submit();
    await screen.findByRole("heading", { name: "Your application is in!" }, { timeout: 5000 });
    expect(confettiMock).not.toHaveBeenCalled();
  });

  it("shows the failure toast and keeps the answers when the server refuses", async () => {
    setup({ post: async () => Response.json({ message: "Too many requests" }, { status: 429 }) });
    await screen.findByRole("button", { name: "Submit Application" });
    fillValidIndividual();
    submit();
    const toast = await screen.findByText("Application Submission Failed");
    expect(toast.parentElement?.textContent).toContain(
      "Something went wrong while submitting your application. Please try again or contact us directly.",
    );
    expect(input(/^Full name/).value).toBe("Ada King Lovelace");
    // The toast can show a moment before the button leaves 'Submitting...': wait for it to come back.
    expect(await screen.findByRole("button", { name: "Submit Application" })).toBeTruthy();
  });

  it("refuses to submit without an active retreat id", async () => {
    const { posts } = setup({ retreat: { ...retreat, id: "" } });
    await screen.findByRole("button", { name: "Submit Application" });
    fillValidIndividual();
    submit();
    expect(
      await screen.findByText("No active retreat found. Please try refreshing the page or contact us directly."),
    ).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });
});
