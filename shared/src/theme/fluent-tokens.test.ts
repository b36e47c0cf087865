import { tokens as fluentTokens } from '@fluentui/react-components';
import { describe, expect, it } from 'vitest';
import { tokens } from './fluent-tokens';

describe('the tokens map every app is built with', () => {
  it('gives every token of Fluent’s own map the same value', () => {
    const names = Object.keys(fluentTokens) as (keyof typeof fluentTokens)[];
    expect(names.length).toBeGreaterThan(400);
    for (const name of names) expect(tokens[name], name).toBe(fluentTokens[name]);
  });
});
