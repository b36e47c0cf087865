import { HOVER_MEDIA } from '@app/shared/ui/hover';
import { REDUCED_MOTION_MEDIA } from '@app/shared/ui/use-media-query';
import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * Native radio buttons drawn as tiles: the mode toggle and the aspect-ratio picker. Native radios
 * give the keyboard and screen-reader behaviour of a single choice for free, and a choice made
 * cannot be unmade by tapping it again (spec §2: the toggle cannot be deselected).
 */
export const useChoiceStyles = makeStyles({
  group: { border: 'none', margin: 0, padding: 0, minWidth: 0 },
  /** Read by screen readers, not shown. */
  srOnly: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
  legend: {
    padding: 0,
    marginBottom: tokens.spacingVerticalS,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  /** The native input covers its whole tile: the tile is what a finger or a screen reader hits. */
  input: {
    position: 'absolute',
    inset: 0,
    width: '100%',
    height: '100%',
    margin: 0,
    opacity: 0,
    cursor: 'inherit',
  },
  tile: {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    columnGap: tokens.spacingHorizontalS,
    // 44 px inside the 1 px border, where the input is.
    minHeight: '46px',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    boxSizing: 'border-box',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
    cursor: 'pointer',
    userSelect: 'none',
    transitionProperty: 'background-color, border-color, color',
    transitionDuration: tokens.durationFaster,
    [HOVER_MEDIA]: { ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover } },
    ':has(input:checked)': {
      border: `1px solid ${tokens.colorBrandStroke1}`,
      backgroundColor: tokens.colorBrandBackground2,
      // Stop 70: the brand colour itself is under 4.5:1 on its light tint.
      color: tokens.colorBrandForeground2,
      fontWeight: tokens.fontWeightSemibold,
    },
    ':has(input:focus-visible)': {
      outline: `2px solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
    ':has(input:disabled)': {
      cursor: 'not-allowed',
      color: tokens.colorNeutralForegroundDisabled,
    },
    [REDUCED_MOTION_MEDIA]: { transitionDuration: '0.01ms' },
  },
});
