import { setProfilePicture } from '@app/shared/data/user';

/** The upload itself failed (not the crop): the dialog says 'Failed to upload profile picture'. */
export class PictureUploadError extends Error {
  override readonly name = 'PictureUploadError';
}

function asDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The crop could not be read'));
    reader.readAsDataURL(blob);
  });
}

/**
 * POST /user/profile-picture with the cropped JPEG (spec §7: imageBase64 and contentType). The
 * data layer puts the new URL into the one profile the header reads too, so it changes at once.
 */
export async function uploadPicture(jpeg: Blob): Promise<void> {
  const imageBase64 = await asDataUrl(jpeg);
  try {
    await setProfilePicture({ imageBase64, contentType: 'image/jpeg' });
  } catch (error) {
    throw new PictureUploadError('The profile picture was not accepted', { cause: error });
  }
}
