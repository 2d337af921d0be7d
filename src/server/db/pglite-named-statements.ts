import { type PGlite, types } from "@electric-sql/pglite";

/**
 * Named prepared statements on PGlite (decision 020, addendum): PGlite's `query()` sends Parse,
 * Describe, Bind, Describe and Execute for every call, so the engine parses and plans a hot
 * statement each time. Here a statement is parsed once per client under its name (its text never
 * changes under one name: prepared-statement.ts puts a hash of the text in it), and each call is
 * one Bind/Execute/Sync round into the engine, through PGlite's own protocol entry point and under
 * the same two locks as `query()` (no query and no transaction runs beside it).
 *
 * Parameters are sent as text, serialised by the parameter types PostgreSQL inferred, and result
 * values parsed by their column types, exactly as `query()` does. An error (a unique violation, a
 * check) is thrown as PGlite throws it from `query()`, with its SQLSTATE in `code`; the Sync in the
 * same round ends the failed extended-protocol exchange, so the connection stays usable.
 */
export function pgliteNamedStatements(client: PGlite) {
  const prepared = new Map<string, Promise<Described>>();

  return async function runNamed(name: string, text: string, values: unknown[]): Promise<{ rows: unknown[] }> {
    // The two locks `query()` takes: no transaction open (its lock is held until it ends) and no
    // other query running. PGlite's public `runExclusive` takes only the second, so a statement
    // would run inside someone else's open transaction.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        let described = prepared.get(name);
        if (!described) {
          described = prepare(client, name, text);
          prepared.set(name, described);
          // A statement that failed to prepare (a bad text) is tried again next time, not cached.
          described.catch(() => prepared.delete(name));
        }
        const { paramTypes, fields } = await described;
        const params = values.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serialize = client.serializers[paramTypes[i]!];
          return serialize ? (serialize(value) as string) : String(value);
        });
        const { messages } = await client.execProtocol(concat([bind(name, params), execute(), sync()]));
        const rows: Record<string, unknown>[] = [];
        for (const message of messages) {
          if (message.name !== "dataRow") continue;
          const cells = (message as unknown as { fields: (string | null)[] }).fields;
          const row: Record<string, unknown> = {};
          fields.forEach((field, i) => {
            row[field.name] = types.parseType(cells[i] ?? null, field.dataTypeID, client.parsers);
          });
          rows.push(row);
        }
        return { rows };
      }),
    );
  };
}

type Described = { paramTypes: number[]; fields: { name: string; dataTypeID: number }[] };

async function prepare(client: PGlite, name: string, text: string): Promise<Described> {
  const { messages } = await client.execProtocol(concat([parse(name, text), describeStatement(name), sync()]));
  const parameters = messages.find((m) => m.name === "parameterDescription") as unknown as
    | { dataTypeIDs: number[] }
    | undefined;
  const rowDescription = messages.find((m) => m.name === "rowDescription") as unknown as
    | { fields: { name: string; dataTypeID: number }[] }
    | undefined;
  return {
    paramTypes: parameters?.dataTypeIDs ?? [],
    fields: (rowDescription?.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  };
}

// The frontend messages of PostgreSQL's extended query protocol (protocol version 3).
const encoder = new TextEncoder();
const cString = (text: string) => {
  const bytes = encoder.encode(text);
  const out = new Uint8Array(bytes.length + 1);
  out.set(bytes);
  return out;
};
const int16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const int32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

function message(type: string, body: number[] | Uint8Array): Uint8Array {
  const out = new Uint8Array(5 + body.length);
  out[0] = type.charCodeAt(0);
  out.set(int32(4 + body.length), 1);
  out.set(body, 5);
  return out;
}

function parse(name: string, text: string) {
  return message("P", concat([cString(name), cString(text), new Uint8Array(int16(0))]));
}

function describeStatement(name: string) {
  return message("D", concat([new Uint8Array(["S".charCodeAt(0)]), cString(name)]));
}

function bind(statement: string, params: (string | null)[]) {
  const head = concat([cString(""), cString(statement), new Uint8Array([...int16(0), ...int16(params.length)])]);
  const encoded = params.map((param) => (param === null ? null : encoder.encode(param)));
  const body = new Uint8Array(head.length + encoded.reduce((sum, e) => sum + 4 + (e?.length ?? 0), 0) + 2);
  body.set(head, 0);
  let at = head.length;
  for (const bytes of encoded) {
    body.set(int32(bytes ? bytes.length : -1), at);
    if (bytes) body.set(bytes, at + 4);
    at += 4 + (bytes?.length ?? 0);
  }
  body.set(int16(0), at);
  return message("B", body);
}

function execute() {
  return message("E", concat([cString(""), new Uint8Array(int32(0))]));
}

function sync() {
  return message("S", []);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
