import { TOUCH_TARGET_PX } from './touch';

/** Shown when the runtime config cannot be read; plain markup because nothing else is loaded. */
export function BootError() {
  return (
    <div id="boot-error" role="alert" style={{ padding: 16, fontFamily: 'sans-serif' }}>
      <h1>AI Image Studio could not start</h1>
      <p>Check your connection and reload the page.</p>
      <button
        type="button"
        style={{ minHeight: TOUCH_TARGET_PX, minWidth: TOUCH_TARGET_PX, fontSize: 16 }}
        onClick={() => window.location.reload()}
      >
        Reload
      </button>
    </div>
  );
}
