import { type PointerEvent, useEffect, useId, useRef } from "react";
import { cn } from "@/lib/cn.js";
import { type Crop, drawCrop, MAX_ZOOM } from "@/lib/image-resize.js";

export interface ImageCropperLabels {
  preview: string;
  zoom: string;
  horizontal: string;
  vertical: string;
}

const PREVIEW_PX = 192;

/**
 * The square crop of a picture: a live preview (drag it to move the picture) and three sliders, which
 * are what keyboards and screen readers use (arrow keys move a slider by one step).
 */
export function ImageCropper({
  image,
  crop,
  onChange,
  round,
  labels,
}: {
  image: ImageBitmap;
  crop: Crop;
  onChange: (crop: Crop) => void;
  round: boolean;
  labels: ImageCropperLabels;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number; crop: Crop } | null>(null);
  const id = useId();

  useEffect(() => {
    // Drawn at twice the shown size, so the preview is sharp on high-density screens.
    if (canvas.current) drawCrop(canvas.current, image, crop, PREVIEW_PX * 2);
  }, [image, crop]);

  function onPointerDown(e: PointerEvent<HTMLCanvasElement>) {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, crop };
  }
  function onPointerMove(e: PointerEvent<HTMLCanvasElement>) {
    const start = drag.current;
    if (!start) return;
    // Dragging right shows more of the left: the picture follows the pointer.
    const scale = 2 / (PREVIEW_PX * start.crop.zoom);
    onChange({
      ...start.crop,
      x: Math.max(-1, Math.min(1, start.crop.x - (e.clientX - start.x) * scale)),
      y: Math.max(-1, Math.min(1, start.crop.y - (e.clientY - start.y) * scale)),
    });
  }
  const endDrag = () => {
    drag.current = null;
  };

  const slider = (key: keyof Crop, label: string, min: number, max: number) => (
    <div className="grid gap-1">
      <label htmlFor={`${id}-${key}`} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        type="range"
        min={min}
        max={max}
        step={0.01}
        value={crop[key]}
        onChange={(e) => onChange({ ...crop, [key]: Number(e.target.value) })}
        className="w-full accent-primary"
      />
    </div>
  );

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <canvas
        ref={canvas}
        role="img"
        aria-label={labels.preview}
        style={{ width: PREVIEW_PX, height: PREVIEW_PX }}
        className={cn("shrink-0 cursor-move touch-none border bg-muted", round ? "rounded-full" : "rounded-lg")}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      />
      <div className="grid w-full gap-3 sm:max-w-xs">
        {slider("zoom", labels.zoom, 1, MAX_ZOOM)}
        {slider("x", labels.horizontal, -1, 1)}
        {slider("y", labels.vertical, -1, 1)}
      </div>
    </div>
  );
}
