// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { useLocation } from '@app/shared/navigation';
// A router of the test's own: the app's router is the shell's BrowserRouter.
// eslint-disable-next-line no-restricted-imports
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { getGenerateState, resetGenerateStore, updateDraft } from './generation-store';
import { usePromptFromAddress } from './use-prompt-from-address';

afterEach(() => {
  cleanup();
  resetGenerateStore();
});

function Probe() {
  usePromptFromAddress();
  const { search } = useLocation();
  return <output>{search || 'no query'}</output>;
}

const openAt = (address: string) =>
  render(
    <MemoryRouter initialEntries={[address]}>
      <Probe />
    </MemoryRouter>,
  );

describe('/generate?prompt= (the gallery’s "Use this prompt")', () => {
  it('fills the prompt, then takes the parameter out of the address and keeps the rest', async () => {
    openAt('/generate?prompt=A%20fox%20at%20dawn&mode=edit');
    expect(getGenerateState().draft.prompt).toBe('A fox at dawn');
    expect(await screen.findByText('?mode=edit')).toBeTruthy();
  });

  it('leaves what was typed alone when the address has no prompt', () => {
    updateDraft({ prompt: 'typed before' });
    openAt('/generate');
    expect(getGenerateState().draft.prompt).toBe('typed before');
    expect(screen.getByText('no query')).toBeTruthy();
  });
});
