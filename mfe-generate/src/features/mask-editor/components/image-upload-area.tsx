import { FILE_CHECKS, FILE_TEXT } from '@app/shared/spec';
import { DropZone } from '@app/shared/ui/drop-zone';
import { IconButton } from '@app/shared/ui/icon-button';
import { makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular, ImageAddRegular } from '@fluentui/react-icons';
import { fileSizeMb, MASK_EDITOR_TEXT } from '../texts';

const useStyles = makeStyles({
  file: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  thumb: {
    flexShrink: 0,
    width: '56px',
    height: '56px',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  name: {
    fontWeight: tokens.fontWeightSemibold,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  size: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
});

/**
 * The single-image area of edit mode (spec §2, §5): drop or choose one PNG/JPG/JPEG/WEBP of at
 * most 10 MB; once chosen, its preview, name and size in MB, and a remove button.
 */
export function ImageUploadArea({
  file,
  previewUrl,
  onFile,
  onRemove,
}: {
  file: File | null;
  previewUrl: string | null;
  onFile: (file: File) => void;
  onRemove: () => void;
}) {
  const styles = useStyles();
  if (!file) {
    return (
      <DropZone
        check={FILE_CHECKS.singleImage}
        title={MASK_EDITOR_TEXT.chooseImage}
        hint={FILE_TEXT.singleImageHint}
        icon={<ImageAddRegular />}
        onFiles={([chosen]) => chosen && onFile(chosen)}
      />
    );
  }
  return (
    <div className={styles.file} data-testid="chosen-image">
      {previewUrl ? (
        <img className={styles.thumb} src={previewUrl} alt="" width={56} height={56} />
      ) : null}
      <span className={styles.text}>
        <span className={styles.name}>{file.name}</span>
        <span className={styles.size}>{fileSizeMb(file.size)}</span>
      </span>
      <IconButton
        icon={<DismissRegular />}
        label={MASK_EDITOR_TEXT.removeImage}
        appearance="subtle"
        onClick={onRemove}
      />
    </div>
  );
}
