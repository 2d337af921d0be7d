// @vitest-environment jsdom
import { act, cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { onOpenLegalModal } from "../../lib/legal-modals";
import { dismiss } from "../../lib/use-toast";
import { publicSite } from "../../test/builders";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { siteContentQueryKey } from "../landing/landing-api";
import WaitlistSection from "./waitlist-section";

// The machine is shared and slow at times: give async UI more than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

function setup(
  respond: () => Promise<Response> = async () => Response.json({ success: true, message: "ok" }),
  site = publicSite(),
) {
  const { fetchMock } = fakeApi(() => respond());
  // On the landing page the season's published site is always known (embedded in the HTML).
  renderWithClient(<WaitlistSection />, { toaster: true, cached: [[siteContentQueryKey, site]] });
  return fetchMock;
}

const nameInput = () => screen.getByLabelText(/^Full name/) as HTMLInputElement;
const emailInput = () => screen.getByLabelText(/^Email address/) as HTMLInputElement;

function fill(name = "Ada Lovelace", email = "ada@example.com") {
  fireEvent.change(nameInput(), { target: { value: name } });
  fireEvent.change(emailInput(), { target: { value: email } });
}

const join = () => fireEvent.click(screen.getByRole("button", { name: "Join Waitlist" }));

describe("WaitlistSection", () => {
  afterEach(resetClientTest);

  it("renders the #waitlist section with the spec's texts and required markers", () => {
    setup();
    expect(document.getElementById("waitlist")?.tagName).toBe("SECTION");
    expect(screen.getByRole("heading", { name: "Join the Waitlist" })).toBeTruthy();
    expect(
      screen.getByText(
        "Not ready to apply? Join the waitlist for Bali 2026 updates and priority access to future retreats.",
      ),
    ).toBeTruthy();
    expect(nameInput().getAttribute("aria-required")).toBe("true");
    expect(emailInput().getAttribute("aria-required")).toBe("true");
    expect(screen.getByText(/Full name/).querySelector("[aria-hidden='true']")?.textContent).toBe("*");
    expect(screen.getByText(/receive updates about our retreats/).textContent).toMatch(/privacy.*never spam/i);
  });

  it("opens the privacy modal from the Privacy Policy button", () => {
    setup();
    const opened: string[] = [];
    const stop = onOpenLegalModal((kind) => opened.push(kind));
    fireEvent.click(screen.getByRole("button", { name: "Privacy Policy" }));
    stop();
    expect(opened).toEqual(["privacy"]);
  });

  it("shows the schema's messages, focuses the first invalid field and sends nothing", async () => {
    const fetchMock = setup();
    join();
    expect(await screen.findByText("Please enter your full name")).toBeTruthy();
    expect(screen.getByText("Please enter a valid email address").getAttribute("role")).toBe("alert");
    expect(nameInput().getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(nameInput()));
    expect(fetchMock).not.toHaveBeenCalled();

    // Messages follow the typing once a submit has failed.
    fireEvent.change(nameInput(), { target: { value: "Ada" } });
    await waitFor(() => expect(screen.queryByText("Please enter your full name")).toBeNull());
  });

  it("blocks a filled honeypot with the spam toast and no call", async () => {
    const fetchMock = setup();
    fill();
    const honeypot = document.getElementById("waitlist-website") as HTMLInputElement;
    expect(honeypot.tabIndex).toBe(-1);
    fireEvent.change(honeypot, { target: { value: "bot" } });
    join();
    const toast = (await screen.findByText("Spam detected. Please try again.")).closest("[role='alert']");
    expect(toast?.textContent).toContain("Error");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows Joining... while sending, then Thank you! in place of the form", async () => {
    let respond: (res: Response) => void = () => {};
    const fetchMock = setup(
      () =>
        new Promise<Response>((resolve) => {
          respond = resolve;
        }),
    );
    fill("  Ada Lovelace ", "ada@example.com");
    join();

    const pending = (await screen.findByRole("button", { name: "Joining..." })) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/waitlist");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("include");
    expect(JSON.parse(String(init?.body))).toEqual({ name: "Ada Lovelace", email: "ada@example.com" });

    await act(async () => {
      respond(Response.json({ success: true, message: "Thanks" }));
    });
    expect(await screen.findByRole("heading", { name: "Thank you!" })).toBeTruthy();
    expect(screen.getAllByText("You're now on our priority waitlist for Bali 2026 updates.")).toHaveLength(2);
    expect(screen.getByRole("status").textContent).toContain("Success!");
    expect(screen.queryByRole("button", { name: "Join Waitlist" })).toBeNull();
    expect(screen.queryByLabelText(/^Full name/)).toBeNull();
  });

  it("names a later season's year in the spec's texts (docs/decisions/016-seasons.md)", async () => {
    setup(undefined, publicSite({}, { seasonYear: 2027 }));
    expect(
      screen.getByText(
        "Not ready to apply? Join the waitlist for Bali 2027 updates and priority access to future retreats.",
      ),
    ).toBeTruthy();
    fill();
    join();
    expect(await screen.findAllByText("You're now on our priority waitlist for Bali 2027 updates.")).toHaveLength(2);
    expect(document.body.textContent).not.toContain("2026");
  });

  it("shows the server's message when it refuses", async () => {
    setup(async () => Response.json({ message: "Too many requests, please try again later." }, { status: 429 }));
    fill();
    join();
    expect(await screen.findByText("Too many requests, please try again later.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Join Waitlist" })).toBeTruthy();
    expect(nameInput().value).toBe("Ada Lovelace");
  });

  it("falls back to 'Failed to submit' when the server gives no message", async () => {
    setup(async () => new Response("<html>Bad gateway</html>", { status: 502 }));
    fill();
    join();
    expect(await screen.findByText("Failed to submit")).toBeTruthy();
  });

  it("shows another error's message, or the generic one", async () => {
    setup(async () => {
      throw new Error("Network is down");
    });
    fill();
    join();
    expect(await screen.findByText("Network is down")).toBeTruthy();
    cleanup();
    act(() => dismiss());

    setup(async () => {
      throw new Error("");
    });
    fill();
    join();
    expect(await screen.findByText("Something went wrong. Please try again.")).toBeTruthy();
  });
});
