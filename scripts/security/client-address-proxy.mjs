// A forward proxy for the security scan, on loopback only. Every request it relays gets a fresh
// X-Forwarded-For address in 127.0.0.0/8, and the scanned app trusts this proxy (TRUST_PROXY), so
// the per-address rate limits see each sqlmap request as a new client. Without it sqlmap would
// spend the scan on 429 answers instead of testing the SQL. Only the scan instance trusts it.
//
// Usage: node scripts/security/client-address-proxy.mjs <listen-port> <target-origin>
import http from "node:http";

const [listenPort, targetOrigin] = process.argv.slice(2);
if (!listenPort || !targetOrigin) {
  console.error("Usage: client-address-proxy.mjs <listen-port> <target-origin>");
  process.exit(2);
}
const target = new URL(targetOrigin);
if (!["127.0.0.1", "localhost", "[::1]"].includes(target.hostname)) {
  console.error("The scan proxy relays to this machine only.");
  process.exit(2);
}

let counter = 0;
function nextAddress() {
  counter = (counter + 1) % 16_000_000;
  return `127.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255 || 1}`;
}

http
  .createServer((req, res) => {
    // A proxy request line carries the absolute URL; keep only its path, always to the target.
    const url = new URL(req.url ?? "/", target);
    const headers = { ...req.headers, host: target.host, "x-forwarded-for": nextAddress() };
    delete headers["proxy-connection"];
    const upstream = http.request(
      {
        host: target.hostname.replace(/^\[|\]$/g, ""),
        port: target.port,
        method: req.method,
        path: url.pathname + url.search,
        headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", (error) => {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(`proxy: ${error.message}`);
    });
    req.pipe(upstream);
  })
  .listen(Number(listenPort), "127.0.0.1");
