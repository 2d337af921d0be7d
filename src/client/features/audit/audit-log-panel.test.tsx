// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderWithClient, resetClientTest } from "../../test/render";
import { AuditLogPanel } from "./audit-log-panel";

function entry(i: number) {
  return {
    id: `a${i}`,
    userId: "u1",
    userEmail: "owner@example.com",
    action: "update",
    entityType: "user",
    entityId: `e${i}`,
    oldValues: { role: "staff" },
    newValues: { role: "<b>vendor</b>" },
    ipAddress: "10.0.0.1",
    userAgent: null,
    createdAt: "2026-03-01T10:00:00.000Z",
  };
}

function setup(total = 60) {
  const { urls } = fakeApi(({ url }) => {
    if (url === "/api/admin/users") return Response.json([{ id: "u1", email: "owner@example.com" }]);
    const params = new URL(url, "http://x").searchParams;
    const page = Number(params.get("page"));
    const pageSize = Number(params.get("pageSize"));
    return Response.json({
      items: Array.from({ length: Math.min(pageSize, Math.max(0, total - (page - 1) * pageSize)) }, (_, i) => entry(i)),
      total,
      page,
      pageSize,
      entityTypes: ["settings", "user"],
      actions: ["login", "update"],
    });
  });
  renderWithClient(<AuditLogPanel />);
  return urls;
}

afterEach(resetClientTest);

describe("AuditLogPanel", () => {
  it("shows entries with their changes, escaped", async () => {
    setup();
    expect(await screen.findByText("Page 1 of 3 · 60 entries")).toBeTruthy();
    const firstChange = document.querySelector("tbody li")!;
    expect(firstChange.textContent).toBe("role: staff → <b>vendor</b>");
    expect(document.querySelector("td b")).toBeNull();
  });

  it("asks the server for each filter and page, back to page 1 when a filter changes", async () => {
    const urls = setup();
    await screen.findByText("Page 1 of 3 · 60 entries");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(urls()).toContain("/api/admin/audit-logs?page=2&pageSize=25"));
    expect(await screen.findByText("Page 2 of 3 · 60 entries")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Entity"), { target: { value: "user" } });
    await waitFor(() => expect(urls()).toContain("/api/admin/audit-logs?entityType=user&page=1&pageSize=25"));
    fireEvent.change(screen.getByLabelText("Action"), { target: { value: "login" } });
    await screen.findByRole("option", { name: "owner@example.com" });
    fireEvent.change(screen.getByLabelText("User"), { target: { value: "u1" } });
    fireEvent.change(screen.getByLabelText("Rows per page"), { target: { value: "50" } });
    await waitFor(() =>
      expect(urls()).toContain("/api/admin/audit-logs?entityType=user&action=login&userId=u1&page=1&pageSize=50"),
    );
  });

  it("disables Previous on the first page and Next on the last", async () => {
    setup(10);
    await screen.findByText("Page 1 of 1 · 10 entries");
    expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Next" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
