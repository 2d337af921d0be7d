import { type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { applications, travelComplianceForms } from "../db/schema";
import {
  type FieldCipher,
  FieldDecryptionError,
  fieldContext,
  isEncrypted,
  type sensitiveFields,
} from "./field-encryption";

type Target = { table: PgTable; name: keyof typeof sensitiveFields; columns: Record<string, PgColumn> };

/** Every encrypted column, by the field name bound into its ciphertext (sensitiveFields). */
const targets: Target[] = [
  {
    table: travelComplianceForms,
    name: "travel",
    columns: {
      passportNumber: travelComplianceForms.passportNumber,
      allergies: travelComplianceForms.allergies,
      medications: travelComplianceForms.medications,
      medicalConditions: travelComplianceForms.medicalConditions,
    },
  },
  { table: applications, name: "application", columns: { medicalNotes: applications.medicalNotes } },
];

const encryptedPrefix = "enc:v1:";
const plain = (column: PgColumn): SQL =>
  sql`(${sql.identifier(column.name)} is not null and not starts_with(${sql.identifier(column.name)}, ${encryptedPrefix}))`;

export type EncryptPlaintextResult = Record<keyof typeof sensitiveFields, number>;

/**
 * Encrypts, in place, values written before encryption at rest existed (or by a tool that
 * bypassed the app). Runs at every start after the migrations: it only touches values without
 * the `enc:v1:` prefix, so a second run changes nothing. Rows go in keyset batches (one SELECT
 * and one UPDATE each), so 100,000 rows never sit in memory at once. Each value is replaced
 * only if it is still the plaintext that was read: a form resubmitted meanwhile by another
 * process keeps its new value.
 */
export async function encryptPlaintextFields(
  db: Db,
  cipher: FieldCipher,
  options: { batchSize?: number } = {},
): Promise<EncryptPlaintextResult> {
  const batchSize = options.batchSize ?? 1000;
  const result = { travel: 0, application: 0 } as EncryptPlaintextResult;
  for (const target of targets) {
    const fields = Object.entries(target.columns);
    const anyPlain = sql.join(
      fields.map(([, column]) => plain(column)),
      sql` or `,
    );
    const selectList = sql.join(
      fields.map(([field, column]) => sql`${sql.identifier(column.name)} as ${sql.identifier(field)}`),
      sql`, `,
    );
    let lastId: string | null = null;
    for (;;) {
      const after: SQL = lastId ? sql`and id > ${lastId}::uuid` : sql``;
      const { rows } = await db.execute(
        sql`select id, ${selectList} from ${target.table} where (${anyPlain}) ${after} order by id limit ${batchSize}`,
      );
      if (rows.length === 0) break;
      const updates = rows.map((row) => {
        const update: Record<string, string | null> = { id: row.id as string };
        fields.forEach(([field], i) => {
          const value = row[field] as string | null;
          const needs = value !== null && !isEncrypted(value);
          update[`o${i}`] = needs ? value : null;
          update[`n${i}`] = needs ? cipher.encrypt(value, fieldContext(target.name, field)) : null;
        });
        return update;
      });
      const sets = sql.join(
        fields.map(([, column], i) => {
          const col = sql.identifier(column.name);
          return sql`${col} = case when t.${col} = v.${sql.identifier(`o${i}`)} then v.${sql.identifier(`n${i}`)} else t.${col} end`;
        }),
        sql`, `,
      );
      const recordType = sql.raw(["id uuid", ...fields.flatMap((_, i) => [`o${i} text`, `n${i} text`])].join(", "));
      await db.execute(
        sql`update ${target.table} as t set ${sets} from json_to_recordset(${JSON.stringify(updates)}::json) as v(${recordType}) where t.id = v.id`,
      );
      result[target.name] += rows.length;
      lastId = rows[rows.length - 1]!.id as string;
      if (rows.length < batchSize) break;
    }
  }
  return result;
}

export class DataKeyMismatchError extends Error {}

/**
 * Fails start-up when stored values were encrypted with another key (a lost DATA_DIR key file,
 * a restored dump without its key): better a clear stop than a server that cannot read what it
 * holds and starts writing under a second key.
 */
export async function assertKeyMatchesData(db: Db, cipher: FieldCipher): Promise<void> {
  for (const target of targets) {
    for (const [field, column] of Object.entries(target.columns)) {
      const col = sql.identifier(column.name);
      const { rows } = await db.execute(
        sql`select ${col} as value from ${target.table} where starts_with(${col}, ${encryptedPrefix}) limit 1`,
      );
      const value = rows[0]?.value as string | undefined;
      if (value === undefined) continue;
      try {
        cipher.decrypt(value, fieldContext(target.name, field));
      } catch (error) {
        if (!(error instanceof FieldDecryptionError)) throw error;
        throw new DataKeyMismatchError(
          "DATA_ENCRYPTION_KEY cannot decrypt the stored passport and medical details: set the key these were encrypted with (see docs/decisions/010-encryption-at-rest.md)",
        );
      }
      return;
    }
  }
}

/** Start-up (after migrations): refuse a key that cannot read the data, then encrypt any plaintext left. */
export async function encryptSensitiveFieldsAtStartup(
  db: Db,
  cipher: FieldCipher,
  log: { info: (values: object, message: string) => void },
): Promise<void> {
  await assertKeyMatchesData(db, cipher);
  const encrypted = await encryptPlaintextFields(db, cipher);
  if (encrypted.travel + encrypted.application > 0) {
    log.info({ encryptedRows: encrypted }, "encrypted passport and medical details stored before encryption at rest");
  }
}
