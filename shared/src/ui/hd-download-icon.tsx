import { Spinner } from '@fluentui/react-components';
import { ArrowExpandRegular, HdRegular } from '@fluentui/react-icons';
import type { Enlargement } from '../contract/media';

/** The 2× download's icon: HD only for an upscaler's version; a spinner while it is made. */
export function HdDownloadIcon({ quality, busy }: { quality: Enlargement; busy: boolean }) {
  if (busy) return <Spinner size="tiny" />;
  return quality === 'hd' ? <HdRegular /> : <ArrowExpandRegular />;
}
