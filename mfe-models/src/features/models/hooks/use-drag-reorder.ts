import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { moveItem } from '../utils/move-item';

/** A mouse drags once it moved this far; a finger first holds still this long (a swipe scrolls). */
const MOUSE_START_PX = 6;
const TOUCH_HOLD_MS = 350;
const TOUCH_SLOP_PX = 10;

interface Gesture {
  id: string;
  pointerId: number;
  pointerType: string;
  x: number;
  y: number;
  active: boolean;
  timer?: ReturnType<typeof setTimeout>;
  element: HTMLElement;
}

/**
 * Reordering a grid by dragging its tiles with a mouse, a finger (after a short hold, so a swipe
 * still scrolls the page) or a pen, and with Alt + arrow keys. The order follows the pointer while
 * it moves; `onCommit` gets the new order once it is let go. Tiles carry `data-reorder-id`.
 */
export function useDragReorder({
  ids,
  disabled,
  onCommit,
}: {
  ids: readonly string[];
  disabled: boolean;
  onCommit: (ids: string[]) => void;
}) {
  const [dragOrder, setDragOrder] = useState<string[] | null>(null);
  const [draggingId, setDraggingId] = useState<string | null>(null);
  const gesture = useRef<Gesture | null>(null);
  const order = useRef<string[] | null>(null);
  // The click that ends a drag must not open the photo.
  const swallowClick = useRef(false);

  // While a finger drags, the page must not scroll: only a non-passive listener can stop it.
  useEffect(() => {
    if (!draggingId) return;
    const block = (event: TouchEvent) => event.preventDefault();
    window.addEventListener('touchmove', block, { passive: false });
    return () => window.removeEventListener('touchmove', block);
  }, [draggingId]);

  const end = () => {
    const current = gesture.current;
    if (current?.timer) clearTimeout(current.timer);
    gesture.current = null;
    order.current = null;
    setDragOrder(null);
    setDraggingId(null);
  };
  useEffect(() => () => clearTimeout(gesture.current?.timer), []);

  const activate = (current: Gesture) => {
    current.active = true;
    order.current = [...ids];
    setDragOrder(order.current);
    setDraggingId(current.id);
    try {
      current.element.setPointerCapture(current.pointerId);
    } catch {
      // The pointer is gone already; the next pointerup ends the drag.
    }
  };

  const follow = (x: number, y: number) => {
    const current = gesture.current;
    const list = order.current;
    if (!current || !list) return;
    const over = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-reorder-id]')
      ?.dataset.reorderId;
    if (!over || over === current.id) return;
    const from = list.indexOf(current.id);
    const to = list.indexOf(over);
    if (from < 0 || to < 0) return;
    order.current = moveItem(list, from, to);
    setDragOrder(order.current);
  };

  const tileProps = (id: string) => ({
    'data-reorder-id': id,
    'data-dragging': draggingId === id ? 'true' : undefined,
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (disabled || !event.isPrimary || event.button !== 0) return;
      // Buttons inside the tile (delete) are not drag handles.
      if ((event.target as Element).closest('[data-no-drag]')) return;
      const current: Gesture = {
        id,
        pointerId: event.pointerId,
        pointerType: event.pointerType,
        x: event.clientX,
        y: event.clientY,
        active: false,
        element: event.currentTarget,
      };
      if (event.pointerType !== 'mouse') {
        current.timer = setTimeout(() => activate(current), TOUCH_HOLD_MS);
      }
      gesture.current = current;
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const current = gesture.current;
      if (!current || current.pointerId !== event.pointerId) return;
      const moved = Math.hypot(event.clientX - current.x, event.clientY - current.y);
      if (!current.active) {
        if (current.pointerType === 'mouse' && moved >= MOUSE_START_PX) activate(current);
        else if (current.pointerType !== 'mouse' && moved > TOUCH_SLOP_PX) end();
        return;
      }
      follow(event.clientX, event.clientY);
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const current = gesture.current;
      if (!current || current.pointerId !== event.pointerId) return;
      const finished = current.active ? order.current : null;
      end();
      if (!finished) return;
      swallowClick.current = true;
      if (finished.join() !== ids.join()) onCommit(finished);
    },
    onPointerCancel: end,
    onClickCapture: (event: MouseEvent) => {
      if (!swallowClick.current) return;
      swallowClick.current = false;
      event.stopPropagation();
      event.preventDefault();
    },
    // A long press would open the browser's image menu instead of starting the drag.
    onContextMenu: (event: MouseEvent) => event.preventDefault(),
  });

  /** Alt + Left/Right moves the focused photo one place. */
  const onKeyDown = (id: string) => (event: KeyboardEvent) => {
    if (disabled || !event.altKey || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) {
      return;
    }
    event.preventDefault();
    const from = ids.indexOf(id);
    const to = from + (event.key === 'ArrowLeft' ? -1 : 1);
    if (from < 0 || to < 0 || to >= ids.length) return;
    onCommit(moveItem(ids, from, to));
  };

  return { orderedIds: dragOrder ?? [...ids], draggingId, tileProps, onKeyDown };
}
