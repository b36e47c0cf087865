// The front-end apps of the workspace, in build order, with the file whose presence proves a build.
export const FRONTENDS = [
  { dir: 'shell', builtMarker: 'dist/index.html', devPort: 3100 },
  { dir: 'mfe-gallery', builtMarker: 'dist/mf-manifest.json', devPort: 3101, remote: 'gallery' },
  { dir: 'mfe-generate', builtMarker: 'dist/mf-manifest.json', devPort: 3102, remote: 'generate' },
  { dir: 'mfe-models', builtMarker: 'dist/mf-manifest.json', devPort: 3103, remote: 'models' },
  { dir: 'mfe-profile', builtMarker: 'dist/mf-manifest.json', devPort: 3104, remote: 'profile' },
];
