import { GENERATE_TEXT, MASK_EDITOR } from '@app/shared/spec';
import { IconButton } from '@app/shared/ui/icon-button';
import { Label, makeStyles, mergeClasses, Slider, tokens } from '@fluentui/react-components';
import {
  ArrowRedoRegular,
  ArrowSwapRegular,
  ArrowUndoRegular,
  DeleteRegular,
  EraserRegular,
  PaintBrushRegular,
  ZoomFitRegular,
} from '@fluentui/react-icons';
import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type PointerEvent,
  type Ref,
} from 'react';
import { Canvas, type CanvasPath, type CanvasRef, type Point } from 'react-sketch-canvas';
import { useBrushSize } from '../hooks/use-brush-size';
import { exportMask, type ExportedMask } from '../utils/export-mask';
import {
  EMPTY_MASK_HISTORY,
  hasPaint,
  maskHistoryReducer,
  type MaskAction,
} from '../utils/mask-history';
import {
  clampTransform,
  FITTED,
  pinch,
  zoomAround,
  type ViewTransform,
} from '../utils/view-transform';
import { MASK_EDITOR_TEXT } from '../texts';

/** The painted strokes, seen through at 55 % over the photo. */
const STROKE_COLOUR = '#ff1f5a';
const OVERLAY_OPACITY = 0.55;
/** How long the brush outline stays in the middle after the size changed. */
const SIZE_PREVIEW_MS = 900;
/** The most of the screen's height the photo may take, so the tools stay in view. */
const MAX_VIEW_HEIGHT_SHARE = 0.6;

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    alignItems: 'center',
  },
  help: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    color: tokens.colorNeutralForeground2,
    alignSelf: 'stretch',
  },
  viewport: {
    position: 'relative',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    // One finger paints, two pinch and pan: the browser must not scroll or zoom the page here.
    touchAction: 'none',
    userSelect: 'none',
    boxShadow: `0 0 0 1px ${tokens.colorNeutralStroke1}`,
  },
  content: { position: 'absolute', left: 0, top: 0, transformOrigin: '0 0' },
  photo: { position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' },
  canvas: { position: 'absolute', inset: 0, cursor: 'crosshair' },
  brushOutline: {
    position: 'absolute',
    left: 0,
    top: 0,
    borderRadius: '50%',
    border: '2px solid #fff',
    boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.6), inset 0 0 0 1px rgba(0, 0, 0, 0.6)',
    pointerEvents: 'none',
    boxSizing: 'border-box',
  },
  fit: {
    position: 'absolute',
    right: tokens.spacingHorizontalS,
    top: tokens.spacingVerticalS,
    backgroundColor: 'rgba(255, 255, 255, 0.9)',
  },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalS,
  },
  group: {
    display: 'flex',
    gap: tokens.spacingHorizontalXXS,
    padding: tokens.spacingHorizontalXXS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  pressed: {
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': {
      backgroundColor: tokens.colorBrandBackgroundHover,
      color: tokens.colorNeutralForegroundOnBrand,
    },
    ':hover:active': {
      backgroundColor: tokens.colorBrandBackgroundPressed,
      color: tokens.colorNeutralForegroundOnBrand,
    },
  },
  brush: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    alignSelf: 'stretch',
  },
  brushLabel: { whiteSpace: 'nowrap' },
  // A thumb-sized track (44 px high) with 16 px text, like every other input (ui-quality).
  slider: { flexGrow: 1, height: '44px', minWidth: 0 },
  sliderInput: { fontSize: '16px', height: '44px' },
  brushValue: { minWidth: '48px', textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
});

export interface MaskEditorHandle {
  /** The mask of spec §5 at the photo's size. */
  exportMask: () => Promise<ExportedMask>;
}

/** The drawing surface's own size: the photo fitted into 512 × 512 (spec §9). */
export function canvasSizeFor(photo: { width: number; height: number }) {
  const scale = MASK_EDITOR.canvasSizePx / Math.max(photo.width, photo.height);
  return {
    width: Math.max(1, Math.round(photo.width * scale)),
    height: Math.max(1, Math.round(photo.height * scale)),
  };
}

function useAvailableWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState<number>(MASK_EDITOR.displayMaxWidthPx);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * The mask painting editor (spec §2, §4, §9): the photo with the painted mask laid over it,
 * brush 5-50 px, undo/redo 10 deep, clear; beyond the spec an eraser, invert, a remembered brush
 * size and, on touch screens, two-finger pinch-zoom and pan while one finger paints.
 */
