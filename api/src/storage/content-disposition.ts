/**
 * An attachment with the original filename: ASCII fallback for old clients, RFC 5987 for the
 * rest. Quotes and control characters would break out of the header value, so they are replaced.
 */
export function attachmentHeader(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
