import { mediaQuery } from '@app/shared/spec';
import { TOUCH_TARGET_PX } from '../touch';

/**
 * Under 480 px every dialog on the page — the shell's and each remote's, whose own Fluent copies
 * use the same class names — opens as a bottom sheet: full width on the bottom edge, with its
 * actions (Fluent stacks them there) in thumb reach and a thumb's height. A dialog that makes
 * itself full screen stays so: its height leaves no room to move down. Two classes deep, so the
 * sheet wins over Fluent's centred default.
 *
 * A stylesheet of the page, written into index.html by the build (as the theme is): no app
 * compiles it at run time.
 */
export function phoneDialogStyleElement(): string {
  return (
    `<style>${mediaQuery('xs', 'down')}{` +
    '.fui-DialogSurface.fui-DialogSurface{margin:auto 0 0;width:100%;max-width:100%;' +
    'border-bottom-left-radius:0;border-bottom-right-radius:0;' +
    'padding-bottom:calc(24px + env(safe-area-inset-bottom))}' +
    `.fui-DialogSurface .fui-Button.fui-Button{min-height:${TOUCH_TARGET_PX}px}}</style>`
  );
}
