import { bus } from '@app/shared/bus';
import { removeProfilePicture } from '@app/shared/data/user';
import { CROP, FILE_CHECKS, PROFILE_TEXT } from '@app/shared/spec';
import { useDropZone } from '@app/shared/ui/drop-zone';
import { IconButton } from '@app/shared/ui/icon-button';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CameraRegular, DeleteRegular } from '@fluentui/react-icons';
import { Suspense, useState } from 'react';
import {
  ConfirmDialog,
  CropDialog,
  preloadConfirmDialog,
  preloadCropDialog,
} from '../../../components/lazy-dialogs';
import { PictureUploadError, uploadPicture } from '../api/upload-picture';
import { useObjectUrl } from '../hooks/use-object-url';
import { canDecode } from '../utils/can-decode';
import { AvatarCircle, AVATAR_PX } from './avatar-circle';
import { PROFILE_UI_TEXT } from '../../../texts';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    rowGap: tokens.spacingVerticalS,
  },
  avatar: {
    position: 'relative',
    width: `${AVATAR_PX}px`,
    height: `${AVATAR_PX}px`,
    borderRadius: tokens.borderRadiusCircular,
    cursor: 'pointer',
    outlineOffset: '4px',
    transitionProperty: 'outline-color',
    transitionDuration: tokens.durationFast,
  },
  dragAccept: { outline: `3px dashed ${tokens.colorBrandStroke1}` },
  dragReject: { outline: `3px dashed ${tokens.colorPaletteRedBorder2}` },
  // The camera badge sits on the circle's lower right edge, as on most phones' profile screens.
  camera: {
    position: 'absolute',
    right: '-6px',
    bottom: '-6px',
    border: `3px solid ${tokens.colorNeutralBackground1}`,
    boxShadow: tokens.shadow4,
  },
  errors: {
    color: tokens.colorPaletteRedForeground1,
    fontSize: tokens.fontSizeBase300,
    textAlign: 'center',
    maxWidth: '320px',
  },
  remove: { minHeight: '44px' },
});

/**
 * The avatar with its camera overlay (spec §2): tap or drop a JPEG/PNG/WebP of at most 5 MB,
 * crop it to a circle (1:1, zoom 1 to 3) and it is uploaded as a JPEG at 0.9 (spec §5, §9).
 */
export function PictureEditor({ pictureUrl }: { pictureUrl: string | null }) {
  const styles = useStyles();
  const [chosenUrl, choose] = useObjectUrl();
  const [crop, setCrop] = useState<'closed' | 'open' | null>(null);
  const [cropError, setCropError] = useState<string | null>(null);
  const [removal, setRemoval] = useState<'closed' | 'open' | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const [pickError, setPickError] = useState<string | null>(null);

  const openCrop = async (file: File) => {
    setPickError(null);
    if (!(await canDecode(file))) {
      setPickError(PROFILE_TEXT.processImageFailed);
      return;
    }
    choose(file);
    setCropError(null);
    setCrop('open');
  };

  const drop = useDropZone({
    check: FILE_CHECKS.profilePicture,
    onFiles: ([file]) => {
      if (file) void openCrop(file);
    },
    // The check's own messages replace one about an earlier file.
    onErrors: () => setPickError(null),
  });
  const pickErrors = pickError ? [...drop.errors, pickError] : drop.errors;

  const openPicker = () => {
    // The crop dialog loads while the user looks for a photo.
    preloadCropDialog();
    drop.open();
  };

  const apply = async (jpeg: Blob) => {
    setCropError(null);
    await uploadPicture(jpeg);
    setCrop('closed');
    bus.emit('toast:show', { intent: 'success', text: PROFILE_TEXT.updated });
  };

  const remove = async () => {
    setRemoveError(null);
    try {
      await removeProfilePicture();
    } catch (failure) {
      setRemoveError(PROFILE_TEXT.updateFailed);
      throw failure;
    }
  };

  return (
    <div className={styles.root}>
      <div
        {...drop.rootProps}
        onDragEnter={(event) => {
          preloadCropDialog();
          drop.rootProps.onDragEnter(event);
        }}
        className={mergeClasses(
          styles.avatar,
          drop.isDragAccept && styles.dragAccept,
          drop.isDragReject && styles.dragReject,
        )}
        // The camera button is the control; a tap on the picture itself is a shortcut to it.
        onClick={openPicker}
      >
        <AvatarCircle url={pictureUrl} />
        <IconButton
          className={styles.camera}
          appearance="primary"
          shape="circular"
          icon={<CameraRegular />}
          label={PROFILE_UI_TEXT.changePicture}
          onClick={(event) => {
            event.stopPropagation();
            openPicker();
          }}
        />
        <input {...drop.inputProps} data-testid="profile-picture-input" />
      </div>
      {pickErrors.length > 0 ? (
        <div role="alert" className={styles.errors}>
          {pickErrors.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </div>
      ) : null}
      {pictureUrl !== null ? (
        <Button
          className={styles.remove}
          appearance="subtle"
          icon={<DeleteRegular />}
          onClick={() => {
            setRemoveError(null);
            setRemoval('open');
          }}
          {...preloadConfirmDialog}
        >
          {PROFILE_UI_TEXT.removePicture}
        </Button>
      ) : null}
      {crop !== null ? (
        <Suspense fallback={null}>
          <CropDialog
            open={crop === 'open'}
            title={PROFILE_TEXT.cropTitle}
            imageSrc={chosenUrl}
            shape="round"
            showPresets={false}
            quality={CROP.profileJpegQuality}
            error={cropError}
            onApply={apply}
            onError={(failure) =>
              setCropError(
                failure instanceof PictureUploadError
                  ? PROFILE_TEXT.uploadPictureFailed
                  : PROFILE_TEXT.processImageFailed,
              )
            }
            onCancel={() => setCrop('closed')}
          />
        </Suspense>
      ) : null}
      {removal !== null ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={removal === 'open'}
            title={PROFILE_UI_TEXT.removePictureTitle}
            message={PROFILE_UI_TEXT.removePictureQuestion}
            confirmLabel={PROFILE_UI_TEXT.removePictureConfirm}
            busyLabel={PROFILE_UI_TEXT.removing}
            destructive
            error={removeError}
            onConfirm={remove}
            onDismiss={() => setRemoval('closed')}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
