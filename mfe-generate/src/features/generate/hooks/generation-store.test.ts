import { bus } from '@app/shared/bus';
import { describe, expect, it } from 'vitest';
import { getGenerateState, switchMode, updateDraft } from './generation-store';

describe('the generate page’s state', () => {
  it('starts over on the logout broadcast, wherever the user is', () => {
    updateDraft({ prompt: 'portrait of lisa', aspectRatio: '16:9' });
    switchMode('edit');
    expect(getGenerateState().draft).toEqual({
      mode: 'edit',
      prompt: 'portrait of lisa',
      aspectRatio: '16:9',
    });
    bus.emit('auth:logout', { reason: 'user' });
    expect(getGenerateState()).toEqual({
      draft: { mode: 'generate', prompt: '', aspectRatio: '1:1' },
      generation: { status: 'idle' },
    });
  });
});
