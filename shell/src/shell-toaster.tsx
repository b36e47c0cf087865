import type { BusEvents } from '@app/shared/bus';
import { Toast, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components';
import { useEffect } from 'react';

export default function ShellToaster({
  toasts,
  onShown,
}: {
  toasts: ReadonlyArray<BusEvents['toast:show']>;
  onShown: (count: number) => void;
}) {
  const toasterId = useId('toaster');
  const { dispatchToast } = useToastController(toasterId);

  useEffect(() => {
    if (toasts.length === 0) return;
    for (const { intent, text } of toasts) {
      dispatchToast(
        <Toast>
          <ToastTitle>{text}</ToastTitle>
        </Toast>,
        // Fluent makes each toast a Tab stop that traps Tab (a focus group with nothing inside to
        // move to). These toasts hold no action and are read out as they come: out of the Tab order.
        { intent, root: { tabIndex: -1 } },
      );
    }
    onShown(toasts.length);
  }, [toasts, dispatchToast, onShown]);

  return <Toaster toasterId={toasterId} position="top" />;
}
