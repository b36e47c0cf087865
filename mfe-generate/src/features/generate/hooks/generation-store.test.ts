// @vitest-environment jsdom
import { configureApiClient } from '@app/shared/api-client';
import { bus } from '@app/shared/bus';
import { GENERATE_TEXT, STORAGE_KEYS } from '@app/shared/spec';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_MASK_HISTORY } from '../../mask-editor/utils/mask-history';
import {
  getGenerateState,
  keepEditDraft,
  startGeneration,
  switchMode,
  updateDraft,
} from './generation-store';

/** A real API that finishes every text-to-image job at once. */
let server: Server;
let origin = '';
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(
      JSON.stringify({
        id: 'job-1',
        kind: 'generate',
        status: 'succeeded',
        output: ['image-1'],
        error: null,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  localStorage.clear();
  bus.emit('auth:logout', { reason: 'user' });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const request = {
  mode: 'generate',
  prompt: 'portrait of lisa',
  aspectRatio: '1:1',
  modelIds: ['model-1'],
} as const;

describe('the generate page’s state', () => {
  it('starts over on the logout broadcast, wherever the user is', () => {
    updateDraft({ prompt: 'portrait of lisa', aspectRatio: '16:9' });
    switchMode('edit');
    expect(getGenerateState().draft).toEqual({
      mode: 'edit',
      prompt: 'portrait of lisa',
      aspectRatio: '16:9',
      count: 1,
      edit: null,
    });
    bus.emit('auth:logout', { reason: 'user' });
    expect(getGenerateState()).toEqual({
      draft: { mode: 'generate', prompt: '', aspectRatio: '1:1', count: 1, edit: null },
      generation: { status: 'idle' },
    });
  });

  it('keeps the edit photo and strokes until a mode switch or logout, then frees the photo', () => {
    const revoked: string[] = [];
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
    const photo = (url: string) => ({
      file: new File(['x'], 'me.png', { type: 'image/png' }),
      url,
      size: { width: 4, height: 3 },
    });
    const stroke = { paths: [{ x: 1, y: 2 }], strokeWidth: 20, strokeColor: 'red', drawMode: true };
    const painted = { paths: [stroke], undo: [[]], redo: [] };
    switchMode('edit');
    keepEditDraft({ photo: photo('blob:a'), strokes: EMPTY_MASK_HISTORY });
    keepEditDraft({ photo: photo('blob:a'), strokes: painted });
    expect(getGenerateState().draft.edit?.strokes).toBe(painted);
    expect(revoked).toEqual([]);
    // Another photo replaces the first one.
    keepEditDraft({ photo: photo('blob:b'), strokes: EMPTY_MASK_HISTORY });
    expect(revoked).toEqual(['blob:a']);
    switchMode('generate');
    expect(getGenerateState().draft.edit).toBeNull();
    expect(revoked).toEqual(['blob:a', 'blob:b']);
    switchMode('edit');
    keepEditDraft({ photo: photo('blob:c'), strokes: painted });
    bus.emit('auth:logout', { reason: 'user' });
    expect(getGenerateState().draft.edit).toBeNull();
    expect(revoked).toEqual(['blob:a', 'blob:b', 'blob:c']);
  });

  it('keeps a prompt that made an image among the recent ones', async () => {
    configureApiClient({ baseUrl: `${origin}/api`, getToken: () => Promise.resolve(null) });
    await startGeneration({ ...request, modelIds: [...request.modelIds] });
    expect(getGenerateState().generation.status).toBe('succeeded');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.promptHistory)!)).toEqual([request.prompt]);
  });

  it('sends a pack as one request and keeps its prompts out of the recent ones', async () => {
    const bodies: unknown[] = [];
    const recording = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        bodies.push(JSON.parse(body));
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(
          JSON.stringify({
            id: 'job-2',
            kind: 'generate',
            status: 'succeeded',
            output: ['a', 'b'],
            error: null,
          }),
        );
      });
    });
    await new Promise<void>((resolve) => recording.listen(0, '127.0.0.1', resolve));
    const { port } = recording.address() as AddressInfo;
    configureApiClient({
      baseUrl: `http://127.0.0.1:${port}/api`,
      getToken: () => Promise.resolve(null),
    });
    await startGeneration({ ...request, modelIds: ['model-1'], prompts: ['one', 'two'], count: 1 });
    await new Promise<void>((resolve) => recording.close(() => resolve()));
    expect(bodies).toEqual([
      { prompts: ['one', 'two'], aspect_ratio: '1:1', model_ids: ['model-1'] },
    ]);
    expect(getGenerateState().generation).toMatchObject({
      status: 'succeeded',
      result: { imageIds: ['a', 'b'], retrying: [] },
    });
    expect(localStorage.getItem(STORAGE_KEYS.promptHistory)).toBeNull();
  });

  it('offline, says that generating needs a connection and keeps the prompt out of history', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    configureApiClient({
      baseUrl: `http://127.0.0.1:${port}/api`,
      getToken: () => Promise.resolve(null),
    });
    await startGeneration({ ...request, modelIds: [...request.modelIds] });
    expect(getGenerateState().generation).toMatchObject({
      status: 'failed',
      error: GENERATE_TEXT.needsConnection,
    });
    expect(localStorage.getItem(STORAGE_KEYS.promptHistory)).toBeNull();
  });
});
