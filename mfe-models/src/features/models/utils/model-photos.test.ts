import type { TrainingPhoto } from '@app/shared/contract/media';
import type { ModelSummary } from '@app/shared/contract/models';
import { describe, expect, it } from 'vitest';
import { photosByModel, refusedPhotos } from './model-photos';
import { moveItem } from './move-item';

const photo = (imageId: string, photoCheck: TrainingPhoto['photoCheck'] = 'ok'): TrainingPhoto => ({
  imageId,
  filename: `${imageId}.jpg`,
  createdAt: '2026-11-22T00:00:00.000Z',
  modelIds: [],
  photoCheck,
  width: 600,
  height: 800,
});

const model = (modelId: string, overrides: Partial<ModelSummary> = {}): ModelSummary => ({
  modelId,
  name: modelId,
  status: 'ready',
  triggerWord: modelId,
  trainingPhotos: [],
  avatar: null,
  failureReason: null,
  photoIssues: [],
  progress: null,
  etaSeconds: null,
  createdAt: '2026-11-22T00:00:00.000Z',
  engine: null,
  capabilities: null,
  previews: [],
  ...overrides,
});

describe('photosByModel', () => {
  it('gives each model its own photos in the model’s order, skipping unknown ids', () => {
    const photos = [photo('a'), photo('b'), photo('c')];
    const byModel = photosByModel(
      [model('m1', { trainingPhotos: ['c', 'a', 'gone'] }), model('m2', { trainingPhotos: ['b'] })],
      photos,
    );
    expect(byModel.get('m1')?.map((item) => item.imageId)).toEqual(['c', 'a']);
    expect(byModel.get('m2')?.map((item) => item.imageId)).toEqual(['b']);
  });

  it('shows the photos under the first model when no model has any assigned (spec §4)', () => {
    const byModel = photosByModel([model('m1'), model('m2')], [photo('a'), photo('b')]);
    expect(byModel.get('m1')?.map((item) => item.imageId)).toEqual(['a', 'b']);
    expect(byModel.get('m2')).toEqual([]);
  });
});

describe('refusedPhotos', () => {
  it('lists the training’s issues, then other photos whose check found a problem, once each', () => {
    const failed = model('m1', {
      status: 'failed',
      photoIssues: [{ photoId: 'a', filename: 'a.jpg', problem: 'several-faces' }],
    });
    const refused = refusedPhotos(failed, [
      photo('a', 'several-faces'),
      photo('b', 'face-too-small'),
      photo('c', 'pending'),
      photo('d', 'ok'),
      photo('e', null),
    ]);
    expect(refused).toEqual([
      { imageId: 'a', filename: 'a.jpg', problem: 'several-faces' },
      { imageId: 'b', filename: 'b.jpg', problem: 'face-too-small' },
    ]);
  });
});

describe('moveItem', () => {
  it('moves an item forward and back', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('keeps the list for a move onto itself or from outside it', () => {
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});
