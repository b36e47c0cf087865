import { createRequire } from 'node:module';
import { rspack, type Compiler } from '@rspack/core';

const PLUGIN = 'FirstPaintPlugin';
/** The app's (empty) root element in public/index.html; the prerendered page goes after it. */
const ROOT_ELEMENT = '<div id="root"></div>';
/** `@fontsource/roboto` file names, as the asset rule keeps them: roboto-latin-400-normal.<hash>.woff2 */
const ROBOTO_WOFF2 = /(?:^|\/)roboto-latin-(\d{3})-normal\.[0-9a-f]+\.woff2$/;

/** The part of an HTML plugin tag this plugin reads. */
interface HtmlTag {
  tagName: string;
  attributes: Record<string, string | boolean | undefined | null>;
}

/** What the Node bundle of src/first-paint/first-paint-build.ts exports. */
interface FirstPaintBuild {
  firstPaintParts(
    fonts: { weight: number; url: string }[],
    entryScripts: string[],
  ): Promise<{ head: string; body: string }>;
}

/**
 * Writes the first paint into the shell's index.html: the signed-out home prerendered by the
 * bundle at `bundlePath` (built before the shell by its own compiler), with the emitted Roboto
 * files it uses. The page's entry script tags are taken out: the first paint's inline script
 * starts them, after the card is on screen. Fails the build when index.html lacks the root
 * element, rather than shipping a page that waits for JavaScript.
 */
export class FirstPaintPlugin {
  constructor(private readonly bundlePath: string) {}

  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      const hooks = rspack.HtmlRspackPlugin.getCompilationHooks(compilation);
      let entryScripts: string[] = [];
      hooks.alterAssetTagGroups.tap(PLUGIN, (data) => {
        const isEntryScript = (tag: HtmlTag) =>
          tag.tagName === 'script' && typeof tag.attributes.src === 'string';
        const tags = [...data.headTags, ...data.bodyTags];
        entryScripts = tags.filter(isEntryScript).map((tag) => String(tag.attributes.src));
        data.headTags = data.headTags.filter((tag) => !isEntryScript(tag));
        data.bodyTags = data.bodyTags.filter((tag) => !isEntryScript(tag));
        return data;
      });
      hooks.beforeEmit.tapPromise(PLUGIN, async (data) => {
        const publicPath = String(compilation.outputOptions.publicPath ?? '/');
        const fonts = compilation
          .getAssets()
          .map(({ name }) => ({ name, match: ROBOTO_WOFF2.exec(name) }))
          .filter(({ match }) => match !== null)
          .map(({ name, match }) => ({ weight: Number(match![1]), url: `${publicPath}${name}` }));
        const { head, body } = await this.load().firstPaintParts(fonts, entryScripts);
        if (!data.html.includes(ROOT_ELEMENT) || !data.html.includes('</head>')) {
          throw new Error(`${PLUGIN}: index.html needs </head> and ${ROOT_ELEMENT}`);
        }
        data.html = data.html
          .replace('</head>', () => `${head}</head>`)
          .replace(ROOT_ELEMENT, () => `${ROOT_ELEMENT}${body}`);
        return data;
      });
    });
  }

  private load(): FirstPaintBuild {
    const require = createRequire(import.meta.url);
    // A watching build rebuilds the bundle: read the new one.
    delete require.cache[require.resolve(this.bundlePath)];
    return require(this.bundlePath) as FirstPaintBuild;
  }
}
