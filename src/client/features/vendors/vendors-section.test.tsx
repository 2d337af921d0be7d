// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { VendorDto } from "../../../shared/schemas/vendors";
import { vendorDto } from "../../test/builders";
import { type ApiCall, type ApiReply, fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { toVendorBody } from "./vendor-form-dialog";
import { VendorsSection } from "./vendors-section";

const vicUserId = "00000000-0000-4000-8000-0000000000c1";
const valUserId = "00000000-0000-4000-8000-0000000000c2";
const kitchen = vendorDto({
  id: "00000000-0000-4000-8000-0000000000b1",
  name: "Bali Green Kitchen",
  type: "catering",
  email: "kitchen@example.com",
  phone: "+62 361 000",
  services: ["lunch", "dinner"],
  userId: vicUserId,
});
const driver: VendorDto = {
  ...kitchen,
  id: "00000000-0000-4000-8000-0000000000b2",
  name: "Island Transfers",
  type: "transport",
  email: null,
  phone: null,
  services: [],
  userId: null,
  isActive: false,
};

function setup(reply: (call: ApiCall) => ApiReply = () => undefined) {
  const { calls } = fakeApi(reply, (call) => {
    const { url } = call;
    if (call.method === "GET" && url === "/api/admin/vendors") return Response.json([kitchen, driver]);
    if (url === "/api/admin/vendor-bookings")
      return Response.json([
        { vendorId: kitchen.id, status: "booked" },
        { vendorId: kitchen.id, status: "cancelled" },
      ]);
    if (url === "/api/admin/tasks/assignees")
      return Response.json([
        { id: vicUserId, name: "Vic Vendor", role: "vendor" },
        { id: valUserId, name: "Val Vendor", role: "vendor" },
        { id: "00000000-0000-4000-8000-0000000000c3", name: "Sam Staff", role: "staff" },
      ]);
    if (call.method === "POST")
      return Response.json({ ...kitchen, ...(call.body as object), id: "new" }, { status: 201 });
    if (call.method === "PATCH") {
      const base = url.endsWith(driver.id) ? driver : kitchen;
      return Response.json({ ...base, ...(call.body as object) });
    }
    return new Response("not found", { status: 404 });
  });
  renderWithClient(<VendorsSection />, { toaster: true });
  return calls;
}

afterEach(resetClientTest);

const row = async (name: string) => screen.findByRole("listitem", { name });

describe("VendorsSection", () => {
  it("lists each vendor with type, contact, services, linked user, active flag and live bookings", async () => {
    setup();
    const k = await row("Bali Green Kitchen");
    // The bookings are the season's: they arrive once the season is known, after the vendors.
    expect(await within(k).findByText("catering · 1 booking")).toBeTruthy();
    expect(within(k).getByText("kitchen@example.com")).toBeTruthy();
    expect(within(k).getByText("+62 361 000")).toBeTruthy();
    expect(within(k).getByText("lunch, dinner")).toBeTruthy();
    expect(await within(k).findByText("Vic Vendor")).toBeTruthy();
    expect(within(k).getByText("Active")).toBeTruthy();
    const d = await row("Island Transfers");
    expect(within(d).getByText("Inactive")).toBeTruthy();
    expect(within(d).getByText("Not linked")).toBeTruthy();
    expect(within(d).getByRole("button", { name: "Reactivate Island Transfers" })).toBeTruthy();
  });

  it("shows the spec-style field messages and sends nothing for a nameless vendor or bad email", async () => {
    const calls = setup();
    fireEvent.click(await screen.findByRole("button", { name: "Add vendor" }));
    const form = await screen.findByRole("form", { name: "Add vendor" });
    fireEvent.change(within(form).getByLabelText("Email"), { target: { value: "not-an-email" } });
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Add vendor" }));
    expect(await within(form).findByText("Name is required.")).toBeTruthy();
    expect(within(form).getByText("Please enter a valid email address.")).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText(/Name/));
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("adds a vendor linked to a vendor-role user; staff and already-linked users are not offered", async () => {
    const calls = setup();
    fireEvent.click(await screen.findByRole("button", { name: "Add vendor" }));
    const form = await screen.findByRole("form", { name: "Add vendor" });
    const user = within(form).getByLabelText("Vendor portal user") as HTMLSelectElement;
    await waitFor(() => expect(user.options.length).toBe(3));
    const labels = [...user.options].map((o) => `${o.text}${o.disabled ? " [disabled]" : ""}`);
    expect(labels).toEqual(["Not linked", "Vic Vendor (linked to Bali Green Kitchen) [disabled]", "Val Vendor"]);

    fireEvent.change(within(form).getByLabelText(/Name/), { target: { value: "  Sunrise Yoga  " } });
    fireEvent.change(within(form).getByLabelText(/Type/), { target: { value: "teacher" } });
    fireEvent.change(within(form).getByLabelText(/Services/), { target: { value: "yoga, , breathwork " } });
    fireEvent.change(user, { target: { value: valUserId } });
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Add vendor" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")).toEqual({
      url: "/api/admin/vendors",
      method: "POST",
      body: {
        name: "Sunrise Yoga",
        type: "teacher",
        email: null,
        phone: null,
        services: ["yoga", "breathwork"],
        userId: valUserId,
        notes: null,
      },
    });
    expect(await screen.findByText("Vendor added: Sunrise Yoga")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("edits a vendor with PATCH and shows the server's 409 message", async () => {
    const calls = setup((c) =>
      c.method === "PATCH"
        ? Response.json({ message: "That user is already linked to another vendor." }, { status: 409 })
        : undefined,
    );
    fireEvent.click(within(await row("Bali Green Kitchen")).getByRole("button", { name: "Edit Bali Green Kitchen" }));
    const form = await screen.findByRole("form", { name: "Edit vendor" });
    expect((within(form).getByLabelText(/Services/) as HTMLInputElement).value).toBe("lunch, dinner");
    fireEvent.change(within(form).getByLabelText("Phone"), { target: { value: "+62 999" } });
    fireEvent.click(screen.getByRole("button", { name: "Save vendor" }));
    expect(await screen.findByText("Failed to update vendor")).toBeTruthy();
    expect(screen.getByText("That user is already linked to another vendor.")).toBeTruthy();
    const patch = calls.find((c) => c.method === "PATCH")!;
    expect(patch.url).toBe(`/api/admin/vendors/${kitchen.id}`);
    expect(patch.body).toMatchObject({ phone: "+62 999", userId: vicUserId, services: ["lunch", "dinner"] });
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("deactivates and reactivates with PATCH isActive", async () => {
    const calls = setup();
    fireEvent.click(
      within(await row("Bali Green Kitchen")).getByRole("button", { name: "Deactivate Bali Green Kitchen" }),
    );
    expect(await screen.findByText("Bali Green Kitchen deactivated")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reactivate Island Transfers" }));
    expect(await screen.findByText("Island Transfers reactivated")).toBeTruthy();
    expect(calls.filter((c) => c.method === "PATCH").map((c) => [c.url, c.body])).toEqual([
      [`/api/admin/vendors/${kitchen.id}`, { isActive: false }],
      [`/api/admin/vendors/${driver.id}`, { isActive: true }],
    ]);
  });
});

describe("toVendorBody", () => {
  it("turns blanks into null and a comma list into services", () => {
    expect(
      toVendorBody({ name: " A ", type: " ", email: "", phone: "1", services: " a ,b,,", userId: "", notes: "" }),
    ).toEqual({ name: "A", type: null, email: null, phone: "1", services: ["a", "b"], userId: null, notes: null });
  });
});
