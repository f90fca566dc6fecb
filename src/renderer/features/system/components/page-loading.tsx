/** Placeholder while a lazy page's chunk loads (SPEC §2: "Loading..."). */
export function PageLoading() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50dvh] items-center justify-center gap-3 text-muted-foreground">
      <span className="size-5 animate-spin rounded-full border-2 border-navy-200 dark:border-navy-700 border-t-mint-500" aria-hidden="true" />
      <span className="text-sm font-medium">Loading...</span>
    </div>
  )
}
