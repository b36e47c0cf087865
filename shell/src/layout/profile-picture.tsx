import { useUserProfile } from '@app/shared/data/user';
import { APP_TEXT, ROUTES } from '@app/shared/spec';
import { Avatar, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';

const useStyles = makeStyles({
  profileLink: { display: 'flex', borderRadius: tokens.borderRadiusCircular },
});

/** The header's round profile picture (spec §2), the default icon when it cannot load. */
export default function ProfilePicture() {
  const styles = useStyles();
  const { user } = useAuth();
  const { data: profile } = useUserProfile(true);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const picture = profile?.profilePicture ?? null;
  const usable = picture !== null && picture !== failedUrl;
  return (
    <Link to={ROUTES.profile} className={styles.profileLink} aria-label="Profile">
      <Avatar
        size={28}
        name={user?.name || undefined}
        color="neutral"
        image={
          usable
            ? {
                src: picture,
                onError: () => {
                  // Falls back to the default icon (spec §8 'Failed to load image').
                  console.error(APP_TEXT.headerImageFailed, picture);
                  setFailedUrl(picture);
                },
              }
            : undefined
        }
      />
    </Link>
  );
}
