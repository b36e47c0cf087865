import { LOGIN_TEXT } from '@app/shared/spec';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { setAuthConfig } from '../auth/load-amplify';
import { LoginPage } from './login-page';

const USER_POOL = {
  region: 'us-east-1',
  userPoolId: 'us-east-1_studio',
  userPoolClientId: 'client',
};

function firstPaint(): string {
  return renderToString(
    <FluentProvider theme={webLightTheme}>
      <LoginPage onFinished={() => undefined} />
    </FluentProvider>,
  );
}

describe('the sign-in card at first paint (§2)', () => {
  it('shows both tabs, the header, Email and password, and the forgot link', () => {
    setAuthConfig(USER_POOL);
    const html = firstPaint();
    for (const text of [
      LOGIN_TEXT.signInTab,
      LOGIN_TEXT.signUpTab,
      LOGIN_TEXT.signInHeader,
      LOGIN_TEXT.usernameLabel,
      'Password',
      LOGIN_TEXT.forgotPassword,
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain(LOGIN_TEXT.signInWithGoogle);
  });

  it('offers Google only when the hosted UI is configured with it', () => {
    setAuthConfig({ ...USER_POOL, oauthDomain: 'localhost:3443' });
    expect(firstPaint()).toContain(LOGIN_TEXT.signInWithGoogle);
  });
});
