import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema';

export type UserRow = Selectable<UsersTable>;
