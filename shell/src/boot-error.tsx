/** Shown when the runtime config cannot be read; plain markup because nothing else is loaded. */
export function BootError() {
  return (
    <div id="boot-error" role="alert">
      <h1>AI Image Studio could not start</h1>
      <p>Check your connection and reload the page.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
