// @vitest-environment jsdom
import { AppFluentProvider } from '@app/shared/ui';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ActionBar } from './action-bar';

afterEach(cleanup);

const renderBar = (props: Partial<Parameters<typeof ActionBar>[0]> = {}) =>
  render(
    <AppFluentProvider idPrefix="test">
      <ActionBar
        mode="generate"
        busy={false}
        hasReadyModel
        reason={null}
        submitError={null}
        onSubmit={() => undefined}
        {...props}
      />
    </AppFluentProvider>,
  );

describe('the action button (spec §2)', () => {
  it('reads Generate Image or Edit Image, and can be pressed when the form is valid', () => {
    renderBar();
    expect(
      screen.getByRole('button', { name: 'Generate Image' }).getAttribute('aria-disabled'),
    ).toBeNull();
    cleanup();
    renderBar({ mode: 'edit' });
    expect(screen.getByRole('button', { name: 'Edit Image' })).toBeTruthy();
  });

  it('reads Generating... and is disabled while busy', () => {
    renderBar({ busy: true });
    expect(
      screen.getByRole('button', { name: 'Generating...' }).getAttribute('aria-disabled'),
    ).toBe('true');
  });

  it('is disabled with the reason when the form breaks a rule', () => {
    renderBar({ reason: 'Please enter a prompt' });
    const button = screen.getByRole('button', { name: 'Generate Image' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-describedby')).toBe(
      screen.getByText('Please enter a prompt').id,
    );
  });

  it("without a ready model: disabled, with the tooltip 'Train your model first'", () => {
    renderBar({ hasReadyModel: false });
    const button = screen.getByRole('button', { name: 'Generate Image' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('title')).toBe('Train your model first');
    expect(screen.getByText('Train your model first')).toBeTruthy();
  });
});
