/**
 * Readable log lines for a developer's terminal (LOG_FORMAT=pretty, which `npm run dev` sets):
 * time, level, request, message, then any other fields as JSON. The JSON line is formatted after
 * pino has redacted it, so it holds nothing the JSON log would not. Production keeps JSON lines.
 */
const levelNames: Record<number, string> = {
  10: "TRACE",
  20: "DEBUG",
  30: "INFO",
  40: "WARN",
  50: "ERROR",
  60: "FATAL",
};

type LogEntry = {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [field: string]: unknown;
};

export function formatLogLine(line: string): string {
  let entry: LogEntry;
  try {
    entry = JSON.parse(line) as LogEntry;
  } catch {
    return line.endsWith("\n") ? line : `${line}\n`;
  }
  const { level, time, msg, req, res, responseTime, err, pid: _pid, hostname: _host, reqId, ...rest } = entry;
  const parts = [
    new Date(time ?? Date.now()).toISOString().slice(11, 23),
    (levelNames[level ?? 30] ?? String(level)).padEnd(5),
  ];
  if (reqId !== undefined) parts.push(`[${String(reqId)}]`);
  if (req) parts.push(`${req.method ?? ""} ${req.url ?? ""}`.trim());
  if (res?.statusCode !== undefined) {
    parts.push(`→ ${res.statusCode}${responseTime === undefined ? "" : ` in ${Math.round(responseTime)} ms`}`);
  }
  if (msg && !(req || res)) parts.push(msg);
  const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : "";
  const stack = err?.stack ? `\n${err.stack}` : err?.message ? `\n${err.message}` : "";
  return `${parts.join(" ")}${extra}${stack}\n`;
}

/** A pino destination that writes readable lines to `out` (stdout by default). */
export function readableLogStream(out: { write(text: string): unknown } = process.stdout) {
  return { write: (line: string) => void out.write(formatLogLine(line)) };
}
