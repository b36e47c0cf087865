import type { Generated } from 'kysely';

/** Timestamps are ISO-8601 text so SQLite and Postgres store and sort them alike. */
type IsoTimestamp = string;

export interface UsersTable {
  /** uuid */
  id: string;
  /** The identity provider's `sub` claim: the link between a token and this row. */
  identity_sub: string;
  email: string;
  name: Generated<string>;
  profile_picture_key: string | null;
  subscription_status: Generated<string>;
  subscription_end: IsoTimestamp | null;
  /** 0 or 1: SQLite has no boolean type. */
  is_admin: Generated<number>;
  model_limit: Generated<number>;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

export interface Database {
  users: UsersTable;
}
