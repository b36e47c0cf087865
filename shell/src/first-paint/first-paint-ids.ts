/**
 * Names shared by the build step that writes the prerendered signed-out home into index.html
 * (shell/build/first-paint-plugin.ts), the inline script that decides what the first paint shows,
 * and the app that takes the page over.
 */
export const PRERENDERED_HOME_ID = 'prerendered-home';
export const PRERENDERED_STYLES_ID = 'prerendered-home-styles';
/** Set on <html> by the inline script: which start the first paint shows. */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';
export type FirstPaint = 'sign-in' | 'app';
