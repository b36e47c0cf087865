import { describe, expect, it } from 'vitest';
import { remoteAssets, type RemoteManifest } from './remote-assets';

const assets = (sync: string[], async: string[] = [], css: string[] = []) => ({
  js: { sync, async },
  css: { sync: css, async: [] },
});

const manifest = (publicPath: string, exposes: RemoteManifest['exposes']): RemoteManifest => ({
  metaData: { publicPath, remoteEntry: { path: '', name: 'remoteEntry.js' } },
  exposes,
});

describe('remoteAssets', () => {
  it('finds the entry and the exposed files beside the manifest', () => {
    const result = remoteAssets(
      'https://studio.example/remotes/profile/mf-manifest.json',
      manifest('auto', [
        { assets: assets(['486.931f64f9.js', '__federation_expose_routes.2c1b12db.js']) },
        { assets: assets(['486.931f64f9.js'], ['crop.0a1b2c3d.js'], ['routes.11aa22bb.css']) },
      ]),
    );
    expect(result).toEqual({
      entry: 'https://studio.example/remotes/profile/remoteEntry.js',
      chunks: [
        'https://studio.example/remotes/profile/486.931f64f9.js',
        'https://studio.example/remotes/profile/__federation_expose_routes.2c1b12db.js',
        'https://studio.example/remotes/profile/crop.0a1b2c3d.js',
        'https://studio.example/remotes/profile/routes.11aa22bb.css',
      ],
    });
  });

  it('follows an explicit public path and an entry in a sub-folder', () => {
    const result = remoteAssets('https://studio.example/remotes/gallery/mf-manifest.json', {
      metaData: {
        publicPath: 'https://cdn.example/gallery/',
        remoteEntry: { path: 'entry', name: 'remoteEntry.js' },
      },
      exposes: [{ assets: assets(['a.12345678.js']) }],
    });
    expect(result).toEqual({
      entry: 'https://cdn.example/gallery/entry/remoteEntry.js',
      chunks: ['https://cdn.example/gallery/a.12345678.js'],
    });
  });
});
