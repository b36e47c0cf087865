import { INLINE_CONFIG_ELEMENT_ID, type RuntimeConfig } from '@app/shared/runtime-config';

const EMPTY_CONFIG_ELEMENT = `<script id="${INLINE_CONFIG_ELEMENT_ID}" type="application/json"></script>`;

/**
 * The shell's index.html with the runtime config filled into its empty config element, so the
 * shell starts without a round trip for /config.json. `<` is escaped: nothing in the document can
 * close the script element early. A page without the element is returned as it is (the shell then
 * fetches /config.json).
 */
export function withInlineRuntimeConfig(html: string, config: RuntimeConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return html.replace(
    EMPTY_CONFIG_ELEMENT,
    () => `<script id="${INLINE_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`,
  );
}
