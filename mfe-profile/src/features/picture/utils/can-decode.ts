/**
 * Whether the browser can draw the chosen file. A file can have the right type and size and
 * still be broken (a cut-off download, a renamed document): the cropper would then show nothing
 * and keep Apply disabled with no word of why.
 */
export async function canDecode(file: Blob): Promise<boolean> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return true;
  } catch {
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
}
