/**
 * The id of the page's theme stylesheet (`themeStyleElement`), which the shell's index.html carries:
 * a provider finds the theme there. Its own module, so the apps import the id and not the theme.
 */
export const PAGE_THEME_STYLE_ID = 'app-theme';
