import { useEffect } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useSetAtom } from 'jotai'
import { isLivePlatform } from '@/config/platforms'
import { selectedPlatformAtom } from '../atoms'

/** SPEC §2: ?platform=tiktok preselects the platform filter, then leaves the URL. */
export function usePlatformParam(): void {
  const [searchParams, setSearchParams] = useSearchParams()
  const setPlatform = useSetAtom(selectedPlatformAtom)
  const platform = searchParams.get('platform')

  useEffect(() => {
    if (platform === null) return
    if (isLivePlatform(platform)) setPlatform(platform)
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('platform')
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  }, [platform, setPlatform, setSearchParams])
}
