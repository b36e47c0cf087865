import { LAYOUT, ROUTES } from '@app/shared/spec';
import { makeStyles, shorthands, Subtitle2, tokens } from '@fluentui/react-components';
import { lazy, Suspense } from 'react';
import { Link } from '@app/shared/navigation';
import { useAuth } from '../auth/auth-context';
import { PRODUCT_TITLE } from '../product';
import { siteLinks } from '../site-links';
import { HEADER_TARGET } from './header-target';

// Signed-in chrome stays out of the first load of a signed-out visitor (in the "signed-in" chunk
// group that index.html preloads for a returning user, see app-layout.tsx).
const ProfilePicture = lazy(() => import(/* webpackChunkName: "signed-in" */ './profile-picture'));
// Only a returning user whose session must be refreshed, or an OAuth return, ever sees it.
const AuthProgress = lazy(() => import('./auth-progress'));

const useStyles = makeStyles({
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    boxShadow: tokens.shadow4,
  },
  bar: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    height: `${LAYOUT.headerHeightPx}px`,
    ...shorthands.padding(0, tokens.spacingHorizontalM),
  },
  title: {
    ...HEADER_TARGET,
    display: 'flex',
    alignItems: 'center',
    color: 'inherit',
    textDecorationLine: 'none',
  },
});

/** Spec §2 header: title, progress while auth resolves, profile picture when signed in. */
export function AppHeader() {
  const styles = useStyles();
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const { marketing } = siteLinks();
  const title = <Subtitle2 as="h1">{PRODUCT_TITLE}</Subtitle2>;
  return (
    <header className={styles.header} data-testid="app-header">
      <div className={styles.bar}>
        {/* Signed out, the title leads to the marketing site when the deployment has one (§2). */}
        {!signedIn && marketing ? (
          <a href={marketing} className={styles.title}>
            {title}
          </a>
        ) : (
          <Link to={signedIn ? ROUTES.dashboard : ROUTES.home} className={styles.title}>
            {title}
          </Link>
        )}
        {signedIn && (
          <Suspense fallback={null}>
            <ProfilePicture />
          </Suspense>
        )}
      </div>
      {status === 'loading' && (
        <Suspense fallback={null}>
          <AuthProgress />
        </Suspense>
      )}
    </header>
  );
}
