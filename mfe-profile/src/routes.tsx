import { AppFluentProvider, FeaturePlaceholder } from '@app/shared/ui';
import type { RemoteRoutesProps } from '@app/shared/runtime-config';
import { PROFILE_TEXT } from '@app/shared/spec';
import { LogoutButton } from './logout-button';

export default function ProfileRoutes(_props: RemoteRoutesProps) {
  return (
    <AppFluentProvider idPrefix="profile">
      <section data-testid="remote-profile">
        <FeaturePlaceholder
          title={PROFILE_TEXT.title}
          description="Your name, profile picture and subscription will be managed here."
        >
          <LogoutButton />
        </FeaturePlaceholder>
      </section>
    </AppFluentProvider>
  );
}
