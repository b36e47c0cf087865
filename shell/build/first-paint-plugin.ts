import { createRequire } from 'node:module';
import { rspack, type ChunkGroup, type Compilation, type Compiler } from '@rspack/core';
import { EMITTED_SUBSET, rangeOf, robotoSubsets, type RobotoSubset } from './roboto-subsets';

const PLUGIN = 'FirstPaintPlugin';
/** The app's (empty) root element in public/index.html; the prerendered page goes after it. */
const ROOT_ELEMENT = '<div id="root"></div>';
/** The chunk group src/index.ts loads to start the app (its webpackChunkName). */
const BOOTSTRAP_CHUNK_GROUP = 'bootstrap';
/**
 * The chunk group a signed-in start loads lazily at once (its webpackChunkName in src/): the early
 * reads of the profile and the gallery's first list (bootstrap.tsx) and the signed-in chrome, the
 * header's picture and the bottom navigation, whose lazy imports share the name so that they are
 * one chunk.
 */
const SIGNED_IN_CHUNK_GROUP = 'signed-in';
/**
 * How rspack names the modules that take a shared singleton from the share scope, and that put
 * it there (the share key is the first group).
 */
const CONSUME_SHARED = /^consume shared module \([^)]*\) (.+?)@\S*\s/;
const PROVIDE_SHARED = /^provide shared module \([^)]*\) (.+?)@\S* = /;

/** The part of an HTML plugin tag this plugin reads. */
interface HtmlTag {
  tagName: string;
  attributes: Record<string, string | boolean | undefined | null>;
}

/** The files an app-drawn start needs at once, as src/first-paint/first-paint-build.ts takes them. */
interface StartFiles {
  startScripts: string[];
  startStyles: string[];
  signedInScripts: string[];
}

/** What the Node bundle of src/first-paint/first-paint-build.ts exports. */
interface FirstPaintBuild {
  firstPaintParts(
    fonts: { weight: number; url: string; unicodeRange: string; preload: boolean }[],
    entryScripts: string[],
    startFiles: StartFiles,
  ): Promise<{ head: string; body: string }>;
}

/**
 * Writes the first paint into the shell's index.html: the signed-out home prerendered by the
 * bundle at `bundlePath` (built before the shell by its own compiler), with the emitted Roboto
 * files it uses (roboto-subsets.ts). The page's entry script tags are taken out: the first
 * paint's inline script starts them, after the card is on screen. Fails the build when index.html lacks the root
 * element, rather than shipping a page that waits for JavaScript.
 *
 * It also names the files the entry loads at once (bootstrap's chunks and stylesheet, and the
 * shared singletons they consume, this shell's own copies), and those a signed-in start loads
 * next (SIGNED_IN_CHUNK_GROUP): the inline script preloads them when the app draws the
 * first paint (the latter for a returning user), instead of each wave of chunks being requested
 * only once the one before it has run.
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
        const subsets = await robotoSubsets();
        const fonts = compilation
          .getAssets()
          .map(({ name }) => ({ name, match: EMITTED_SUBSET.exec(name) }))
          .filter(({ match }) => match !== null)
          .map(({ name, match }) => {
            const subset = match![2] as RobotoSubset;
            return {
              weight: Number(match![1]),
              url: `${publicPath}${name}`,
              unicodeRange: rangeOf(subsets[subset]),
              // The rest is fetched only for a page that draws one of its characters.
              preload: subset === 'core',
            };
          });
        const url = (file: string) => `${publicPath}${file}`;
        const start = startFiles(compilation, BOOTSTRAP_CHUNK_GROUP);
        const signedIn = startFiles(compilation, SIGNED_IN_CHUNK_GROUP);
        const { head, body } = await this.load().firstPaintParts(fonts, entryScripts, {
          startScripts: start.filter(isScript).map(url),
          startStyles: start.filter(isStyle).map(url),
          signedInScripts: signedIn
            .filter((file) => isScript(file) && !start.includes(file))
            .map(url),
        });
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

const isScript = (file: string) => file.endsWith('.js');
const isStyle = (file: string) => file.endsWith('.css');

/**
 * The files of the named chunk group and of the shared singletons it consumes, and they in turn
 * (react-dom/client consumes react-dom). A consumed singleton comes from the share scope, where
 * the shell provides it from a chunk group of its own (a child of the entry); its fallback's
 * group, a child of the consumer, only counts where nothing provides it. Lazy children (pages,
 * dialogs) are left out.
 */
function startFiles(compilation: Compilation, name: string): string[] {
  const named = compilation.namedChunkGroups.get(name);
  if (!named) throw new Error(`${PLUGIN}: no chunk group named "${name}"`);
  const sharedKey = (group: ChunkGroup, kind: RegExp) =>
    group.origins
      .map((origin) => kind.exec(origin.module?.identifier() ?? '')?.[1])
      .find((key) => key !== undefined);
  const provided = new Map<string, ChunkGroup>();
  for (const group of compilation.chunkGroups) {
    const key = sharedKey(group, PROVIDE_SHARED);
    if (key !== undefined) provided.set(key, group);
  }
  const groups = [named];
  for (let index = 0; index < groups.length; index += 1) {
    for (const child of groups[index]!.childrenIterable) {
      const key = sharedKey(child, CONSUME_SHARED);
      if (key === undefined) continue;
      const source = provided.get(key) ?? child;
      if (!groups.includes(source)) groups.push(source);
    }
  }
  return [...new Set(groups.flatMap((group) => group.getFiles()))];
}
