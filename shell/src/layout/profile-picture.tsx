import { useUserProfile } from '@app/shared/data/user';
import { useProfileImage } from '@app/shared/image-cache/use-profile-image';
import { APP_TEXT, ROUTES } from '@app/shared/spec';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Person20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { Link } from '@app/shared/navigation';
import { TOUCH_TARGET_PX } from '../touch';
import { HEADER_TARGET } from './header-target';

const PICTURE_PX = 28;

const useStyles = makeStyles({
  // A thumb-sized tap area (see HEADER_TARGET); the picture sits in the header's middle.
  profileLink: {
    ...HEADER_TARGET,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: `${TOUCH_TARGET_PX}px`,
    marginRight: `calc(-1 * ${tokens.spacingHorizontalS})`,
    borderRadius: tokens.borderRadiusMedium,
  },
  // A plain circle rather than Fluent's Avatar, whose code (and its Badge's) would come with
  // every signed-in first load for a picture and an icon.
  circle: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: `${PICTURE_PX}px`,
    height: `${PICTURE_PX}px`,
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground6,
    color: tokens.colorNeutralForeground3,
  },
  picture: { width: '100%', height: '100%', objectFit: 'cover' },
});

/** The header's round profile picture (spec §2), the default icon when it cannot load. */
export default function ProfilePicture() {
  const styles = useStyles();
  const { data: profile } = useUserProfile(true);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  // From the profile-image cache (spec §9): the signed URL changes with every profile read.
  const wanted = profile?.profilePicture ?? null;
  const { src: picture } = useProfileImage(wanted);
  const usable = picture !== null && picture !== failedUrl;
  // A blank circle while the picture is fetched, rather than the icon flashing first.
  const fetching = wanted !== null && picture === null;
  return (
    <Link to={ROUTES.profile} className={styles.profileLink} aria-label="Profile">
      <span className={styles.circle}>
        {usable ? (
          <img
            className={styles.picture}
            src={picture}
            alt=""
            width={PICTURE_PX}
            height={PICTURE_PX}
            onError={() => {
              // Falls back to the default icon (spec §8 'Failed to load image').
              console.error(APP_TEXT.headerImageFailed, picture);
              setFailedUrl(picture);
            }}
          />
        ) : fetching ? null : (
          <Person20Regular aria-hidden />
        )}
      </span>
    </Link>
  );
}
