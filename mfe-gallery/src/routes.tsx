import type { RemoteRoutesProps } from '@app/shared/runtime-config';
import { AppFluentProvider } from '@app/shared/ui';
import { GalleryPage } from './features/gallery/components/gallery-page';

export default function GalleryRoutes(_props: RemoteRoutesProps) {
  return (
    <AppFluentProvider idPrefix="gallery">
      <section data-testid="remote-gallery">
        <GalleryPage />
      </section>
    </AppFluentProvider>
  );
}
