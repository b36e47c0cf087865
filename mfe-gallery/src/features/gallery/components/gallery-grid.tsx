import { refreshMediaItemUrls, type GalleryItem } from '@app/shared/data/media';
import {
  BREAKPOINTS,
  GALLERY_GRID_COLUMNS,
  GALLERY_TEXT,
  galleryCaption,
  mediaQuery,
  PREVIEW_TEXT,
} from '@app/shared/spec';
import { RetryingImage } from '@app/shared/ui/retrying-image';
import { thumbnailSrcSet } from '@app/shared/ui/thumbnail-src-set';
import { makeStyles, tokens } from '@fluentui/react-components';
import { memo, type Ref } from 'react';
import { coverButtonStyle } from '@app/shared/ui/cover-button';

/** Rows above the fold on a phone load at once; the rest when they come near (lazy). */
const EAGER_TILES = 6;

/**
 * A tile's width at each of the grid's column counts, the page's margins and the gaps taken off
 * (measured from 320 to 1920 pixels wide), so each screen loads the smallest thumbnail that is
 * sharp there: a Moto G-class phone the 384, a Pixel 5 the 512, a laptop's 294-pixel tiles the 384.
 */
const TILE_SIZES =
  `(min-width: 1224px) 294px, ` +
  `(min-width: ${BREAKPOINTS.md}px) calc((100vw - 48px) / ${GALLERY_GRID_COLUMNS.md}), ` +
  `(min-width: ${BREAKPOINTS.sm}px) calc((100vw - 40px) / ${GALLERY_GRID_COLUMNS.sm}), ` +
  `calc((100vw - 32px) / ${GALLERY_GRID_COLUMNS.xs})`;

export const useGridStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: `repeat(${GALLERY_GRID_COLUMNS.xs}, minmax(0, 1fr))`,
    // The loading skeleton's column gap, so the columns do not move when the images arrive.
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalM,
    margin: 0,
    padding: 0,
    listStyle: 'none',
    [mediaQuery('sm')]: {
      gridTemplateColumns: `repeat(${GALLERY_GRID_COLUMNS.sm}, minmax(0, 1fr))`,
    },
    [mediaQuery('md')]: {
      gridTemplateColumns: `repeat(${GALLERY_GRID_COLUMNS.md}, minmax(0, 1fr))`,
    },
  },
});

/** A tile: its square image over its caption line (the loading skeleton has the same shape). */
export const useTileStyles = makeStyles({
  tile: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS, minWidth: 0 },
});

const useStyles = makeStyles({
  frame: {
    position: 'relative',
    borderRadius: tokens.borderRadiusLarge,
    overflow: 'hidden',
    boxShadow: tokens.shadow2,
  },
  image: { width: '100%' },
  open: { ...coverButtonStyle, cursor: 'pointer', borderRadius: 'inherit' },
  // On the picture's corner, over light and dark pictures alike; the tap goes to the tile.
  badge: {
    position: 'absolute',
    top: tokens.spacingVerticalS,
    left: tokens.spacingHorizontalS,
    padding: `2px ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackgroundInverted,
    color: tokens.colorNeutralForegroundInverted,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase200,
    pointerEvents: 'none',
  },
  caption: {
    margin: 0,
    padding: `0 ${tokens.spacingHorizontalXXS}`,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    color: tokens.colorNeutralForeground2,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
});

/** What the tile says about an image: its prompt, or for a training photo its file name. */
export const describeImage = (item: GalleryItem): string =>
  item.prompt || item.caption || item.filename || GALLERY_TEXT.noPrompt;

// Memoised: the page re-renders as the viewer moves, and a deep gallery has hundreds of tiles.
const GalleryTile = memo(function GalleryTile({
  item,
  index,
  onOpen,
}: {
  item: GalleryItem;
  index: number;
  onOpen: (index: number) => void;
}) {
  const styles = useStyles();
  const tile = useTileStyles();
  const description = describeImage(item);
  const caption = galleryCaption(description);
  // A preview is a zero-shot picture from one photo, not the model's work: it says so.
  const label = item.preview ? `${description} (${PREVIEW_TEXT.badge})` : description;
  return (
    <li className={tile.tile} data-testid="gallery-tile" data-image-id={item.imageId}>
      <div className={styles.frame}>
        <RetryingImage
          // One element per image: new URLs for it are taken by its next retry, not a restart.
          key={item.imageId}
          className={styles.image}
          src={item.thumbnailUrl ?? item.displayUrl ?? ''}
          srcSet={thumbnailSrcSet(item)}
          sizes={TILE_SIZES}
          directSrc={item.displayUrl}
          onInvalidate={() => refreshMediaItemUrls(item.imageId).catch(() => undefined)}
          // The button over it names the tile; the picture adds nothing a reader could use.
          alt=""
          aspectRatio={1}
          loading={index < EAGER_TILES ? 'eager' : 'lazy'}
          // CORS, so the offline cache can keep thumbnails from another origin (S3) as they are.
          crossOrigin="anonymous"
        />
        <button
          type="button"
          className={styles.open}
          aria-label={`${GALLERY_TEXT.openImage}: ${label}`}
          onClick={() => onOpen(index)}
        />
        {item.preview ? (
          <span className={styles.badge} data-testid="preview-badge" aria-hidden>
            {PREVIEW_TEXT.badge}
          </span>
        ) : null}
      </div>
      <p className={styles.caption} aria-hidden>
        {caption}
      </p>
    </li>
  );
});

/** Spec §2: 2 columns on extra-small screens, 3 on small, 4 on medium and up; square tiles. */
export function GalleryGrid({
  ref,
  items,
  onOpen,
}: {
  ref?: Ref<HTMLUListElement>;
  items: readonly GalleryItem[];
  onOpen: (index: number) => void;
}) {
  const grid = useGridStyles();
  return (
    <ul ref={ref} className={grid.grid} data-testid="gallery-grid">
      {items.map((item, index) => (
        <GalleryTile key={item.imageId} item={item} index={index} onOpen={onOpen} />
      ))}
    </ul>
  );
}
