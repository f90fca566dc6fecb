import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { SHOTS, adminSignedIn, useDemoSite } from '../support/e2e'

const site = useDemoSite()
const url = (path: string) => `${site.server.url}${path}`

const TITLE = 'Spotting a fake follower count before you buy'
const SUMMARY = 'Three numbers that tell real followers from bought ones.'
const BODY = [
  '## Compare likes with followers',
  '',
  'A million followers and ten likes a post tells its own story.',
  '',
  '<script>window.__injected = true</script>',
  '',
  '- Ask for **insights screenshots**',
  '- Check [the FAQ](/faq)',
].join('\n')

async function newPage(width = 1280): Promise<Page> {
  return (await site.browser.newContext({ viewport: { width, height: 900 } })).newPage()
}

async function adminPage(): Promise<Page> {
  const page = await newPage()
  await adminSignedIn(site, page)
  return page
}

describe('the blog', () => {
  it('an admin writes, previews and publishes a post; a visitor reads it with its own title tag', async () => {
    const admin = await adminPage()
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Blog' }).click()
    await admin.getByRole('link', { name: 'New post' }).click()
    await admin.waitForURL(url('/admin/blog/new'))
    await admin.getByLabel('Title').fill(TITLE)
    await admin.getByLabel('Summary').fill(SUMMARY)
    await admin.getByLabel('Post (Markdown)').fill(BODY)

    await admin.getByRole('tab', { name: 'Preview' }).click()
    const preview = admin.getByTestId('blog-preview')
    await preview.getByRole('heading', { name: 'Compare likes with followers' }).waitFor()
    await preview.getByText('<script>window.__injected = true</script>').waitFor()

    await admin.getByRole('button', { name: 'Publish' }).click()
    await admin.waitForURL(/\/admin\/blog\/\d+$/)
    await admin.getByText('Published', { exact: true }).first().waitFor()
    const id = Number(/\/admin\/blog\/(\d+)$/.exec(admin.url())![1])
    await admin.screenshot({ path: `${SHOTS}/admin-blog-editor.png` })

    const visitor = await newPage(390)
    await visitor.goto(url('/blogs'))
    await visitor.getByRole('link', { name: TITLE }).click()
    await visitor.waitForURL(url(`/blog/${id}`))
    await visitor.getByRole('heading', { level: 1, name: TITLE }).waitFor()
    expect(await visitor.title()).toBe(`${TITLE} | Handover`)
    await visitor.getByRole('heading', { level: 2, name: 'Compare likes with followers' }).waitFor()
    // what the admin typed as HTML is on the page as text, and never ran
    await visitor.getByText('<script>window.__injected = true</script>').waitFor()
    expect(await visitor.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined()
    await visitor.screenshot({ path: `${SHOTS}/blog-post.png`, fullPage: true })

    // crawlers get the same title and description in the first answer, without JavaScript
    const html = await (await fetch(url(`/blog/${id}`))).text()
    expect(html).toContain(`<title>${TITLE} | Handover</title>`)
    expect(html).toContain(`<meta property="og:description" content="${SUMMARY}" />`)
  })
})

describe('the contact form', () => {
  it('shows each field’s error, then sends and confirms', async () => {
    const page = await newPage(390)
    await page.goto(url('/contact'))
    await page.getByRole('button', { name: 'Send message' }).click()
    await page.getByText('Please enter your name').waitFor()
    await page.getByText('Please enter a valid email address').waitFor()
    expect(await page.getByLabel('Name').evaluate((el) => el === document.activeElement)).toBe(true)

    await page.getByLabel('Name').fill('Dana Whitfield')
    await page.getByLabel('Email').fill('dana@example.com')
    await page.getByLabel('Subject').fill('A question about withdrawals')
    await page.getByLabel('Message', { exact: true }).fill('How long does an approved withdrawal take to reach my payout account?')
    await page.getByRole('button', { name: 'Send message' }).click()
    await page.getByRole('heading', { name: 'Message sent' }).waitFor()
    await page.screenshot({ path: `${SHOTS}/contact-sent.png`, fullPage: true })

    const stored = await site.server.orm.em.fork().getConnection().execute(`select subject from contact_messages where email = 'dana@example.com'`)
    expect(stored).toEqual([{ subject: 'A question about withdrawals' }])
  })
})

describe('the FAQ', () => {
  it('filters the questions as the visitor types, and says so when nothing matches', async () => {
    const page = await newPage()
    await page.goto(url('/faq'))
    const question = (name: string) => page.getByRole('button', { name })
    await question('How do I withdraw my balance?').waitFor()
    await question('What does a purchase cost?').waitFor()

    const search = page.getByRole('searchbox', { name: 'Search the questions' })
    await search.fill('withdraw')
    await question('What does a purchase cost?').waitFor({ state: 'detached' })
    await question('How do I withdraw my balance?').waitFor()
    // while searching, the matching answers are open
    await page.getByText(/Request a withdrawal on your balance page/).waitFor()
    await page.waitForURL(url('/faq?q=withdraw'))

    await search.fill('zzzz')
    await page.getByText('No question matches your search').waitFor()
    await page.getByRole('button', { name: 'Clear search' }).first().click()
    await question('What does a purchase cost?').waitFor()
    await page.screenshot({ path: `${SHOTS}/faq.png` })
  })
})

describe('selling', () => {
  it('sends a visitor through sign-in and on to the listing form', async () => {
    const page = await newPage()
    await page.goto(url('/sell-your-account'))
    await page.getByRole('link', { name: 'Create a listing' }).first().click()
    await page.waitForURL(url('/login?redirect=%2Fcreate-listing'))
    await page.getByLabel('Username').fill('alice')
    await page.getByLabel('Password', { exact: true }).fill('handover-demo')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await page.waitForURL(url('/create-listing'))

    // /auth (the header's Sell Your Account) keeps the way back too
    await page.goto(url('/auth?redirect=%2Fcreate-listing'))
    await page.waitForURL(url('/login?redirect=%2Fcreate-listing'))
  })
})
