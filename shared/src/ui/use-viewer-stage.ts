import { useRef, type MouseEvent, type PointerEvent } from 'react';
import { SWIPE_THRESHOLD_PX } from '../spec/constants';
import { isInsideContainedImage, swipeDirection } from './photo-viewer-logic';

/**
 * The photo viewer's stage: a swipe over 50 px (touch, pen or mouse) steps through the photos,
 * a tap beside the photo closes the viewer. The handlers go on the stage element (`stageRef`).
 */
export function useViewerStage({
  onSwipe,
  onTapBeside,
}: {
  onSwipe: (delta: 1 | -1) => void;
  onTapBeside: () => void;
}) {
  const stageRef = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<{ id: number; x: number; y: number } | null>(null);
  const swallowClick = useRef(false);

  const onPointerDown = (event: PointerEvent) => {
    swallowClick.current = false;
    if (!event.isPrimary) return;
    swipeStart.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.id !== event.pointerId) return;
    const delta = swipeDirection(
      event.clientX - start.x,
      event.clientY - start.y,
      SWIPE_THRESHOLD_PX,
    );
    if (delta === 0) return;
    // A mouse drag ends in a click; it was a swipe, not a tap beside the photo.
    swallowClick.current = true;
    onSwipe(delta);
  };
  const onPointerCancel = () => {
    swipeStart.current = null;
  };
  const onClick = (event: MouseEvent) => {
    if (swallowClick.current) {
      swallowClick.current = false;
      return;
    }
    if ((event.target as Element).closest('button')) return;
    const image = stageRef.current?.querySelector('img');
    if (image && isInsideContainedImage(image, event.clientX, event.clientY)) return;
    onTapBeside();
  };

  return { stageRef, onPointerDown, onPointerUp, onPointerCancel, onClick };
}
