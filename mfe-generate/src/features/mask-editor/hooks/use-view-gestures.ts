import { useEffect, useRef, useState, type PointerEvent, type RefObject } from 'react';
import {
  clampTransform,
  FITTED,
  pinch,
  zoomAround,
  type Point,
  type ViewTransform,
} from '../utils/view-transform';

/** Where the pointer is within `element`, in screen pixels. */
export function pointWithin(element: HTMLElement, event: { clientX: number; clientY: number }) {
  const rect = element.getBoundingClientRect();
  return { x: event.clientX - rect.left, y: event.clientY - rect.top };
}

/**
 * The photo's zoom and pan in the mask editor: on a touch screen a second finger turns the touch
 * into pinch-zoom and pan (and `onGestureStart` drops what the first finger began); Ctrl + wheel,
 * and a trackpad pinch, which browsers report so, zooms. The pointer handlers go on the viewport
 * in the capture phase, so a gesture never reaches the canvas; they take touches only.
 */
export function useViewGestures({
  viewportRef,
  box,
  onGestureStart,
}: {
  viewportRef: RefObject<HTMLDivElement | null>;
  box: { width: number; height: number };
  onGestureStart: () => void;
}) {
  const [wantedView, setView] = useState<ViewTransform>(FITTED);
  // A smaller box (rotation, resize) keeps the zoom but not an offset that no longer fits.
  const view = clampTransform(wantedView, box);

  const touches = useRef(new Map<number, Point>());
  /** Set from the second finger until every finger has lifted: no painting meanwhile. */
  const gesturing = useRef(false);
  const pinchStart = useRef<{ from: ViewTransform; start: [Point, Point] } | null>(null);
  const local = (event: PointerEvent) => pointWithin(viewportRef.current!, event);
  const twoTouches = (): [Point, Point] => {
    const [a, b] = [...touches.current.values()];
    return [a!, b!];
  };

  const onPointerDownCapture = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    touches.current.set(event.pointerId, local(event));
    if (touches.current.size < 2) return;
    // Not a stroke after all: keep the canvas out of it.
    event.stopPropagation();
    onGestureStart();
    gesturing.current = true;
    pinchStart.current = { from: view, start: twoTouches() };
  };
  const onPointerMoveCapture = (event: PointerEvent) => {
    if (event.pointerType !== 'touch' || !touches.current.has(event.pointerId)) return;
    touches.current.set(event.pointerId, local(event));
    if (!gesturing.current) return;
    event.stopPropagation();
    if (pinchStart.current && touches.current.size >= 2) {
      const { from, start } = pinchStart.current;
      setView(pinch(from, start, twoTouches(), box));
    }
  };
  const onPointerEndCapture = (event: PointerEvent) => {
    if (!touches.current.delete(event.pointerId)) return;
    if (touches.current.size < 2) pinchStart.current = null;
    if (touches.current.size === 0) gesturing.current = false;
  };

  // A plain wheel scrolls the page as anywhere else.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      const at = pointWithin(viewport, event);
      setView((current) =>
        zoomAround(clampTransform(current, box), at, Math.exp(-event.deltaY / 200), box),
      );
    };
    viewport.addEventListener('wheel', onWheel, { passive: false });
    return () => viewport.removeEventListener('wheel', onWheel);
  }, [viewportRef, box]);

  return {
    view,
    fitToView: () => setView(FITTED),
    onPointerDownCapture,
    onPointerMoveCapture,
    onPointerEndCapture,
  };
}
