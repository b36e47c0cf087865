import { AppFluentProvider, FeaturePlaceholder } from '@app/shared/ui';
import type { RemoteRoutesProps } from '@app/shared/runtime-config';
import { MODELS_TEXT, ROUTES } from '@app/shared/spec';
import { TrainingRedirect } from './training-redirect';

export default function ModelsRoutes({ basePath }: RemoteRoutesProps) {
  return (
    <AppFluentProvider idPrefix="models">
      {basePath === ROUTES.training ? (
        <TrainingRedirect />
      ) : (
        <section data-testid="remote-models">
          <FeaturePlaceholder title={MODELS_TEXT.title} description={MODELS_TEXT.subtitle} />
        </section>
      )}
    </AppFluentProvider>
  );
}
