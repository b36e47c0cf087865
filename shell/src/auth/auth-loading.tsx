import { Waiting } from '../waiting';

/** The loading text shown while authentication resolves (spec §2). */
export function AuthLoading() {
  return <Waiting label="Loading..." />;
}
