// Async boundary: shared singletons must be negotiated before any module that uses them runs.
import('./bootstrap').catch((error: unknown) => {
  console.error('The app failed to start', error);
});
