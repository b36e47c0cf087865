/**
 * The entry of the build step that writes the first paint into index.html (built for Node by
 * shell/rspack.config.ts, run by shell/build/first-paint-plugin.ts).
 */
import { INLINE_CONFIG_ELEMENT_ID, REMOTE_ROUTES_MODULE } from '@app/shared/runtime-config';
import { ROUTES, STORAGE_KEY_PREFIX, TOKEN_EXPIRY_TOLERANCE_MS } from '@app/shared/spec';
import { EARLY_API_READS_GLOBAL } from '../auth/early-api-reads';
import { startReadSpecs } from '../auth/start-reads';
import { SESSION_KEY_PREFIX } from '../auth/stored-session';
import { EARLY_MANIFEST_GLOBAL } from '../federation/early-remote-manifest';
import { REMOTE_ROUTES } from '../federation/remote-routes';
import { STORED_CONFIG_KEY } from '../runtime-config';
import { firstPaintScript } from './first-paint-decision';
import {
  FIRST_PAINT_ATTRIBUTE,
  PRERENDERED_HOME_ID,
  PRERENDERED_STYLES_ID,
} from './first-paint-ids';
import { renderSignedOutHome } from './render-signed-out-home';

/** The files each remote's manifest named at the last start (see FirstPaintOptions). */
const REMOTE_FILES_KEY = `${STORAGE_KEY_PREFIX}remote-files`;

/** Where the app shows the sign-in card to a signed-out visitor (the routes of app.tsx). */
const HOME_PATHS = [ROUTES.home, '/home'];

/** Regular text, and the semibold (600) of headings and buttons, which Roboto's 700 face draws. */
const FIRST_PAINT_WEIGHTS = [400, 700];

/** A Roboto file the build emitted (woff2): one part of a weight's characters (build/roboto-subsets.ts). */
export interface FontFile {
  weight: number;
  url: string;
  unicodeRange: string;
  /** The part every start draws from (the rest is fetched only when a page needs it). */
  preload: boolean;
}

export interface FirstPaintParts {
  /** Goes at the end of <head>: font preloads, the page's styles, the deciding script. */
  head: string;
  /** Goes right after the app's (empty) root element. */
  body: string;
}

const fontFace = ({ weight, url, unicodeRange }: FontFile) =>
  `@font-face{font-family:Roboto;font-style:normal;font-display:swap;font-weight:${weight};` +
  `src:url(${url}) format("woff2");unicode-range:${unicodeRange}}`;

const preload = ({ url }: FontFile) =>
  `<link rel="preload" href="${url}" as="font" type="font/woff2" crossorigin>`;

/** The files the entry loads at once, and a signed-in start next (see FirstPaintOptions). */
export interface StartFiles {
  startScripts: string[];
  startStyles: string[];
  signedInScripts: string[];
}

/**
 * What index.html needs to paint the signed-out home before any script: the prerendered page, its
 * styles and fonts, and the inline script that hides the card for anyone else and starts the app
 * (`entryScripts`, whose first files, `startFiles`, it preloads when the app draws the first
 * paint). The fonts are the app's own (the same files its stylesheet names), preloaded
 * so the card's text swaps early.
 */
export async function firstPaintParts(
  fonts: FontFile[],
  entryScripts: string[],
  startFiles: StartFiles,
): Promise<FirstPaintParts> {
  const { markup, css } = await renderSignedOutHome();
  const inlineScript = firstPaintScript({
    configElementId: INLINE_CONFIG_ELEMENT_ID,
    storedConfigKey: STORED_CONFIG_KEY,
    sessionKeyPrefix: SESSION_KEY_PREFIX,
    homePaths: HOME_PATHS,
    entryScripts,
    ...startFiles,
    remoteRoutes: REMOTE_ROUTES,
    exposedModule: REMOTE_ROUTES_MODULE.replace('./', ''),
    earlyManifestGlobal: EARLY_MANIFEST_GLOBAL,
    remoteFilesKey: REMOTE_FILES_KEY,
    earlyApiReads: {
      global: EARLY_API_READS_GLOBAL,
      ...startReadSpecs(),
      tokenExpiryToleranceMs: TOKEN_EXPIRY_TOLERANCE_MS,
    },
  });
  // Only the page's content goes: the header shows on every start.
  const hideCard = `html[${FIRST_PAINT_ATTRIBUTE}="app"] #${PRERENDERED_HOME_ID} main>*{display:none}`;
  const head = [
    ...fonts
      .filter((font) => font.preload && FIRST_PAINT_WEIGHTS.includes(font.weight))
      .map(preload),
    `<style id="${PRERENDERED_STYLES_ID}">${fonts.map(fontFace).join('')}${css}${hideCard}</style>`,
    `<script>${inlineScript}</script>`,
  ].join('');
  // Not usable before the app takes over (it has no handlers yet): say so, and so tests wait.
  const body = `<div id="${PRERENDERED_HOME_ID}" aria-disabled="true">${markup}</div>`;
  return { head, body };
}
