/** Shown instead of the shell when `shell/dist` is missing, so a fresh checkout explains itself. */
export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Front end not built</title></head>
  <body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">
    <h1>The front end is not built yet</h1>
    <p>The API is running, but there is no shell build to serve.</p>
    <p>Run <code>pnpm build</code> in the repository root, then restart the server.</p>
  </body>
</html>
`;
