/**
 * The four file checks of spec §5 as one shape, so one drop zone serves every upload place: what
 * the file picker offers (`accept`), whether it takes several files, which types pass while files
 * are still being dragged, and the check itself, which keeps the spec's messages and order (the
 * rules live in `validators.ts`; this file only says how each place applies them).
 */

import {
  GENERAL_IMAGE_MIME_TYPES,
  PROFILE_PICTURE_MIME_TYPES,
  SINGLE_IMAGE_EXTENSIONS,
  SINGLE_IMAGE_MIME_TYPES,
  TRAINING_PHOTO_MIME_TYPES,
} from './constants';
import { FILE_TEXT, PROFILE_TEXT } from './messages';
import {
  validateImageFile,
  validateImageFiles,
  validateProfilePicture,
  validateSingleImageDrop,
  validateTrainingPhotoBatch,
  type FileLike,
} from './validators';

export interface FileCheckResult<F extends FileLike> {
  /** The files to use; empty when the whole batch was refused. */
  accepted: F[];
  /** Messages to show, in the spec's wording; empty when everything passed. */
  errors: string[];
}

export interface FileCheck {
  /** The file input's `accept` attribute. */
  accept: string;
  multiple: boolean;
  /** Types that count as acceptable while files are dragged (sizes and names are unknown then). */
  mimeTypes: readonly string[];
  /** Shown while the dragged files cannot be dropped. */
  dragRejectMessage: string;
  /** `alreadyChosen`: files the place holds already, for limits on the total. */
  check<F extends FileLike>(files: readonly F[], alreadyChosen?: number): FileCheckResult<F>;
}

const refuse = <F extends FileLike>(error: string): FileCheckResult<F> => ({
  accepted: [],
  errors: [error],
});

const acceptAll = <F extends FileLike>(files: readonly F[]): FileCheckResult<F> => ({
  accepted: [...files],
  errors: [],
});

/** General images: each file on its own; the good ones pass, each bad one gets 'File {n}: ...'. */
const general: FileCheck = {
  accept: [...GENERAL_IMAGE_MIME_TYPES, '.heic', '.heif'].join(','),
  multiple: true,
  mimeTypes: GENERAL_IMAGE_MIME_TYPES,
  dragRejectMessage: FILE_TEXT.generalTypeNotAllowed,
  check(files) {
    return {
      accepted: files.filter((file) => validateImageFile(file) === null),
      errors: validateImageFiles(files),
    };
  },
};

/** The edit-mode image area: exactly one PNG/JPEG/WebP of at most 10 MB. */
const singleImage: FileCheck = {
  accept: [...SINGLE_IMAGE_MIME_TYPES, ...SINGLE_IMAGE_EXTENSIONS].join(','),
  multiple: false,
  mimeTypes: SINGLE_IMAGE_MIME_TYPES,
  dragRejectMessage: FILE_TEXT.singleImageTypeNotAllowed,
  check(files) {
    const error = validateSingleImageDrop(files);
    return error ? refuse(error) : acceptAll(files);
  },
};

/** Training photos: a batch with any bad file is refused whole; at most 20 in total. */
const trainingPhotos: FileCheck = {
  accept: TRAINING_PHOTO_MIME_TYPES.join(','),
  multiple: true,
  mimeTypes: TRAINING_PHOTO_MIME_TYPES,
  dragRejectMessage: FILE_TEXT.trainingTypesSupported,
  check(files, alreadyChosen = 0) {
    const error = validateTrainingPhotoBatch(files, alreadyChosen);
    return error ? refuse(error) : acceptAll(files);
  },
};

/** The profile picture: one JPEG/PNG/WebP of at most 5 MB; only the first file counts. */
const profilePicture: FileCheck = {
  accept: PROFILE_PICTURE_MIME_TYPES.join(','),
  multiple: false,
  mimeTypes: PROFILE_PICTURE_MIME_TYPES,
  dragRejectMessage: PROFILE_TEXT.unsupportedPictureFormat,
  check(files) {
    const [file] = files;
    if (!file) return { accepted: [], errors: [] };
    const error = validateProfilePicture(file);
    return error ? refuse(error) : acceptAll([file]);
  },
};

export const FILE_CHECKS = { general, singleImage, trainingPhotos, profilePicture } as const;
export type FileCheckName = keyof typeof FILE_CHECKS;

/**
 * Whether files being dragged may be dropped, from what a drag event tells before the drop: the
 * kind and type of each item. An item without a type (some HEIC files, folders) is given the
 * benefit of the doubt; the check after the drop has the last word.
 */
export function canDropItems(
  items: ReadonlyArray<{ kind: string; type: string }>,
  check: Pick<FileCheck, 'mimeTypes' | 'multiple'>,
): boolean {
  const files = items.filter((item) => item.kind === 'file');
  if (files.length === 0 || files.length !== items.length) return false;
  if (!check.multiple && files.length > 1) return false;
  return files.every(
    (item) => item.type === '' || check.mimeTypes.includes(item.type.toLowerCase()),
  );
}