export default function MaskEditor({
  photoUrl,
  photoSize,
  onPaintChange,
  ref,
}: {
  photoUrl: string;
  photoSize: { width: number; height: number };
  onPaintChange: (hasPaint: boolean) => void;
  ref?: Ref<MaskEditorHandle>;
}) {
  const styles = useStyles();
  const canvasRef = useRef<CanvasRef>(null);
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const outlineRef = useRef<HTMLDivElement>(null);
  const sliderId = useId();

  const canvas = canvasSizeFor(photoSize);
  const available = useAvailableWidth(root);
  const maxHeight = Math.max(280, window.innerHeight * MAX_VIEW_HEIGHT_SHARE);
  const fit = Math.min(
    MASK_EDITOR.displayMaxWidthPx / canvas.width,
    available / canvas.width,
    maxHeight / canvas.height,
  );
  const boxWidth = canvas.width * fit;
  const boxHeight = canvas.height * fit;
  const box = useMemo(() => ({ width: boxWidth, height: boxHeight }), [boxWidth, boxHeight]);

  const [history, dispatchHistory] = useReducer(
    (state: typeof EMPTY_MASK_HISTORY, action: MaskAction) =>
      maskHistoryReducer(state, action, MASK_EDITOR.historyDepth, STROKE_COLOUR),
    EMPTY_MASK_HISTORY,
  );
  const [active, setActive] = useState<CanvasPath | null>(null);
  const [erasing, setErasing] = useState(false);
  const [brushSize, setBrushSize] = useBrushSize();
  const [wantedView, setView] = useState<ViewTransform>(FITTED);
  // A smaller box (rotation, resize) keeps the zoom but not an offset that no longer fits.
  const view = clampTransform(wantedView, box);
  const [sizePreview, setSizePreview] = useState(false);

  const painted = hasPaint(history.paths);
  useEffect(() => onPaintChange(painted), [painted, onPaintChange]);

  useImperativeHandle(
    ref,
    () => ({
      exportMask: () => {
        const surface = canvasRef.current;
        if (!surface) return Promise.reject(new Error('The mask editor is not ready'));
        return exportMask(surface, photoSize.width, photoSize.height);
      },
    }),
    [photoSize.width, photoSize.height],
  );

  // ---- painting: the canvas reports points in its own 512-px units, whatever the zoom ----
  const startStroke = (point: Point) =>
    setActive({
      paths: [point],
      strokeWidth: brushSize,
      strokeColor: STROKE_COLOUR,
      drawMode: !erasing,
    });
  const extendStroke = (point: Point) =>
    setActive((stroke) => (stroke ? { ...stroke, paths: [...stroke.paths, point] } : stroke));
  const endStroke = () => {
    setActive((stroke) => {
      if (stroke) dispatchHistory({ type: 'stroke', path: stroke });
      return null;
    });
  };

  // ---- touch gestures: a second finger turns the touch into pinch-zoom and pan ----
  const touches = useRef(new Map<number, Point>());
  /** Set from the second finger until every finger has lifted: no painting meanwhile. */
  const gesturing = useRef(false);
  const pinchStart = useRef<{ from: ViewTransform; start: [Point, Point] } | null>(null);
  const local = (event: PointerEvent): Point => {
    const rect = viewportRef.current!.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const twoTouches = (): [Point, Point] => {
    const [a, b] = [...touches.current.values()];
    return [a!, b!];
  };

  const onPointerDownCapture = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') return;
    touches.current.set(event.pointerId, local(event));
    if (touches.current.size < 2) return;
    // Not a stroke after all: drop what the first finger began, and keep the canvas out of it.
    event.stopPropagation();
    setActive(null);
    gesturing.current = true;
    pinchStart.current = { from: view, start: twoTouches() };
  };
  const onPointerMoveCapture = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') {
      moveOutline(event);
      return;
    }
    if (!touches.current.has(event.pointerId)) return;
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

  // Ctrl + wheel (and a trackpad pinch, which browsers report so) zooms; a plain wheel scrolls.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      const rect = viewport.getBoundingClientRect();
      const at = { x: event.clientX - rect.left, y: event.clientY - rect.top };
      setView((current) =>
        zoomAround(clampTransform(current, box), at, Math.exp(-event.deltaY / 200), box),
      );
    };
    viewport.addEventListener('wheel', onWheel, { passive: false });
    return () => viewport.removeEventListener('wheel', onWheel);
  }, [box]);

  // ---- the round brush outline: follows a mouse or pen; shown mid-canvas after a size change ----
  const outlinePx = brushSize * fit * view.zoom;
  const moveOutline = (event: PointerEvent) => {
    const outline = outlineRef.current;
    if (!outline) return;
    const { x, y } = local(event);
    outline.style.transform = `translate(${x - outlinePx / 2}px, ${y - outlinePx / 2}px)`;
    outline.style.visibility = 'visible';
  };
  const hideOutline = () => {
    if (outlineRef.current && !sizePreview) outlineRef.current.style.visibility = 'hidden';
  };
  useEffect(() => {
    if (!sizePreview) return;
    const outline = outlineRef.current;
    if (outline) {
      outline.style.transform = `translate(${box.width / 2 - outlinePx / 2}px, ${box.height / 2 - outlinePx / 2}px)`;
      outline.style.visibility = 'visible';
    }
    const timer = setTimeout(() => {
      setSizePreview(false);
      if (outline) outline.style.visibility = 'hidden';
    }, SIZE_PREVIEW_MS);
    return () => clearTimeout(timer);
  }, [sizePreview, outlinePx, box.width, box.height]);

  const changeBrush = useCallback(
    (size: number) => {
      setBrushSize(size);
      setSizePreview(true);
    },
    [setBrushSize],
  );

  const paths = active ? [...history.paths, active] : history.paths;
  const scale = fit * view.zoom;

  return (
    <div ref={setRoot} className={styles.root} data-testid="mask-editor">
      <p className={styles.help}>{GENERATE_TEXT.maskHelp}</p>
      <div
        ref={viewportRef}
        className={styles.viewport}
        style={{ width: box.width, height: box.height }}
        data-testid="mask-viewport"
        data-zoom={view.zoom.toFixed(2)}
        onPointerDownCapture={onPointerDownCapture}
        onPointerMoveCapture={onPointerMoveCapture}
        onPointerUpCapture={onPointerEndCapture}
        onPointerCancelCapture={onPointerEndCapture}
        onPointerLeave={hideOutline}
      >
        <div
          className={styles.content}
          style={{
            width: canvas.width,
            height: canvas.height,
            transform: `translate(${view.x}px, ${view.y}px) scale(${scale})`,
          }}
        >
          <img className={styles.photo} src={photoUrl} alt="" draggable={false} />
          <Canvas
            ref={canvasRef}
            className={styles.canvas}
            paths={paths}
            isDrawing={active !== null}
            onPointerDown={startStroke}
            onPointerMove={extendStroke}
            onPointerUp={endStroke}
            allowOnlyPointerType="all"
            backgroundImage=""
            canvasColor="transparent"
            exportWithBackgroundImage={false}
            width={`${canvas.width}px`}
            height={`${canvas.height}px`}
            style={{ opacity: OVERLAY_OPACITY }}
            svgStyle={{ display: 'block' }}
          />
        </div>
        <div
          ref={outlineRef}
          className={styles.brushOutline}
          style={{ width: outlinePx, height: outlinePx, visibility: 'hidden' }}
          aria-hidden
          data-testid="brush-outline"
        />
        {view.zoom > 1 ? (
          <IconButton
            className={styles.fit}
            icon={<ZoomFitRegular />}
            label={MASK_EDITOR_TEXT.fit}
            onClick={() => setView(FITTED)}
          />
        ) : null}
      </div>

      <div className={styles.toolbar} role="toolbar" aria-label={MASK_EDITOR_TEXT.tools}>
        <div className={styles.group}>
          <IconButton
            icon={<PaintBrushRegular />}
            label={MASK_EDITOR_TEXT.paint}
            appearance="subtle"
            aria-pressed={!erasing}
            className={mergeClasses(!erasing && styles.pressed)}
            onClick={() => setErasing(false)}
          />
          <IconButton
            icon={<EraserRegular />}
            label={MASK_EDITOR_TEXT.erase}
            appearance="subtle"
            aria-pressed={erasing}
            className={mergeClasses(erasing && styles.pressed)}
            onClick={() => setErasing(true)}
          />
        </div>
        <div className={styles.group}>
          <IconButton
            icon={<ArrowUndoRegular />}
            label={MASK_EDITOR_TEXT.undo}
            appearance="subtle"
            disabled={history.undo.length === 0}
            onClick={() => dispatchHistory({ type: 'undo' })}
          />
          <IconButton
            icon={<ArrowRedoRegular />}
            label={MASK_EDITOR_TEXT.redo}
            appearance="subtle"
            disabled={history.redo.length === 0}
            onClick={() => dispatchHistory({ type: 'redo' })}
          />
        </div>
        <div className={styles.group}>
          <IconButton
            icon={<ArrowSwapRegular />}
            label={MASK_EDITOR_TEXT.invert}
            appearance="subtle"
            onClick={() => dispatchHistory({ type: 'invert', ...canvas })}
          />
          <IconButton
            icon={<DeleteRegular />}
            label={MASK_EDITOR_TEXT.clear}
            appearance="subtle"
            disabled={history.paths.length === 0}
            onClick={() => dispatchHistory({ type: 'clear' })}
          />
        </div>
      </div>

      <div className={styles.brush}>
        <Label htmlFor={sliderId} className={styles.brushLabel}>
          {MASK_EDITOR_TEXT.brushSize}
        </Label>
        <Slider
          id={sliderId}
          className={styles.slider}
          input={{ className: styles.sliderInput }}
          min={MASK_EDITOR.brushMinPx}
          max={MASK_EDITOR.brushMaxPx}
          step={MASK_EDITOR.brushStepPx}
          value={brushSize}
          onChange={(_event, data) => changeBrush(data.value)}
        />
        <span className={styles.brushValue} aria-hidden>
          {brushSize} px
        </span>
      </div>
    </div>
  );
}
