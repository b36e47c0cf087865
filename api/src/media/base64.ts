import { API_TEXT, FILE_TEXT } from '@app/shared/spec';
import { badRequest } from '../http-errors';

const DATA_URL_PREFIX = /^data:[\w.+/-]*(;[\w=.-]+)*;base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Plain base64 or a data URL; Buffer.from would silently skip junk, so check it first. An empty
 * file is told as on the other upload paths.
 */
export function decodeBase64Image(input: string): Buffer {
  const body = input.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  if (body === '') throw badRequest(API_TEXT.fileEmpty);
  if (body.length % 4 === 1 || !BASE64.test(body)) throw badRequest(FILE_TEXT.invalidFile);
  return Buffer.from(body, 'base64');
}

/** The largest base64 text of `bytes` bytes, plus room for a data-URL prefix and JSON. */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4 + 256;
}
