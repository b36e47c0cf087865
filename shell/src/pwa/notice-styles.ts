import { makeStyles, tokens } from '@fluentui/react-components';
import { TOUCH_TARGET_PX } from '../touch';

/** The look of the cards that float above the bottom navigation (install, update). */
export const useNoticeStyles = makeStyles({
  notice: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
  },
  text: { flexGrow: 1 },
  action: {
    flexShrink: 0,
    minHeight: `${TOUCH_TARGET_PX}px`,
    minWidth: `${TOUCH_TARGET_PX}px`,
  },
});
