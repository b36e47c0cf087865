import { AppFluentProvider, FeaturePlaceholder } from '@app/shared/ui';
import type { RemoteRoutesProps } from '@app/shared/runtime-config';

export default function GenerateRoutes(_props: RemoteRoutesProps) {
  return (
    <AppFluentProvider idPrefix="generate">
      <section data-testid="remote-generate">
        <FeaturePlaceholder
          title="Generate"
          description="Text to Image and Edit Image with your trained models will be built here."
        />
      </section>
    </AppFluentProvider>
  );
}
