import { AppFluentProvider, FeaturePlaceholder } from '@app/shared/ui';
import type { RemoteRoutesProps } from '@app/shared/runtime-config';

export default function GalleryRoutes(_props: RemoteRoutesProps) {
  return (
    <AppFluentProvider idPrefix="gallery">
      <section data-testid="remote-gallery">
        <FeaturePlaceholder
          title="Gallery"
          description="Your generated images will be listed here, newest first."
        />
      </section>
    </AppFluentProvider>
  );
}
