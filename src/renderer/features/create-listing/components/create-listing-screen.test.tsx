// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import type { Endpoint } from '@shared/api/endpoint'
import { LISTING_WRITE_MESSAGES, type ListingDto, type UploadedImage } from '@shared/api/listings'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { imagesEndpoints } from '@shared/api/endpoints/images'
import { listingsEndpoints } from '@shared/api/endpoints/listings'
import type { PlatformId } from '@/config/platforms'
import { toastStore } from '@/hooks/use-toast'
import { apiUrl } from '@/lib/api'
import { ApiError } from '@/lib/api-client'
import type { UploadOptions } from '../api/upload-image'
import type { UploadFn } from '../hooks/use-image-uploads'
import { BACK_TO_REVIEW } from '../hooks/use-listing-form'
import { CreateListingScreen } from './create-listing-screen'

const ALICE = { id: 1001, username: 'alice', avatar: null, balance: '15.00' }
const STORED_URL = '/media/listings/0123456789abcdef0123456789abcdef.webp'

const LISTING: ListingDto = {
  id: 7,
  platform: 'youtube',
  username: 'catclips',
  displayName: 'Cat Clips',
  niche: 'Pets',
  description: 'Daily cat videos for a loyal audience.',
  accountTitle: 'Cat Clips channel',
  price: 1250.5,
  followers: 125_000,
  monthlyIncome: 800,
  isVerified: true,
  isMonetized: false,
  isPremium: false,
  isPinned: false,
  isActive: false,
  status: 'pending_review',
  createdAt: '2025-01-01T00:00:00.000Z',
  images: ['https://img.example/a.png'],
  sellerId: ALICE.id,
  seller: { id: ALICE.id, username: 'alice' },
}

interface Call {
  method: string
  path: string
  body: unknown
}

type Answer = { status: number; body?: unknown }

/** "METHOD path" of a request, as stubServer looks its answer up. */
const request = (endpoint: Endpoint, params?: Record<string, number>) => `${endpoint.method} ${apiUrl(endpoint, { params })}`
const ME = request(authEndpoints.getAuthMe)
const CREATE = request(listingsEndpoints.postAccounts)
const LISTING_7 = request(listingsEndpoints.getAccountsById, { id: 7 })
const EDIT_7 = request(listingsEndpoints.patchAccountsById, { id: 7 })

/** Answers fetch by "METHOD path" and records every call. */
function stubServer(answers: Record<string, Answer>) {
  const calls: Call[] = []
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET'
    calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    const answer = answers[`${method} ${path}`] ?? { status: 404, body: { message: 'Not found' } }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status })
  })
  return calls
}

/** An upload the test finishes by hand. */
function manualUploads() {
  const pending: { file: Blob; options: UploadOptions; resolve: (image: UploadedImage) => void; reject: (error: unknown) => void }[] = []
  const upload: UploadFn = (file, options = {}) => new Promise((resolve, reject) => pending.push({ file, options, resolve, reject }))
  return { upload, pending }
}

const Icon = ({ platform }: { platform: PlatformId }) => <span data-icon={platform} />

