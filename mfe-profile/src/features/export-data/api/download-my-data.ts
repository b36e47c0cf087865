import { userExportLink } from '@app/shared/data/user';

/**
 * Asks for a short-lived signed link and lets the browser open it as a download: the zip goes
 * straight to disk as the server writes it, never into this page's memory (an account's images
 * can be far larger than a phone lets a tab hold), and the browser shows its own progress.
 */
export async function downloadMyData(): Promise<void> {
  const { url } = await userExportLink();
  const link = document.createElement('a');
  link.href = url;
  // Same origin: saved under the server's file name. Cross-origin the attachment header does it.
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
