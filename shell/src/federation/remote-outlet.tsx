import type { RemoteName } from '@app/shared/runtime-config';
import { Suspense, use, useState } from 'react';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteErrorCard } from './remote-error-card';
import { forgetRemoteLoad, remoteRoutesModule } from './remote-loads';
import { Waiting } from '../waiting';

function RemoteRoutes({ name, basePath }: { name: RemoteName; basePath: string }) {
  const { default: Routes } = use(remoteRoutesModule(name));
  return <Routes basePath={basePath} />;
}

/**
 * Mounts a remote's routes. A remote that cannot be loaded only breaks its own route: the error
 * card replaces it, and the header, navigation and other routes keep working.
 */
export function RemoteOutlet({ name, basePath }: { name: RemoteName; basePath: string }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteErrorBoundary
      // Routes reuse this component for every remote: a failure must not follow the user along.
      key={`${name}:${attempt}`}
      onError={() => forgetRemoteLoad(name)}
      fallback={<RemoteErrorCard onRetry={() => setAttempt((n) => n + 1)} />}
    >
      <Suspense fallback={<Waiting label="Loading..." />}>
        <RemoteRoutes name={name} basePath={basePath} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
