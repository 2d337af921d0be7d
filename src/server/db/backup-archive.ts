import { gunzipSync, gzipSync } from "node:zlib";

/**
 * A minimal ustar writer/reader for the backup file: regular files only, short names. Node has no
 * tar built in and the backup must stay openable with a plain `tar xzf` for inspection by hand.
 */
export type ArchiveEntry = { name: string; data: Uint8Array; mode?: number };

const block = 512;

function writeString(header: Buffer, offset: number, length: number, value: string) {
  header.write(value.slice(0, length), offset, length, "ascii");
}

function writeOctal(header: Buffer, offset: number, length: number, value: number) {
  writeString(header, offset, length, `${value.toString(8).padStart(length - 1, "0")}\0`);
}

function headerFor(entry: ArchiveEntry, mtime: number): Buffer {
  if (Buffer.byteLength(entry.name) > 100) throw new Error(`Archive entry name too long: ${entry.name}`);
  const header = Buffer.alloc(block);
  writeString(header, 0, 100, entry.name);
  writeOctal(header, 100, 8, entry.mode ?? 0o644);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeOctal(header, 124, 12, entry.data.byteLength);
  writeOctal(header, 136, 12, mtime);
  header.fill(" ", 148, 156);
  header.write("0", 156, "ascii");
  writeString(header, 257, 6, "ustar\0");
  writeString(header, 263, 2, "00");
  let sum = 0;
  for (const byte of header) sum += byte;
  writeString(header, 148, 8, `${sum.toString(8).padStart(6, "0")}\0 `);
  return header;
}

export function packTarGz(entries: ArchiveEntry[]): Buffer {
  const mtime = Math.floor(Date.now() / 1000);
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(headerFor(entry, mtime), Buffer.from(entry.data));
    const padding = (block - (entry.data.byteLength % block)) % block;
    if (padding) parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(block * 2));
  return gzipSync(Buffer.concat(parts));
}

export function unpackTarGz(file: Uint8Array): Map<string, Buffer> {
  let tar: Buffer;
  try {
    tar = gunzipSync(file);
  } catch {
    throw new Error("Not a backup file: it is not gzip-compressed.");
  }
  const entries = new Map<string, Buffer>();
  let offset = 0;
  while (offset + block <= tar.length) {
    const header = tar.subarray(offset, offset + block);
    if (header.every((byte) => byte === 0)) break;
    const name = header.toString("ascii", 0, 100).replace(/\0.*$/s, "");
    const size = Number.parseInt(header.toString("ascii", 124, 136).replace(/\0.*$/s, "").trim() || "0", 8);
    const type = header.toString("ascii", 156, 157);
    if (!Number.isSafeInteger(size) || offset + block + size > tar.length) {
      throw new Error("Not a backup file: the archive is truncated or damaged.");
    }
    if (type === "0" || type === "\0") entries.set(name, tar.subarray(offset + block, offset + block + size));
    offset += block + Math.ceil(size / block) * block;
  }
  return entries;
}
