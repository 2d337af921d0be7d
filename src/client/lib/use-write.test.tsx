// @vitest-environment jsdom
import { useQuery } from "@tanstack/react-query";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithClient, resetClientTest } from "../test/render";
import { dismiss } from "./use-toast";
import { useWrite, type WriteOptions } from "./use-write";

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let reply: () => Response;

beforeEach(() => {
  calls = [];
  reply = () => Response.json({ id: "r1", name: "Shala" });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === "GET") return Response.json([]);
      return reply();
    }),
  );
});

afterEach(resetClientTest);

type Room = { id: string; name: string };

function Harness({ options, input }: { options: WriteOptions<{ name: string }, Room>; input: { name: string } }) {
  useQuery({ queryKey: ["/api/admin/rooms"] });
  useQuery({ queryKey: ["/api/admin/tasks"] });
  const write = useWrite(options);
  return (
    <button type="button" onClick={() => write.mutate(input)}>
      Save
    </button>
  );
}

function renderHarness(options: WriteOptions<{ name: string }, Room>) {
  renderWithClient(<Harness options={options} input={{ name: "Shala" }} />, { toaster: true });
}

const gets = (url: string) => calls.filter((c) => c.method === "GET" && c.url === url).length;

describe("useWrite", () => {
  it("sends the request, toasts the success, refetches the prefixes and calls onSuccess with the reply", async () => {
    const onSuccess = vi.fn();
    renderHarness({
      request: (body) => ({ method: "POST", path: "/api/admin/rooms", body }),
      success: (room, input) => ({ title: "Room added", description: `${room.name} (${input.name})` }),
      failure: "Failed to add room",
      refresh: ["/api/admin/rooms"],
      onSuccess,
    });
    await waitFor(() => expect(gets("/api/admin/rooms")).toBe(1));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Room added")).toBeTruthy();
    expect(screen.getByText("Shala (Shala)")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      url: "/api/admin/rooms",
      body: { name: "Shala" },
    });
    expect(onSuccess).toHaveBeenCalledWith({ id: "r1", name: "Shala" }, { name: "Shala" });
    await waitFor(() => expect(gets("/api/admin/rooms")).toBe(2));
    expect(gets("/api/admin/tasks")).toBe(1);
  });

  it("runs a mutationFn in place of a request, and takes an empty reply (204) as success", async () => {
    reply = () => new Response(null, { status: 204 });
    const onSuccess = vi.fn();
    renderHarness({
      mutationFn: async () => undefined as unknown as Room,
      success: "Saved",
      onSuccess,
    });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved")).toBeTruthy();

    cleanup();
    renderHarness({ request: () => ({ method: "DELETE", path: "/api/admin/rooms/r1" }), success: "Room removed" });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Room removed")).toBeTruthy();
  });

  it("toasts a failure with the server's message, or the fallback, and refreshes only when asked", async () => {
    reply = () => Response.json({ message: "A room with that name exists." }, { status: 409 });
    const onSuccess = vi.fn();
    renderHarness({
      request: (body) => ({ method: "POST", path: "/api/admin/rooms", body }),
      success: "Room added",
      failure: "Failed to add room",
      refresh: ["/api/admin/rooms"],
      onSuccess,
    });
    await waitFor(() => expect(gets("/api/admin/rooms")).toBe(1));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Failed to add room")).toBeTruthy();
    expect(screen.getByText("A room with that name exists.")).toBeTruthy();
    expect(screen.queryByText("Room added")).toBeNull();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(gets("/api/admin/rooms")).toBe(1);

    cleanup();
    act(() => dismiss());
    calls = [];
    reply = () => new Response("<html>Bad gateway</html>", { status: 502 });
    renderHarness({
      request: (body) => ({ method: "POST", path: "/api/admin/rooms", body }),
      failure: "Failed to add room",
      refresh: ["/api/admin/rooms"],
      refreshOnError: true,
    });
    await waitFor(() => expect(gets("/api/admin/rooms")).toBe(1));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Failed to add room")).toBeTruthy();
    expect(screen.getByText("Please try again.")).toBeTruthy();
    await waitFor(() => expect(gets("/api/admin/rooms")).toBe(2));
  });

  it("hands a failure and its input to onError, and never calls it on success", async () => {
    reply = () => Response.json({ message: "A room with that name exists." }, { status: 409 });
    const onError = vi.fn();
    renderHarness({ request: (body) => ({ method: "POST", path: "/api/admin/rooms", body }), onError });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    const [error, input] = onError.mock.calls[0] as [Error, { name: string }];
    expect(error.message).toContain("A room with that name exists.");
    expect(input).toEqual({ name: "Shala" });

    cleanup();
    reply = () => Response.json({ id: "r1", name: "Shala" });
    const onSuccess = vi.fn();
    const onErrorAgain = vi.fn();
    renderHarness({
      request: (body) => ({ method: "POST", path: "/api/admin/rooms", body }),
      onSuccess,
      onError: onErrorAgain,
    });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(onErrorAgain).not.toHaveBeenCalled();
  });

  it("stays pending until the refetch is done when asked to hold, after a success or a failure", async () => {
    for (const status of [200, 409]) {
      cleanup();
      calls = [];
      reply = () => Response.json({ message: "Sent" }, { status });
      let release = () => {};
      let gate: Promise<void> = Promise.resolve();
      vi.stubGlobal(
        "fetch",
        vi.fn(async (url: string, init?: RequestInit) => {
          const method = init?.method ?? "GET";
          calls.push({ method, url, body: undefined });
          if (method !== "GET") return reply();
          await gate;
          return Response.json([]);
        }),
      );
      function Pending() {
        useQuery({ queryKey: ["/api/admin/rooms"] });
        const write = useWrite<void>({
          request: () => ({ method: "POST", path: "/api/admin/rooms/r1/send" }),
          refresh: ["/api/admin/rooms"],
          refreshOnError: true,
          holdUntilRefreshed: true,
        });
        return (
          <button type="button" onClick={() => write.mutate()}>
            {write.isPending ? "Sending" : "Send"}
          </button>
        );
      }
      renderWithClient(<Pending />);
      await waitFor(() => expect(gets("/api/admin/rooms")).toBe(1));
      gate = new Promise((resolve) => {
        release = resolve;
      });
      fireEvent.click(screen.getByRole("button", { name: "Send" }));
      await waitFor(() => expect(gets("/api/admin/rooms")).toBe(2));
      expect(screen.getByRole("button", { name: "Sending" })).toBeTruthy();
      act(() => release());
      expect(await screen.findByRole("button", { name: "Send" })).toBeTruthy();
    }
  });

  it("shows no toast when neither success nor failure is given", async () => {
    reply = () => Response.json({ message: "Nope" }, { status: 400 });
    renderHarness({ request: (body) => ({ method: "POST", path: "/api/admin/rooms", body }) });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText("Nope")).toBeNull();
  });
});
