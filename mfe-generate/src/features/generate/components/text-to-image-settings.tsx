import type { AspectRatio } from '@app/shared/spec';
import { updateDraft } from '../hooks/generation-store';
import { AspectRatioPicker } from './aspect-ratio-picker';
import { CountPicker } from './count-picker';

/** What only text to image chooses: the ratio and how many images. */
export function TextToImageSettings({
  aspectRatio,
  count,
}: {
  aspectRatio: AspectRatio;
  count: number;
}) {
  return (
    <>
      <AspectRatioPicker
        value={aspectRatio}
        onChange={(value) => updateDraft({ aspectRatio: value })}
      />
      <CountPicker value={count} onChange={(value) => updateDraft({ count: value })} />
    </>
  );
}