function renderAt(url: string, upload?: UploadFn) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/create-listing" element={<CreateListingScreen platformIcon={Icon} upload={upload} />} />
          <Route path="/listing/:id" element={<p>Listing page</p>} />
          <Route path="/login" element={<p>Sign in page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const toastTitles = () => toastStore.getState().map((t) => t.title)

function fillValidForm() {
  fireEvent.click(screen.getByRole('radio', { name: 'TikTok' }))
  type('Handle', '@dance.daily')
  type('Display name', 'Dance Daily')
  type('Niche', 'Dance')
  type('Title', 'Dance account with 80K followers')
  type('Description', 'Short dance clips, posted daily to an engaged audience.')
  type('Price', '900')
  type('Followers', '80,000')
}

// jsdom has neither object URLs (file previews) nor ResizeObserver (radix measures its switch and radios)
class PreviewURL extends URL {
  static count = 0
  static override createObjectURL = () => `blob:preview-${++PreviewURL.count}`
  static override revokeObjectURL = () => undefined
}
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  toastStore.clear()
  vi.stubGlobal('URL', PreviewURL)
  vi.stubGlobal('ResizeObserver', NoResizeObserver)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('create listing', () => {
  it('sends a signed-out visitor to sign in', async () => {
    stubServer({ [ME]: { status: 401 } })
    renderAt('/create-listing')
    expect(await screen.findByText('Sign in page')).toBeTruthy()
  })

  it("shows the shared rule's message under each empty field and sends nothing", async () => {
    const calls = stubServer({ [ME]: { status: 200, body: ALICE } })
    renderAt('/create-listing')
    fireEvent.click(await screen.findByRole('button', { name: 'Submit listing' }))
    for (const message of [
      LISTING_WRITE_MESSAGES.platform,
      LISTING_WRITE_MESSAGES.handleRequired,
      LISTING_WRITE_MESSAGES.displayName,
      LISTING_WRITE_MESSAGES.niche,
      LISTING_WRITE_MESSAGES.title,
      LISTING_WRITE_MESSAGES.description,
      LISTING_WRITE_MESSAGES.price,
      LISTING_WRITE_MESSAGES.followers,
    ]) {
      expect(screen.getByText(message)).toBeTruthy()
    }
    expect(screen.getByLabelText('Handle').getAttribute('aria-invalid')).toBe('true')
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([])
  })

  it('labels the count "Subscribers" for YouTube and "Followers" elsewhere', async () => {
    stubServer({ [ME]: { status: 200, body: ALICE } })
    renderAt('/create-listing')
    fireEvent.click(await screen.findByRole('radio', { name: 'YouTube' }))
    expect(screen.getByLabelText('Subscribers')).toBeTruthy()
    fireEvent.click(screen.getByRole('radio', { name: 'Instagram' }))
    expect(screen.getByLabelText('Followers')).toBeTruthy()
  })

  it('creates the listing, then toasts and opens it', async () => {
    const created = { ...LISTING, id: 42, platform: 'tiktok' }
    const calls = stubServer({ [ME]: { status: 200, body: ALICE }, [CREATE]: { status: 201, body: created } })
    renderAt('/create-listing')
    await screen.findByRole('button', { name: 'Submit listing' })
    fillValidForm()
    fireEvent.click(screen.getByRole('button', { name: 'Submit listing' }))
    expect(await screen.findByText('Listing page')).toBeTruthy()
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      platform: 'tiktok',
      username: 'dance.daily',
      displayName: 'Dance Daily',
      niche: 'Dance',
      accountTitle: 'Dance account with 80K followers',
      description: 'Short dance clips, posted daily to an engaged audience.',
      price: '900',
      followers: 80_000,
      monthlyIncome: '0',
      isVerified: false,
      isMonetized: false,
      images: [],
    })
    expect(toastTitles()).toContain('Listing submitted')
  })

  it("puts the server's duplicate-handle refusal on the handle field", async () => {
    stubServer({
      [ME]: { status: 200, body: ALICE },
      [CREATE]: {
        status: 409,
        body: { error: { code: 'duplicate', message: LISTING_WRITE_MESSAGES.duplicate }, message: LISTING_WRITE_MESSAGES.duplicate },
      },
    })
    renderAt('/create-listing')
    await screen.findByRole('button', { name: 'Submit listing' })
    fillValidForm()
    fireEvent.click(screen.getByRole('button', { name: 'Submit listing' }))
    const message = await screen.findByText(LISTING_WRITE_MESSAGES.duplicate)
    expect(screen.getByLabelText('Handle').getAttribute('aria-describedby')).toBe(message.id)
    expect(toastTitles()).toEqual([])
  })
})

