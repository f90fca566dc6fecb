import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react'
import { ImagePlus, Link2 } from 'lucide-react'
import { LISTING_RULES } from '@shared/api/listings'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'
import type { useImageUploads } from '../hooks/use-image-uploads'
import { fieldId, labelId } from '../lib/field-ids'
import { IMAGE_ACCEPT } from '../lib/file-checks'
import { ImageTile } from './image-tile'

interface ImageUploaderProps {
  uploads: ReturnType<typeof useImageUploads>
  /** the field's error, shown by the surrounding Field */
  describedBy?: string
  onChange: () => void
}

/** Drop or pick files (each uploads on its own with progress), or add an image by address. */
export function ImageUploader({ uploads, describedBy, onChange }: ImageUploaderProps) {
  const picker = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const [refused, setRefused] = useState<string[]>([])
  const [url, setUrl] = useState('')
  const [urlError, setUrlError] = useState<string | null>(null)
  const full = uploads.items.length >= LISTING_RULES.imagesMax

  const addFiles = (files: FileList | null) => {
    if (!files || files.length === 0) return
    setRefused(uploads.addFiles(Array.from(files)))
    onChange()
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    addFiles(event.dataTransfer.files)
  }

  const addUrl = () => {
    if (url.trim() === '') return
    const problem = uploads.addUrl(url)
    setUrlError(problem)
    if (!problem) {
      setUrl('')
      onChange()
    }
  }

  // Enter in the address box adds the image; it must not submit the whole listing
  const onUrlKey = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    addUrl()
  }

  return (
    <div className="grid gap-4">
      <div
        id={fieldId('images')}
        role="group"
        aria-labelledby={labelId('images')}
        aria-describedby={describedBy}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(!full)
        }}
        onDragLeave={(event) => {
          // leaving for one of the zone's own children is not leaving the zone
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
        }}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center rounded-2xl border-2 border-dashed border-navy-200 dark:border-navy-700 bg-background px-4 py-8 text-center transition-colors',
          dragging && 'border-mint-500 bg-mint-300/15',
        )}
      >
        <span className="flex size-12 items-center justify-center rounded-2xl bg-navy-900 text-mint-400">
          <ImagePlus className="size-6" aria-hidden="true" />
        </span>
        <p className="mt-3 font-semibold">
          {full ? (
            `${LISTING_RULES.imagesMax} images added — that is the most a listing takes`
          ) : (
            <>
              {/* phones cannot drag files in, so they are only offered the picker */}
              <span className="hidden sm:inline">Drag images here</span>
              <span className="sm:hidden">Add screenshots</span>
            </>
          )}
        </p>
        <p className="mt-1 text-sm text-muted-foreground">JPEG, PNG or WebP, up to 5 MB each, at most {LISTING_RULES.imagesMax} images.</p>
        <Button type="button" variant="outline" className="mt-4" disabled={full} onClick={() => picker.current?.click()}>
          Choose files
        </Button>
        <input
          ref={picker}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          hidden
          data-testid="image-files"
          onChange={(event) => {
            addFiles(event.target.files)
            event.target.value = ''
          }}
        />
      </div>
      {refused.length > 0 && (
        <ul role="alert" className="grid gap-1 text-sm font-medium text-destructive">
          {refused.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}

      <div className="grid gap-2">
        <label htmlFor="listing-image-url" className="text-sm font-medium">
          Or add an image by address
        </label>
        <div className="flex gap-2">
          <div className="relative min-w-0 flex-1">
            <Link2 className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input
              id="listing-image-url"
              type="url"
              inputMode="url"
              placeholder="https://…"
              className="pl-10"
              value={url}
              disabled={full}
              onChange={(event) => {
                setUrl(event.target.value)
                setUrlError(null)
              }}
              onKeyDown={onUrlKey}
              aria-invalid={urlError ? true : undefined}
              aria-describedby={urlError ? 'listing-image-url-error' : undefined}
            />
          </div>
          <Button type="button" variant="outline" onClick={addUrl} disabled={full || url.trim() === ''}>
            Add
          </Button>
        </div>
        {urlError && (
          <p id="listing-image-url-error" className="text-sm font-medium text-destructive">
            {urlError}
          </p>
        )}
      </div>

      {uploads.items.length > 0 && (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">The first image is the banner buyers see first; use the arrows to change the order.</p>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Listing images">
            {uploads.items.map((item, position) => (
              <ImageTile
                key={item.key}
                item={item}
                position={position}
                count={uploads.items.length}
                onMove={(offset) => {
                  uploads.move(item, offset)
                  onChange()
                }}
                onRemove={() => {
                  uploads.remove(item)
                  onChange()
                }}
                onRetry={() => uploads.retry(item)}
              />
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}
