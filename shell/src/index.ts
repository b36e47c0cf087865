// Async boundary: shared singletons must be negotiated before any module that uses them runs.
// One task later: the federation runtime's start (this script) and loading the app's modules
// are then two tasks instead of one long one on a phone's main thread.
setTimeout(() => {
  import(/* webpackChunkName: "bootstrap" */ './bootstrap').catch((error: unknown) => {
    console.error('The app failed to start', error);
  });
}, 0);
