import { LOGIN_TEXT } from '@app/shared/spec';
import { describe, expect, it } from 'vitest';
import { renderSignedOutHome } from './render-signed-out-home';

describe('the prerendered signed-out home', () => {
  it('is the header and the sign-in card, complete, with the styles it uses', async () => {
    const { markup, css } = await renderSignedOutHome();
    expect(markup).toContain('data-testid="app-header"');
    expect(markup).toContain('data-testid="login-card"');
    expect(markup).toContain(LOGIN_TEXT.signInHeader);
    // Inline, not streamed: nothing waits for React's swap-in scripts.
    expect(markup).not.toMatch(/<template|<script/);
    // Every class the markup uses has its rule (Griffel's atomic classes start with `f` or `___`).
    const classes = [...markup.matchAll(/class="([^"]*)"/g)].flatMap((match) =>
      match[1]!.split(' ').filter((name) => /^(f[0-9a-z]{6,8}|___[0-9a-z]+)$/.test(name)),
    );
    expect(classes.length).toBeGreaterThan(50);
    for (const name of new Set(classes)) expect(css).toContain(`.${name}`);
  });

  it('has fields that a script-less submit would not send', async () => {
    const { markup } = await renderSignedOutHome();
    const inputs = markup.match(/<input\b[^>]*>/g) ?? [];
    expect(inputs.length).toBe(2);
    for (const input of inputs) expect(input).not.toMatch(/\sname=/);
  });
});
