import { editMaskProblem } from '@app/shared/spec';
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { lazy, Suspense, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useEditFaces } from '../hooks/use-edit-faces';
import type { EditDraft, LoadedPhoto } from '../utils/edit-draft';
import type { ExportedMask, PaintingFacts } from '../utils/export-mask';
import { EMPTY_MASK_HISTORY } from '../utils/mask-history';
import { MASK_EDITOR_TEXT } from '../texts';
import { ImageUploadArea } from './image-upload-area';
import type { MaskEditorHandle } from './mask-editor';

// react-sketch-canvas and the slider load once a photo is chosen.
const MaskEditor = lazy(() => import('./mask-editor'));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  error: { margin: 0, color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase300 },
});

export interface EditInputsHandle {
  /** The mask in the photo's shape, or null while no photo is shown. */
  exportMask: () => Promise<ExportedMask | null>;
}

export interface EditInputsState {
  image: File | null;
  /** Width / height of the photo, once it has been read. */
  aspect: number | null;
  hasPaint: boolean;
  /** The painted area breaks the engine's edit-mask rule: the note under the editor says why. */
  maskRefused: boolean;
}

/** Reads the photo's upright size (browsers apply its EXIF orientation, as the api does). */
function readPhoto(file: File): Promise<LoadedPhoto> {
  const url = URL.createObjectURL(file);
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () =>
      resolve({ file, url, size: { width: image.naturalWidth, height: image.naturalHeight } });
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('unreadable'));
    };
    image.src = url;
  });
}

/**
 * Edit mode's inputs: the image area, then the mask editor over the chosen photo. The photo and
 * its strokes are the page's `kept` draft, so they outlive this panel.
 */
export default function EditInputs({
  kept,
  onKeep,
  onChange,
  modelIds,
  fillsFromPhoto,
  ref,
}: {
  kept: EditDraft | null;
  onKeep: (draft: EditDraft | null) => void;
  onChange: (state: EditInputsState) => void;
  /** The chosen models, whose faces the photo's faces are compared with. */
  modelIds: readonly string[];
  /**
   * Their engine fills the mask from the rest of the photo: masks it cannot fill well are
   * pointed out under the editor, with what to do instead.
   */
  fillsFromPhoto: boolean;
  ref?: Ref<EditInputsHandle>;
}) {
  const styles = useStyles();
  const photo = kept?.photo ?? null;
  const [unreadable, setUnreadable] = useState(false);
  const [hasPaint, setHasPaint] = useState(false);
  const [painting, setPainting] = useState<PaintingFacts | null>(null);
  const editor = useRef<MaskEditorHandle>(null);
  const faces = useEditFaces(photo, modelIds, fillsFromPhoto);

  const problem =
    photo && hasPaint && painting && fillsFromPhoto
      ? editMaskProblem({ ...painting, faces })
      : null;

  useEffect(() => {
    onChange({
      image: photo?.file ?? null,
      aspect: photo ? photo.size.width / photo.size.height : null,
      hasPaint: photo !== null && hasPaint,
      maskRefused: problem !== null,
    });
  }, [photo, hasPaint, problem, onChange]);

  useImperativeHandle(
    ref,
    () => ({
      exportMask: async () => (photo && editor.current ? editor.current.exportMask() : null),
    }),
    [photo],
  );

  const choose = (file: File) => {
    setUnreadable(false);
    readPhoto(file).then(
      (loaded) => {
        setHasPaint(false);
        setPainting(null);
        onKeep({ photo: loaded, strokes: EMPTY_MASK_HISTORY });
      },
      () => setUnreadable(true),
    );
  };

  return (
    <div className={styles.root} data-testid="edit-inputs">
      <ImageUploadArea
        file={photo?.file ?? null}
        previewUrl={photo?.url ?? null}
        onFile={choose}
        onRemove={() => {
          onKeep(null);
          setHasPaint(false);
          setPainting(null);
        }}
      />
      {unreadable ? (
        <p className={styles.error} role="alert">
          {MASK_EDITOR_TEXT.imageNotReadable}
        </p>
      ) : null}
      {photo ? (
        <Suspense fallback={null}>
          <MaskEditor
            key={photo.url}
            ref={editor}
            photoUrl={photo.url}
            photoSize={photo.size}
            strokes={kept?.strokes}
            onStrokesChange={(strokes) => onKeep({ photo, strokes })}
            onPaintChange={setHasPaint}
            onPaintingChange={setPainting}
          />
        </Suspense>
      ) : null}
      {problem ? (
        <MessageBar intent="warning" layout="multiline" data-testid="mask-advice">
          <MessageBarBody>{problem}</MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  );
}
