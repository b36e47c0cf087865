import { useProfileImage } from '@app/shared/image-cache/use-profile-image';
import { APP_TEXT } from '@app/shared/spec';
import { makeStyles, tokens } from '@fluentui/react-components';
import { PersonRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { PROFILE_UI_TEXT } from '../../../texts';

export const AVATAR_PX = 112;

const useStyles = makeStyles({
  circle: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: `${AVATAR_PX}px`,
    height: `${AVATAR_PX}px`,
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground5,
    color: tokens.colorNeutralForeground3,
  },
  picture: { width: '100%', height: '100%', objectFit: 'cover' },
  icon: { fontSize: '56px' },
});

/**
 * The profile picture in a circle, from the profile-image cache (spec §9); the default person
 * icon when there is none or it cannot load, as in the header.
 */
export function AvatarCircle({ url }: { url: string | null }) {
  const styles = useStyles();
  const { src } = useProfileImage(url);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const fetching = url !== null && src === null;
  return (
    <div className={styles.circle} data-testid="profile-avatar">
      {src !== null && src !== failedSrc ? (
        <img
          className={styles.picture}
          src={src}
          alt={PROFILE_UI_TEXT.pictureAlt}
          width={AVATAR_PX}
          height={AVATAR_PX}
          onError={() => {
            console.error(APP_TEXT.headerImageFailed, src);
            setFailedSrc(src);
          }}
        />
      ) : fetching ? null : (
        <PersonRegular className={styles.icon} aria-label={PROFILE_UI_TEXT.pictureAlt} role="img" />
      )}
    </div>
  );
}
