import { croppedFileName } from '@app/shared/crop';
import { CROP, MODELS_TEXT, TRAINING_TEXT } from '@app/shared/spec';
import { lazy, Suspense, useState } from 'react';
import type { ChosenPhoto } from '../hooks/use-chosen-photos';

// The cropper (react-easy-crop) loads when a photo is first cropped.
const CropDialog = lazy(() =>
  import('@app/shared/ui/crop-dialog').then((module) => ({ default: module.CropDialog })),
);

/** Which chosen photo is being cropped; the crop takes its place (uploaded as a new photo). */
export function usePhotoCrop(replace: (key: string, file: Blob, filename: string) => void) {
  const [cropping, setCropping] = useState<ChosenPhoto | null>(null);
  const [wanted, setWanted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    cropping,
    wanted,
    error,
    start(photo: ChosenPhoto) {
      setWanted(true);
      setError(null);
      setCropping(photo);
    },
    async apply(jpeg: Blob) {
      if (!cropping) return;
      replace(cropping.key, jpeg, croppedFileName(cropping.filename));
      setCropping(null);
    },
    fail: () => setError(MODELS_TEXT.processPhotosFailed),
    cancel: () => setCropping(null),
  };
}

/** Crop Photo (spec §2): square, JPEG at the training quality; loaded on the first crop. */
export function TrainingCropDialog({ crop }: { crop: ReturnType<typeof usePhotoCrop> }) {
  if (!crop.wanted) return null;
  return (
    <Suspense fallback={null}>
      <CropDialog
        open={crop.cropping !== null}
        title={TRAINING_TEXT.cropTitle}
        imageSrc={crop.cropping?.fullUrl ?? null}
        quality={CROP.trainingJpegQuality}
        tip={TRAINING_TEXT.cropTip}
        error={crop.error}
        onApply={crop.apply}
        onError={crop.fail}
        onCancel={crop.cancel}
      />
    </Suspense>
  );
}
