/** Server-made keys only: letters, digits, `-`, `_`, `.` segments; never `..`. */
const KEY_PATTERN = /^(?:[\w-][\w.-]*\/)*[\w-][\w.-]*$/;

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.split('/').includes('..');
}

/** Storage keys of one image; never derived from anything the client sent. */
export function mediaKeys(userId: string, mediaId: string) {
  const prefix = `users/${userId}/media/${mediaId}/`;
  return {
    prefix,
    original: `${prefix}original`,
    web: `${prefix}web`,
    thumbnail: `${prefix}thumbnail`,
    mediumThumbnail: `${prefix}thumbnail-medium`,
    smallThumbnail: `${prefix}thumbnail-small`,
    /** A generated image's 2× version (POST /media/{id}/hd). */
    hd: `${prefix}hd`,
  };
}

/**
 * Where a browser PUTs a training photo straight into storage (S3), before it is checked. Outside
 * `users/` so one bucket lifecycle rule on `incoming/` can expire uploads that were never used.
 */
export function incomingKey(userId: string, mediaId: string): string {
  return `incoming/${userId}/${mediaId}`;
}
