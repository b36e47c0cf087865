import { GALLERY_PAGE_SIZE, KIT_TEXT } from '@app/shared/spec';
import { useDelayedFlag } from '@app/shared/ui/use-delayed-flag';
import { makeStyles, Skeleton, SkeletonItem, tokens } from '@fluentui/react-components';
import { useGridStyles, useTileStyles } from './gallery-grid';

const useStyles = makeStyles({
  image: {
    width: '100%',
    height: 'auto',
    aspectRatio: '1',
    borderRadius: tokens.borderRadiusLarge,
  },
  // One caption line: the tile's caption box, so the rows sit where the loaded ones will.
  caption: {
    width: '70%',
    height: tokens.lineHeightBase200,
    marginLeft: tokens.spacingHorizontalXXS,
  },
});

/**
 * The first page on its way: tiles in the grid's own columns and gaps, each with its caption line,
 * so nothing moves when the images arrive. Shown after the kit's 300 ms delay.
 */
export function GallerySkeleton() {
  const styles = useStyles();
  const grid = useGridStyles();
  const tile = useTileStyles();
  const shown = useDelayedFlag(true);
  if (!shown) return null;
  return (
    <Skeleton aria-label={KIT_TEXT.loading} role="status">
      <div className={grid.grid}>
        {Array.from({ length: GALLERY_PAGE_SIZE }, (_, index) => (
          <div key={index} className={tile.tile}>
            <SkeletonItem shape="square" className={styles.image} />
            <SkeletonItem shape="rectangle" className={styles.caption} />
          </div>
        ))}
      </div>
    </Skeleton>
  );
}
