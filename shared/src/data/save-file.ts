import { fetchBlob } from './fetch-blob';

/**
 * Saves an image under the given file name. The signed download URL answers with the file as an
 * attachment, but a cross-origin (S3) answer's own name would win over `download`, so the bytes
 * are fetched and saved from a blob URL.
 */
export async function downloadImage(url: string, fileName: string): Promise<void> {
  const objectUrl = URL.createObjectURL(await fetchBlob(url));
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the download; revoke after the event loop lets it start.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
  }
}
