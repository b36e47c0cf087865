import { makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import {
  useRef,
  useState,
  type ChangeEvent,
  type DragEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { canDropItems, type FileCheck } from '../spec/file-checks';
import { KIT_TEXT } from '../spec/messages';
import { HOVER_MEDIA } from './hover';
import { REDUCED_MOTION_MEDIA } from './use-media-query';

export interface UseDropZoneOptions {
  check: FileCheck;
  /** Files the place holds already (the training photos' maximum counts them). */
  alreadyChosen?: number;
  disabled?: boolean;
  /** The files that passed the check (never called with an empty list). */
  onFiles: (files: File[]) => void;
  /** The check's messages, when some or all files were refused. */
  onErrors?: (errors: string[]) => void;
}

export interface DropZoneState {
  isDragActive: boolean;
  /** Dragged files look acceptable (their types; sizes are only known after the drop). */
  isDragAccept: boolean;
  isDragReject: boolean;
  /** The messages of the last choice or drop; cleared by the next one. */
  errors: string[];
  /** Opens the system file picker (on phones it offers the camera too). */
  open: () => void;
  /** Spread on the element that takes drops. */
  rootProps: {
    onDragEnter: (event: DragEvent) => void;
    onDragOver: (event: DragEvent) => void;
    onDragLeave: (event: DragEvent) => void;
    onDrop: (event: DragEvent) => void;
  };
  /** Spread on a hidden <input> rendered anywhere inside the component. */
  inputProps: InputHTMLAttributes<HTMLInputElement> & { ref: RefObject<HTMLInputElement | null> };
}

/**
 * Drag and drop plus the file picker, checked by one of the spec's file checks. The one
 * implementation behind every drop area; use `DropZone` for the standard look, or this hook when
 * the drop target is something else (a dialog's whole body, a thumbnail grid's add tile).
 */
export function useDropZone({
  check,
  alreadyChosen = 0,
  disabled = false,
  onFiles,
  onErrors,
}: UseDropZoneOptions): DropZoneState {
  const input = useRef<HTMLInputElement>(null);
  // dragenter/dragleave fire for every child crossed; the count says whether we are still inside.
  const depth = useRef(0);
  const [drag, setDrag] = useState<'none' | 'accept' | 'reject'>('none');
  const [errors, setErrors] = useState<string[]>([]);

  const take = (files: File[]) => {
    if (files.length === 0) return;
    const result = check.check(files, alreadyChosen);
    setErrors(result.errors);
    if (result.errors.length > 0) onErrors?.(result.errors);
    if (result.accepted.length > 0) onFiles(result.accepted);
  };

  const judge = (event: DragEvent) =>
    canDropItems(Array.from(event.dataTransfer.items ?? []), check) ? 'accept' : 'reject';

  return {
    isDragActive: drag !== 'none',
    isDragAccept: drag === 'accept',
    isDragReject: drag === 'reject',
    errors,
    open: () => {
      if (!disabled) input.current?.click();
    },
    rootProps: {
      onDragEnter: (event) => {
        event.preventDefault();
        if (disabled) return;
        depth.current += 1;
        setDrag(judge(event));
      },
      onDragOver: (event) => {
        // Without preventDefault the browser would open the file instead of dropping it here.
        event.preventDefault();
        event.dataTransfer.dropEffect = disabled || drag === 'reject' ? 'none' : 'copy';
      },
      onDragLeave: () => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDrag('none');
      },
      onDrop: (event) => {
        event.preventDefault();
        depth.current = 0;
        setDrag('none');
        if (!disabled) take(Array.from(event.dataTransfer.files));
      },
    },
    inputProps: {
      ref: input,
      type: 'file',
      accept: check.accept,
      multiple: check.multiple,
      disabled,
      hidden: true,
      tabIndex: -1,
      // The picker opens from the zone's own click; this one must not reach it again.
      onClick: (event) => event.stopPropagation(),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        take(Array.from(event.target.files ?? []));
        // The same file chosen again (after removing it) must fire change again.
        event.target.value = '';
      },
    },
  };
}

const useStyles = makeStyles({
  zone: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    rowGap: tokens.spacingVerticalS,
    minHeight: '144px',
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
    width: '100%',
    textAlign: 'center',
    cursor: 'pointer',
    borderRadius: tokens.borderRadiusLarge,
    border: `2px dashed ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground2,
    transitionProperty: 'border-color, background-color',
    transitionDuration: tokens.durationFast,
    [HOVER_MEDIA]: { ':hover': shorthands.borderColor(tokens.colorBrandStroke1) },
    ':focus-visible': {
      outline: `2px solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
    [REDUCED_MOTION_MEDIA]: { transitionDuration: '0.01ms' },
  },
  accept: {
    ...shorthands.borderColor(tokens.colorBrandStroke1),
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
  },
  reject: {
    ...shorthands.borderColor(tokens.colorPaletteRedBorder2),
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorPaletteRedForeground1,
  },
  disabled: {
    cursor: 'not-allowed',
    color: tokens.colorNeutralForegroundDisabled,
    [HOVER_MEDIA]: { ':hover': shorthands.borderColor(tokens.colorNeutralStroke1) },
  },
  icon: { fontSize: '32px' },
  title: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  hint: { fontSize: tokens.fontSizeBase200 },
  errors: {
    margin: `${tokens.spacingVerticalS} 0 0`,
    padding: '0',
    listStyleType: 'none',
    color: tokens.colorPaletteRedForeground1,
    fontSize: tokens.fontSizeBase300,
  },
});

export interface DropZoneProps extends Omit<UseDropZoneOptions, 'onErrors'> {
  /** What the zone says at rest, e.g. 'Choose Photos'; it is also the zone's name. */
  title: string;
  /** The line under it, e.g. 'Supports PNG, JPG, JPEG, WEBP • Max 10MB'. */
  hint?: string;
  icon?: ReactNode;
  onErrors?: (errors: string[]) => void;
  /** Leave the messages to the caller (it shows `onErrors`' messages elsewhere). */
  hideErrors?: boolean;
  className?: string;
}

/**
 * The standard drop area: drop files on it, or tap/click it (or Enter/Space) to choose. It shows
 * the drag states (accept in the brand colour, reject in red with the reason) and, below it, the
 * spec's messages for refused files.
 */
export function DropZone({
  title,
  hint,
  icon,
  hideErrors = false,
  className,
  ...options
}: DropZoneProps) {
  const styles = useStyles();
  const zone = useDropZone(options);
  const { disabled = false, check } = options;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      zone.open();
    }
  };
  const text = zone.isDragReject
    ? check.dragRejectMessage
    : zone.isDragAccept
      ? KIT_TEXT.dropToAdd
      : title;

  return (
    <div>
      <div
        {...zone.rootProps}
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled || undefined}
        // Named by the text it shows (which follows the drag) and the hint.
        data-drag={zone.isDragAccept ? 'accept' : zone.isDragReject ? 'reject' : undefined}
        className={mergeClasses(
          styles.zone,
          zone.isDragAccept && styles.accept,
          zone.isDragReject && styles.reject,
          disabled && styles.disabled,
          className,
        )}
        onClick={zone.open}
        onKeyDown={onKeyDown}
      >
        <span className={styles.icon} aria-hidden>
          {icon ?? <ArrowUploadRegular />}
        </span>
        <span className={styles.title} aria-live="polite">
          {text}
        </span>
        {hint ? <span className={styles.hint}>{hint}</span> : null}
        <input {...zone.inputProps} />
      </div>
      {!hideErrors && zone.errors.length > 0 ? (
        <div role="alert">
          <ul className={styles.errors}>
            {zone.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
