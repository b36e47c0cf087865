import { IconButton } from '@app/shared/ui/icon-button';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import {
  ArrowRedoRegular,
  ArrowSwapRegular,
  ArrowUndoRegular,
  DeleteRegular,
  EraserRegular,
  PaintBrushRegular,
} from '@fluentui/react-icons';
import { MASK_EDITOR_TEXT } from '../texts';

const useStyles = makeStyles({
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalS,
  },
  group: {
    display: 'flex',
    gap: tokens.spacingHorizontalXXS,
    padding: tokens.spacingHorizontalXXS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  pressed: {
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': {
      backgroundColor: tokens.colorBrandBackgroundHover,
      color: tokens.colorNeutralForegroundOnBrand,
    },
    ':hover:active': {
      backgroundColor: tokens.colorBrandBackgroundPressed,
      color: tokens.colorNeutralForegroundOnBrand,
    },
  },
});

export interface MaskToolbarProps {
  erasing: boolean;
  onErasingChange: (erasing: boolean) => void;
  canUndo: boolean;
  canRedo: boolean;
  canClear: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onInvert: () => void;
  onClear: () => void;
}

/** The mask editor's tools: paint or erase, undo and redo, invert and clear. */
export function MaskToolbar(props: MaskToolbarProps) {
  const styles = useStyles();
  const { erasing, onErasingChange } = props;
  return (
    <div className={styles.toolbar} role="toolbar" aria-label={MASK_EDITOR_TEXT.tools}>
      <div className={styles.group}>
        <IconButton
          icon={<PaintBrushRegular />}
          label={MASK_EDITOR_TEXT.paint}
          appearance="subtle"
          aria-pressed={!erasing}
          className={mergeClasses(!erasing && styles.pressed)}
          onClick={() => onErasingChange(false)}
        />
        <IconButton
          icon={<EraserRegular />}
          label={MASK_EDITOR_TEXT.erase}
          appearance="subtle"
          aria-pressed={erasing}
          className={mergeClasses(erasing && styles.pressed)}
          onClick={() => onErasingChange(true)}
        />
      </div>
      <div className={styles.group}>
        <IconButton
          icon={<ArrowUndoRegular />}
          label={MASK_EDITOR_TEXT.undo}
          appearance="subtle"
          disabled={!props.canUndo}
          onClick={props.onUndo}
        />
        <IconButton
          icon={<ArrowRedoRegular />}
          label={MASK_EDITOR_TEXT.redo}
          appearance="subtle"
          disabled={!props.canRedo}
          onClick={props.onRedo}
        />
      </div>
      <div className={styles.group}>
        <IconButton
          icon={<ArrowSwapRegular />}
          label={MASK_EDITOR_TEXT.invert}
          appearance="subtle"
          onClick={props.onInvert}
        />
        <IconButton
          icon={<DeleteRegular />}
          label={MASK_EDITOR_TEXT.clear}
          appearance="subtle"
          disabled={!props.canClear}
          onClick={props.onClear}
        />
      </div>
    </div>
  );
}
