import { APP_TEXT, ROUTES } from '@app/shared/spec';
import { Spinner } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useLocation, useNavigate } from '@app/shared/navigation';

/** /training is only ever a redirect target (spec §2): it replaces itself with /models. */
export function TrainingRedirect() {
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    navigate({ pathname: ROUTES.models, search }, { replace: true });
  }, [navigate, search]);
  return <Spinner label={APP_TEXT.redirectingToModels} />;
}
