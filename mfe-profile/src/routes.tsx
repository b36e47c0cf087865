import type { RemoteRoutesProps } from '@app/shared/runtime-config';
import { AppFluentProvider } from '@app/shared/ui';
import { ProfilePage } from './profile-page';

export default function ProfileRoutes(_props: RemoteRoutesProps) {
  return (
    <AppFluentProvider idPrefix="profile">
      <section data-testid="remote-profile">
        <ProfilePage />
      </section>
    </AppFluentProvider>
  );
}
