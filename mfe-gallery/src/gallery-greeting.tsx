import { welcomeBack } from '@app/shared/spec';
import { useUserProfile } from '@app/shared/data/user';
import { Title3 } from '@fluentui/react-components';

/** 'Welcome back, {first name}!' (spec §2), once the profile is known. */
export function GalleryGreeting() {
  const { data: profile } = useUserProfile(true);
  const firstName = profile?.name.trim().split(/\s+/)[0];
  if (!firstName) return null;
  return (
    <Title3 as="h1" block style={{ margin: '8px 0 16px', textAlign: 'center' }}>
      {welcomeBack(firstName)}
    </Title3>
  );
}
