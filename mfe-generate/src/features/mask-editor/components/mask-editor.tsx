import { GENERATE_TEXT } from '@app/shared/spec';
import { IconButton } from '@app/shared/ui/icon-button';
import { makeStyles, tokens } from '@fluentui/react-components';
import { ZoomFitRegular } from '@fluentui/react-icons';
import {
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type PointerEvent,
  type Ref,
} from 'react';
import { Canvas, type CanvasRef } from 'react-sketch-canvas';
import { useBrushOutline } from '../hooks/use-brush-outline';
import { useBrushSize } from '../hooks/use-brush-size';
import { useEditorBox } from '../hooks/use-editor-box';
import { useMaskStrokes } from '../hooks/use-mask-strokes';
import { pointWithin, useViewGestures } from '../hooks/use-view-gestures';
import {
  exportMask,
  measurePainting,
  type ExportedMask,
  type PaintingFacts,
} from '../utils/export-mask';
import { hasPaint, type MaskHistory } from '../utils/mask-history';
import { MASK_EDITOR_TEXT } from '../texts';
import { BrushSizeSlider } from './brush-size-slider';
import { MaskToolbar } from './mask-toolbar';

/** The painted mask is seen through at 55 % over the photo. */
const OVERLAY_OPACITY = 0.55;

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
});

export interface MaskEditorHandle {
  /** The mask of spec §5 in the photo's shape (see `exportMask`). */
  exportMask: () => Promise<ExportedMask>;
}

/**
 * The mask painting editor (spec §2, §4, §9): the photo with the painted mask laid over it,
 * brush 5-50 px, undo/redo 10 deep, clear; beyond the spec an eraser, invert, a remembered brush
 * size and, on touch screens, two-finger pinch-zoom and pan while one finger paints.
 */
export default function MaskEditor({
  photoUrl,
  photoSize,
  strokes: keptStrokes,
  onStrokesChange,
  onPaintChange,
  onPaintingChange,
  ref,
}: {
  photoUrl: string;
  photoSize: { width: number; height: number };
  /** The strokes painted before (the editor was away while the user visited another tab). */
  strokes?: MaskHistory;
  onStrokesChange: (strokes: MaskHistory) => void;
  onPaintChange: (hasPaint: boolean) => void;
  /** How much of the photo is painted, and where, after every change to the strokes. */
  onPaintingChange: (painting: PaintingFacts | null) => void;
  ref?: Ref<MaskEditorHandle>;
}) {
  const styles = useStyles();
  const canvasRef = useRef<CanvasRef>(null);
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const viewportRef = useRef<HTMLDivElement>(null);

  const { canvas, fit, box } = useEditorBox(root, photoSize);
  const [erasing, setErasing] = useState(false);
  const [brushSize, setBrushSize] = useBrushSize();
  const strokes = useMaskStrokes({
    brushSize,
    erasing,
    kept: keptStrokes,
    onChange: onStrokesChange,
  });
  const { history, dispatch } = strokes;
  const gestures = useViewGestures({ viewportRef, box, onGestureStart: strokes.dropStroke });
  const { view } = gestures;
  const scale = fit * view.zoom;
  const outlinePx = brushSize * scale;
  const { outlineRef, moveOutline, hideOutline, previewSize } = useBrushOutline(outlinePx, box);

  const painted = hasPaint(history.paths);
  useEffect(() => onPaintChange(painted), [painted, onPaintChange]);

  // Measured once the canvas shows the changed strokes; a later change overrides an earlier one.
  const { paths } = history;
  useEffect(() => {
    const surface = canvasRef.current;
    if (!surface || !painted) {
      onPaintingChange(null);
      return;
    }
    let current = true;
    measurePainting(surface, photoSize).then(
      (painting) => {
        if (current) onPaintingChange(painting);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [paths, painted, photoSize, onPaintingChange]);

  useImperativeHandle(
    ref,
    () => ({
      exportMask: () => {
        const surface = canvasRef.current;
        if (!surface) return Promise.reject(new Error('The mask editor is not ready'));
        return exportMask(surface, photoSize);
      },
    }),
    [photoSize],
  );

  // A mouse or pen moves the brush outline; touches are the gestures' to take.
  const onPointerMoveCapture = (event: PointerEvent) => {
    gestures.onPointerMoveCapture(event);
    if (event.pointerType !== 'touch') moveOutline(pointWithin(viewportRef.current!, event));
  };
  const changeBrush = (size: number) => {
    setBrushSize(size);
    previewSize();
  };

  return (
    <div ref={setRoot} className={styles.root} data-testid="mask-editor">
      <p className={styles.help}>{GENERATE_TEXT.maskHelp}</p>
      <div
        ref={viewportRef}
        className={styles.viewport}
        style={{ width: box.width, height: box.height }}
        data-testid="mask-viewport"
        data-zoom={view.zoom.toFixed(2)}
        onPointerDownCapture={gestures.onPointerDownCapture}
        onPointerMoveCapture={onPointerMoveCapture}
        onPointerUpCapture={gestures.onPointerEndCapture}
        onPointerCancelCapture={gestures.onPointerEndCapture}
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
            paths={strokes.paths}
            isDrawing={strokes.drawing}
            onPointerDown={strokes.startStroke}
            onPointerMove={strokes.extendStroke}
            onPointerUp={strokes.endStroke}
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
            onClick={gestures.fitToView}
          />
        ) : null}
      </div>
      <MaskToolbar
        erasing={erasing}
        onErasingChange={setErasing}
        canUndo={history.undo.length > 0}
        canRedo={history.redo.length > 0}
        canClear={history.paths.length > 0}
        onUndo={() => dispatch({ type: 'undo' })}
        onRedo={() => dispatch({ type: 'redo' })}
        onInvert={() => dispatch({ type: 'invert', ...canvas })}
        onClear={() => dispatch({ type: 'clear' })}
      />
      <BrushSizeSlider value={brushSize} onChange={changeBrush} />
    </div>
  );
}
