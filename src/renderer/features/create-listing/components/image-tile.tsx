import { useState } from 'react'
import { AlertCircle, ChevronLeft, ChevronRight, ImageOff, RotateCw, X } from 'lucide-react'
import { imageSrc } from '@/lib/image-src'
import { cn } from '@/lib/utils'
import type { ImageItem } from '../lib/image-items'

interface ImageTileProps {
  item: ImageItem
  position: number
  count: number
  onMove: (offset: -1 | 1) => void
  onRemove: () => void
  onRetry: () => void
}

const toolButton =
  'flex size-8 items-center justify-center rounded-lg text-navy-700 dark:text-navy-200 transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:pointer-events-none disabled:opacity-30'

function UploadProgress({ progress, label }: { progress: number; label: string }) {
  const percent = Math.round(progress * 100)
  return (
    <div className="absolute inset-x-0 bottom-0 bg-navy-950/75 px-2.5 pt-1.5 pb-2 text-white">
      <p className="text-xs font-medium">{percent < 100 ? `Uploading… ${percent}%` : 'Processing…'}</p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1 h-1.5 overflow-hidden rounded-full bg-white/25"
      >
        <div className="h-full rounded-full bg-mint-400 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}

function UploadFailure({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-destructive/90 p-2 text-center text-destructive-foreground">
      <p role="alert" className="flex items-start gap-1 text-xs font-medium">
        <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden="true" /> {error}
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="flex items-center gap-1 rounded-lg bg-white px-2.5 py-1 text-xs font-semibold text-destructive hover:bg-white/90 focus-visible:ring-2 focus-visible:ring-white dark:bg-navy-950 dark:hover:bg-navy-900 focus-visible:outline-none"
      >
        <RotateCw className="size-3.5" aria-hidden="true" /> Retry
      </button>
    </div>
  )
}

/** One image: thumbnail, banner mark, progress or failure, and a bar to move or remove it. */
export function ImageTile({ item, position, count, onMove, onRemove, onRetry }: ImageTileProps) {
  const number = position + 1
  const src = item.state === 'ready' ? imageSrc(item.url) : item.preview
  // an address that cannot be fetched still belongs to the listing; say so instead of a broken image
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null)
  return (
    <li className="overflow-hidden rounded-xl border bg-card shadow-xs" data-state={item.state}>
      <div className="relative aspect-[4/3] bg-muted">
        {brokenSrc === src ? (
          <div className="flex size-full flex-col items-center justify-center gap-1 text-muted-foreground">
            <ImageOff className="size-6" aria-hidden="true" />
            <span className="text-xs">No preview</span>
          </div>
        ) : (
          <img
            src={src}
            alt={`Image ${number}`}
            onError={() => setBrokenSrc(src)}
            className={cn('size-full object-cover', item.state === 'failed' && 'grayscale')}
          />
        )}
        {position === 0 && item.state !== 'failed' && (
          <span className="absolute top-2 left-2 rounded-full bg-mint-400 px-2 py-0.5 text-xs font-bold text-navy-950 shadow">Banner</span>
        )}
        {item.state === 'uploading' && <UploadProgress progress={item.progress} label={`Upload of image ${number}`} />}
        {item.state === 'failed' && <UploadFailure error={item.error} onRetry={onRetry} />}
      </div>
      <div className="flex items-center justify-between p-1">
        <div className="flex">
          <button
            type="button"
            className={toolButton}
            onClick={() => onMove(-1)}
            disabled={position === 0}
            aria-label={`Move image ${number} earlier`}
          >
            <ChevronLeft className="size-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={toolButton}
            onClick={() => onMove(1)}
            disabled={position === count - 1}
            aria-label={`Move image ${number} later`}
          >
            <ChevronRight className="size-4" aria-hidden="true" />
          </button>
        </div>
        <button
          type="button"
          className={cn(toolButton, 'hover:bg-destructive/10 hover:text-destructive')}
          onClick={onRemove}
          aria-label={`Remove image ${number}`}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </li>
  )
}
