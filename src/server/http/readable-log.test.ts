import { describe, expect, it } from "vitest";
import { formatLogLine } from "./readable-log";

const time = Date.UTC(2026, 10, 25, 9, 30, 15, 250);

describe("formatLogLine (LOG_FORMAT=pretty)", () => {
  it("writes time, level and message, then the other fields", () => {
    const line = JSON.stringify({ level: 40, time, pid: 1, hostname: "h", msg: "outbox slow", queued: 3 });
    expect(formatLogLine(line)).toBe('09:30:15.250 WARN  outbox slow {"queued":3}\n');
  });

  it("shows a request and its answer on one line each", () => {
    const incoming = JSON.stringify({
      level: 30,
      time,
      reqId: "req-1",
      req: { method: "GET", url: "/api/x" },
      msg: "incoming request",
    });
    const done = JSON.stringify({
      level: 30,
      time,
      reqId: "req-1",
      res: { statusCode: 200 },
      responseTime: 4.2,
      msg: "request completed",
    });
    expect(formatLogLine(incoming)).toBe("09:30:15.250 INFO  [req-1] GET /api/x\n");
    expect(formatLogLine(done)).toBe("09:30:15.250 INFO  [req-1] → 200 in 4 ms\n");
  });

  it("prints an error's stack under the line, and passes through what is not JSON", () => {
    const line = JSON.stringify({
      level: 50,
      time,
      msg: "job failed",
      err: { message: "boom", stack: "Error: boom\n    at x" },
    });
    expect(formatLogLine(line)).toBe("09:30:15.250 ERROR job failed\nError: boom\n    at x\n");
    expect(formatLogLine("plain text")).toBe("plain text\n");
  });
});
