import { editFaces } from '@app/shared/data/jobs';
import type { EditFace } from '@app/shared/spec';
import { photoPreview } from '@app/shared/upload/photo-preview';
import useSWR from 'swr';

/** The short side of the copy sent: the engine looks for faces at a smaller size still. */
const SENT_SHORT_SIDE = 640;
const NO_FACES: EditFace[] = [];

/**
 * The faces of the photo to edit with the chosen models, asked for once per photo and models
 * while their engine fills the mask from the photo (`enabled`). None until they arrive, and none
 * when the question fails: the api applies the same rule when the edit is sent.
 */
export function useEditFaces(
  photo: { file: File; url: string } | null,
  modelIds: readonly string[],
  enabled: boolean,
): EditFace[] {
  const key =
    photo && enabled && modelIds.length > 0 ? ['edit-faces', photo.url, ...modelIds] : null;
  const { data } = useSWR(
    key,
    async () => {
      const file = photo!.file;
      return editFaces((await photoPreview(file, SENT_SHORT_SIDE)) ?? file, modelIds);
    },
    {
      revalidateIfStale: false,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      shouldRetryOnError: false,
    },
  );
  return data ?? NO_FACES;
}
