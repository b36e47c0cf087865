import type { GriffelStyle } from '@fluentui/react-components';
import { tokens } from '@fluentui/react-components';

/**
 * A transparent button laid over a whole picture, so a tap anywhere on it opens it (and the
 * keyboard reaches it). The focus ring sits inside, where the tile's rounded clip cannot cut it.
 * Spread it into a component's `makeStyles` and add the cursor that says what a click does.
 */
export const coverButtonStyle: GriffelStyle = {
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  padding: 0,
  border: 'none',
  background: 'none',
  ':focus-visible': { outline: `3px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-3px' },
};
