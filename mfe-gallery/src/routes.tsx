import type { RemoteRoutesProps } from '@app/shared/runtime-config';
import { AppFluentProvider, FeaturePlaceholder } from '@app/shared/ui';
import { GalleryGreeting } from './gallery-greeting';

export default function GalleryRoutes(_props: RemoteRoutesProps) {
  return (
    <AppFluentProvider idPrefix="gallery">
      <section data-testid="remote-gallery">
        <GalleryGreeting />
        <FeaturePlaceholder
          title="Gallery"
          description="Your generated images will be listed here, newest first."
        />
      </section>
    </AppFluentProvider>
  );
}
