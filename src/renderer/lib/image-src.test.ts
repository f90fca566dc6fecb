import { describe, expect, it } from 'vitest'
import { imagesEndpoints } from '@shared/api/endpoints/images'
import { apiUrl } from './api'
import { imageSrc } from './image-src'

describe('imageSrc', () => {
  it('loads our own uploads directly', () => {
    const upload = '/media/listings/0123456789abcdef0123456789abcdef.webp'
    expect(imageSrc(upload)).toBe(upload)
  })

  it('sends third-party images through the proxy, encoded', () => {
    expect(imageSrc('https://cdn.example.com/a b.png?x=1&y=2')).toBe(
      `${apiUrl(imagesEndpoints.getProxyImage)}?url=https%3A%2F%2Fcdn.example.com%2Fa%20b.png%3Fx%3D1%26y%3D2`,
    )
  })

  it('does not treat a look-alike path on another host as ours', () => {
    expect(imageSrc('https://evil.example/media/listings/x.webp')).toMatch(/^\/api\/proxy\/image\?url=/)
  })
})
