import { Spinner } from '@fluentui/react-components';

/** How long a wait may last before it is shown, so a quick answer does not flicker. */
const SHOW_AFTER_MS = 300;

/** The shell's one way of saying "wait": a spinner with what is happening, shown after 300 ms. */
export function Waiting({ label }: { label: string }) {
  return <Spinner style={{ marginTop: 48 }} size="small" label={label} delay={SHOW_AFTER_MS} />;
}
