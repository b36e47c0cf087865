// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { setAuthConfig } from '../auth/load-amplify';
import { carriedSignInInput } from '../first-paint/prerendered-home';
import type { LoginFlowActions } from './login-actions';
import { initialLoginFlowState } from './login-flow';
import { SignInForm } from './sign-in-form';

vi.mock('../first-paint/prerendered-home', () => ({ carriedSignInInput: vi.fn() }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
});

it('takes over what was typed into the prerendered card after its render, up to its commit', async () => {
  setAuthConfig({ region: 'us-east-1', userPoolId: 'us-east-1_studio', userPoolClientId: 'c' });
  // The first render is time-sliced: the card is read when the form renders, and keys can still
  // land in it before the commit that puts the form on screen in its place.
  vi.mocked(carriedSignInInput)
    .mockReturnValueOnce({ username: 'ada@exam', password: '', focused: 'username' })
    .mockReturnValueOnce({ username: 'ada@example.com', password: 'se', focused: 'password' })
    .mockReturnValue(null);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <FluentProvider theme={webLightTheme}>
        <SignInForm state={initialLoginFlowState()} actions={{} as unknown as LoginFlowActions} />
      </FluentProvider>,
    );
  });
  const field = (autocomplete: string) =>
    container.querySelector<HTMLInputElement>(`input[autocomplete="${autocomplete}"]`)!;
  expect(field('username').value).toBe('ada@example.com');
  expect(field('current-password').value).toBe('se');
  expect(document.activeElement).toBe(field('current-password'));
  act(() => root.unmount());
});