describe('images', () => {
  const pick = (...files: File[]) => fireEvent.change(screen.getByTestId('image-files'), { target: { files } })
  const png = (name: string) => new File(['png'], name, { type: 'image/png' })

  it('uploads each picked file with its own progress, retries a failure, and refuses bad files by name', async () => {
    stubServer({ [ME]: { status: 200, body: ALICE } })
    const { upload, pending } = manualUploads()
    renderAt('/create-listing', upload)
    await screen.findByRole('button', { name: 'Choose files' })

    pick(png('one.png'), new File(['gif'], 'anim.gif', { type: 'image/gif' }))
    expect(screen.getByText(`anim.gif: ${LISTING_WRITE_MESSAGES.imageType}`)).toBeTruthy()
    expect(pending).toHaveLength(1)

    act(() => pending[0].options.onProgress?.(0.4))
    expect(screen.getByRole('progressbar', { name: 'Upload of image 1' }).getAttribute('aria-valuenow')).toBe('40')

    // saving waits for the upload
    fireEvent.click(screen.getByRole('button', { name: 'Submit listing' }))
    expect(screen.getByText('Wait for the images to finish uploading')).toBeTruthy()

    await act(async () => pending[0].reject(new ApiError(LISTING_WRITE_MESSAGES.imageUnreadable, 400)))
    const list = screen.getByRole('list', { name: 'Listing images' })
    expect(within(list).getByRole('alert').textContent).toContain(LISTING_WRITE_MESSAGES.imageUnreadable)
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(pending).toHaveLength(2)
    await act(async () => pending[1].resolve({ url: STORED_URL, width: 640, height: 360, bytes: 2048 }))

    const tiles = within(list).getAllByRole('img')
    expect(tiles.map((img) => img.getAttribute('src'))).toEqual([STORED_URL])
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('adds an image by address, puts it after the others and lets it become the banner', async () => {
    stubServer({ [ME]: { status: 200, body: ALICE } })
    renderAt('/create-listing')
    const address = await screen.findByLabelText('Or add an image by address')

    fireEvent.change(address, { target: { value: 'ftp://img.example/a.png' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    expect(screen.getByText(LISTING_WRITE_MESSAGES.imageUrl)).toBeTruthy()

    for (const url of ['https://img.example/a.png', 'https://img.example/b.png']) {
      fireEvent.change(address, { target: { value: url } })
      fireEvent.keyDown(address, { key: 'Enter' })
    }
    fireEvent.click(screen.getByRole('button', { name: 'Move image 2 earlier' }))
    const sources = within(screen.getByRole('list', { name: 'Listing images' }))
      .getAllByRole('img')
      .map((img) => img.getAttribute('src'))
    expect(sources).toEqual([
      `${apiUrl(imagesEndpoints.getProxyImage)}?url=${encodeURIComponent('https://img.example/b.png')}`,
      `${apiUrl(imagesEndpoints.getProxyImage)}?url=${encodeURIComponent('https://img.example/a.png')}`,
    ])
    expect(screen.getByText('Banner')).toBeTruthy()
  })
})

describe('edit listing', () => {
  it('loads the listing and sends only the fields that changed', async () => {
    const calls = stubServer({
      [ME]: { status: 200, body: ALICE },
      [LISTING_7]: { status: 200, body: LISTING },
      [EDIT_7]: { status: 200, body: { ...LISTING, accountTitle: 'Cat Clips, 125K subscribers', isMonetized: true } },
    })
    renderAt('/create-listing?edit=7')
    const title = await screen.findByLabelText('Title')
    expect((title as HTMLInputElement).value).toBe('Cat Clips channel')
    expect((screen.getByLabelText('Price') as HTMLInputElement).value).toBe('1250.50')

    fireEvent.change(title, { target: { value: 'Cat Clips, 125K subscribers' } })
    fireEvent.click(screen.getByRole('switch', { name: 'Monetized' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText('Listing page')).toBeTruthy()
    const patches = calls.filter((c) => c.method === 'PATCH')
    expect(patches).toEqual([
      {
        method: 'PATCH',
        path: apiUrl(listingsEndpoints.patchAccountsById, { params: { id: 7 } }),
        body: { accountTitle: 'Cat Clips, 125K subscribers', isMonetized: true },
      },
    ])
    expect(toastTitles()).toContain('Changes saved')
  })

  it('says there is nothing to change instead of sending an empty edit', async () => {
    const calls = stubServer({ [ME]: { status: 200, body: ALICE }, [LISTING_7]: { status: 200, body: LISTING } })
    renderAt('/create-listing?edit=7')
    fireEvent.click(await screen.findByRole('button', { name: 'Save changes' }))
    expect(screen.getByRole('alert').textContent).toBe('Nothing to change')
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]))
  })

  describe('a live listing with a new platform or handle', () => {
    const LIVE: ListingDto = { ...LISTING, status: 'active', isActive: true }
    const toasts = () => toastStore.getState().map((t) => ({ title: t.title, description: t.description }))

    it('says before saving, and after, that the listing goes back to review', async () => {
      const calls = stubServer({
        [ME]: { status: 200, body: ALICE },
        [LISTING_7]: { status: 200, body: LIVE },
        [EDIT_7]: { status: 200, body: { ...LIVE, username: 'catclips.tv', status: 'pending_review', isActive: false } },
      })
      renderAt('/create-listing?edit=7')
      const handle = await screen.findByLabelText('Handle')
      expect(screen.queryByText(BACK_TO_REVIEW.note)).toBeNull()

      // the same handle with another case or an "@" is the same account
      fireEvent.change(handle, { target: { value: '@CatClips' } })
      expect(screen.queryByText(BACK_TO_REVIEW.note)).toBeNull()

      fireEvent.change(handle, { target: { value: 'catclips.tv' } })
      expect(screen.getByText(BACK_TO_REVIEW.note)).toBeTruthy()
      fireEvent.change(handle, { target: { value: 'catclips' } })
      expect(screen.queryByText(BACK_TO_REVIEW.note)).toBeNull()

      fireEvent.click(screen.getByRole('radio', { name: 'TikTok' }))
      expect(screen.getByText(BACK_TO_REVIEW.note)).toBeTruthy()
      fireEvent.click(screen.getByRole('radio', { name: 'YouTube' }))
      fireEvent.change(handle, { target: { value: 'catclips.tv' } })

      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
      expect(await screen.findByText('Listing page')).toBeTruthy()
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ username: 'catclips.tv' }])
      expect(toasts()).toEqual([{ title: BACK_TO_REVIEW.savedTitle, description: BACK_TO_REVIEW.savedDescription }])
    })

    it('says only "Changes saved" when the server kept the listing live', async () => {
      stubServer({
        [ME]: { status: 200, body: ALICE },
        [LISTING_7]: { status: 200, body: LIVE },
        [EDIT_7]: { status: 200, body: { ...LIVE, username: 'catclips.tv' } },
      })
      renderAt('/create-listing?edit=7')
      fireEvent.change(await screen.findByLabelText('Handle'), { target: { value: 'catclips.tv' } })
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
      expect(await screen.findByText('Listing page')).toBeTruthy()
      expect(toastTitles()).toEqual(['Changes saved'])
    })

    it('has no note for a listing that is waiting for review already', async () => {
      stubServer({ [ME]: { status: 200, body: ALICE }, [LISTING_7]: { status: 200, body: LISTING } })
      renderAt('/create-listing?edit=7')
      fireEvent.change(await screen.findByLabelText('Handle'), { target: { value: 'catclips.tv' } })
      expect(screen.queryByText(BACK_TO_REVIEW.note)).toBeNull()
    })
  })

  it("does not offer someone else's listing for editing", async () => {
    stubServer({
      [ME]: { status: 200, body: ALICE },
      [LISTING_7]: { status: 200, body: { ...LISTING, sellerId: 5, seller: { id: 5, username: 'bob' } } },
    })
    renderAt('/create-listing?edit=7')
    expect(await screen.findByText(LISTING_WRITE_MESSAGES.notOwner)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull()
  })
})
