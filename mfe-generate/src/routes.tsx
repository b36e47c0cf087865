import type { RemoteRoutesProps } from '@app/shared/runtime-config';
import { AppFluentProvider } from '@app/shared/ui';
import { GeneratePage } from './features/generate/components/generate-page';

export default function GenerateRoutes(_props: RemoteRoutesProps) {
  return (
    <AppFluentProvider idPrefix="generate">
      <section data-testid="remote-generate">
        <GeneratePage />
      </section>
    </AppFluentProvider>
  );
}
