import { AppFluentProvider } from '@app/shared/ui';
import type { RemoteRoutesProps } from '@app/shared/runtime-config';
import { ROUTES } from '@app/shared/spec';
import { ModelsPage } from './features/models/components/models-page';
import { TrainingRedirect } from './training-redirect';

export default function ModelsRoutes({ basePath }: RemoteRoutesProps) {
  return (
    <AppFluentProvider idPrefix="models">
      {basePath === ROUTES.training ? <TrainingRedirect /> : <ModelsPage />}
    </AppFluentProvider>
  );
}
