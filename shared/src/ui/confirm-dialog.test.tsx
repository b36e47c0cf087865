// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render';
import { ConfirmDialog } from './confirm-dialog';

function Harness({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Delete photo</button>
      <ConfirmDialog
        open={open}
        title="Delete Photo"
        message="Are you sure you want to delete this training photo?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        destructive
        onConfirm={onConfirm}
        onDismiss={() => setOpen(false)}
      />
    </>
  );
}

describe('ConfirmDialog', { timeout: 20_000 }, () => {
  it('takes focus in, and gives it back to the opener after Cancel or Escape', async () => {
    const user = userEvent.setup();
    renderInApp(<Harness onConfirm={async () => undefined} />);
    const opener = screen.getByRole('button', { name: 'Delete photo' });
    for (const leave of [
      () => user.click(screen.getByRole('button', { name: 'Cancel', hidden: true })),
      () => user.keyboard('{Escape}'),
    ]) {
      await user.click(opener);
      const dialog = await screen.findByRole('dialog', { hidden: true });
      expect(dialog.contains(document.activeElement)).toBe(true);
      await leave();
      await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(opener));
    }
  });

  it('says what it is doing while busy, runs once however often pressed, then closes', async () => {
    const user = userEvent.setup();
    let calls = 0;
    let finish: () => void = () => undefined;
    renderInApp(
      <Harness
        onConfirm={() => {
          calls += 1;
          return new Promise<void>((resolve) => (finish = resolve));
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete photo' }));
    const confirm = await screen.findByRole('button', { name: 'Delete', hidden: true });
    await user.click(confirm);
    await user.click(confirm);
    expect(calls).toBe(1);
    expect(confirm.textContent).toBe('Deleting...');
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    // Escape does not walk away from a running deletion.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { hidden: true })).toBeTruthy();

    finish();
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
  });

  it('stays open after a failed confirmation, ready to try again', async () => {
    const user = userEvent.setup();
    renderInApp(<Harness onConfirm={() => Promise.reject(new Error('offline'))} />);
    await user.click(screen.getByRole('button', { name: 'Delete photo' }));
    await user.click(await screen.findByRole('button', { name: 'Delete', hidden: true }));
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Delete', hidden: true }).getAttribute('aria-disabled'),
      ).toBe(null),
    );
    expect(screen.getByRole('dialog', { hidden: true })).toBeTruthy();
  });
});
