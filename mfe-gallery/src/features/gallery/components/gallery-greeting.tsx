import { welcomeBack } from '@app/shared/spec';
import { useUserProfile } from '@app/shared/data/user';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  heading: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: 'anywhere',
  },
});

/** 'Welcome back, {first name}!' (spec §2), once the profile is known. */
export function GalleryGreeting() {
  const styles = useStyles();
  const { data: profile } = useUserProfile(true);
  const firstName = profile?.name.trim().split(/\s+/)[0];
  return <h1 className={styles.heading}>{firstName ? welcomeBack(firstName) : '\u00a0'}</h1>;
}
