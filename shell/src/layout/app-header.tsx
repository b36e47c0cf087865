import { LAYOUT, ROUTES } from '@app/shared/spec';
import { makeStyles, shorthands, Subtitle2, tokens } from '@fluentui/react-components';
import { Link } from 'react-router-dom';
import { PRODUCT_TITLE } from '../product';

const useStyles = makeStyles({
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    display: 'flex',
    alignItems: 'center',
    height: `${LAYOUT.headerHeightPx}px`,
    ...shorthands.padding(0, tokens.spacingHorizontalM),
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    boxShadow: tokens.shadow4,
  },
  title: { color: 'inherit', textDecorationLine: 'none' },
});

export function AppHeader() {
  const styles = useStyles();
  return (
    <header className={styles.header} data-testid="app-header">
      <Link to={ROUTES.dashboard} className={styles.title}>
        <Subtitle2 as="h1">{PRODUCT_TITLE}</Subtitle2>
      </Link>
    </header>
  );
}
