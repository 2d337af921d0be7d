import type { Db } from "./client";

/** A transaction, as `db.transaction(async (tx) => ...)` hands it over. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The database or a transaction: for work that joins its caller's transaction when given one. */
export type DbOrTx = Db | Tx;
