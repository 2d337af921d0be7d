/**
 * Whether a database error is a unique-constraint violation (SQLSTATE 23505): a row with the same
 * key was written first. PostgreSQL's driver sets the code on the error, Drizzle on its cause.
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === "23505" || e.cause?.code === "23505";
}
