/** A URL's bytes. An answer that is not 2xx is an error here, as fetch does not make it one. */
export async function fetchBlob(url: string, init?: RequestInit): Promise<Blob> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.blob();
}
