import { createHash } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";

/**
 * The rate-limit key of a client address (request.ip), for every limit (the plugin's, the public
 * forms' statements, the page gate): an IPv4 address as it is; an IPv6 address by its /64 network
 * (one host holds a whole /64), an IPv4-mapped one as the IPv4 address; anything else (a forged
 * X-Forwarded-For entry) as a short hash, so it is still counted and never too long to store.
 */
export function clientKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  // Not an address at all: only a client that reaches the app past its proxies can send one (in
  // X-Forwarded-For). Hashed, so any length fits the store's key; still one key per value.
  if (!isIPv6(ip)) return `unparsed:${createHash("sha256").update(ip).digest("base64url").slice(0, 22)}`;
  const groups = ipv6Groups(ip.split("%")[0]!);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  }
  return ipv6Text([...groups.slice(0, 4), 0, 0, 0, 0]);
}

function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(":").map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

/** RFC 5952 text: lower-case hex, the longest run of two or more zero groups (the first) as "::". */
function ipv6Text(groups: number[]): string {
  let best = { at: -1, length: 0 };
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length && j - i >= 2) best = { at: i, length: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.at < 0) return hex.join(":");
  return `${hex.slice(0, best.at).join(":")}::${hex.slice(best.at + best.length).join(":")}`;
}
