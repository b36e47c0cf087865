/**
 * A write that referred to a row deleted meanwhile (a foreign key), on either database:
 * better-sqlite3's code or PostgreSQL's SQLSTATE 23503.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}
