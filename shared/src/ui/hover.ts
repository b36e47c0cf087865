/**
 * A phone applies :hover to what was last tapped and keeps it until the next tap elsewhere, so a
 * hover colour would stay on a button tapped a moment ago. Hover colours are for a pointer that
 * can hover: the page's theme stylesheet drops them on a touch-only screen (`themeStyleElement`),
 * which also covers our styles that use Fluent's hover tokens, and our own elements' hover rules
 * go under `HOVER_MEDIA`.
 */
export const TOUCH_ONLY_MEDIA_QUERY = '(hover: none)';
export const HOVER_MEDIA = '@media (hover: hover)';
