import type { EntityManager } from '@mikro-orm/postgresql'
import type { User } from '../users/user.entity'
import { BlogPost } from './blog-post.entity'
import { createMarkdownRenderer } from './markdown'

const DAY_MS = 24 * 60 * 60 * 1000

interface DemoPost {
  title: string
  excerpt: string
  body: string
  daysAgo: number
}

/** The demo blog: guides a buyer or seller on this marketplace would really need. */
export const DEMO_POSTS: readonly DemoPost[] = [
  {
    title: 'How escrow protects both sides of an account sale',
    excerpt: 'Where your money is at every step of a Handover deal, from the moment you pay until the seller is paid.',
    daysAgo: 3,
    body: `Buying an account from a stranger asks for a lot of trust: you pay, and you hope the login you get back is real. Escrow takes that leap out of the deal.

## What happens when you press Buy

The listing is **reserved for you** for a short time, so nobody else can buy it while you pay, and a chat with the seller opens. You pay the price plus the escrow fee, from your Handover balance or by card or crypto. The money goes into escrow: the seller can see it is there, but cannot touch it.

## The handover

The seller sends the platform's ownership invite and ticks off each step of the handover checklist for the account's platform. You confirm each step from your side once you have checked it. When you can get into the account, you confirm access, and the seller starts the platform's waiting period.

## When the seller is paid

The money is released to the seller when the waiting period ends, or sooner if you release it yourself because everything is already yours. Until then you can open a dispute, and an admin reads the chat and the checklist before deciding who gets the money.

## If the seller backs out

A seller who cannot complete the handover before you have access refunds you, and the whole amount, price and escrow fee, goes back to your balance.

Escrow does not replace common sense: ask questions in the chat, and never release the funds before you are sure.`,
  },
  {
    title: 'Handing over a YouTube channel: the 7-day owner wait, explained',
    excerpt: 'Why a YouTube channel cannot change primary owner on day one, and how the countdown keeps your money safe meanwhile.',
    daysAgo: 11,
    body: `Most YouTube channels sit on a Brand Account, and Google does not let a new owner become **primary owner** until seven days after they were added. That rule protects channels from hijacking, and it shapes every YouTube deal on Handover.

## The steps

1. The seller invites your Google account as an owner in the channel's permissions.
2. You accept the invite and check that you can open YouTube Studio for the channel.
3. The seven-day wait runs. On Handover this is the deal's countdown: the money stays in escrow the whole time.
4. The seller makes you the primary owner.
5. The seller's own access, and every manager you did not ask to keep, is removed.

## What to check during the wait

- Studio's analytics match what the listing promised: subscribers, views and, if it is monetised, revenue.
- No strikes or warnings sit on the channel.
- The linked AdSense account is one you will replace with your own.

If something is wrong, open a dispute **before** the countdown ends. Once it ends without one, the money is released to the seller.`,
  },
  {
    title: 'Seven checks before you buy an Instagram or TikTok account',
    excerpt: 'Followers are only the start. What to ask the seller, and what to change first, when you take over an account.',
    daysAgo: 24,
    body: `A big follower count is easy to show and easy to fake. Before you pay, spend ten minutes in the chat with the seller.

## Before you pay

1. **Ask for insights screenshots** from the last 28 days: reach, accounts engaged and audience locations.
2. **Compare likes and comments** with the follower count. A million followers and ten likes a post tells its own story.
3. **Check the niche** matches what you want to post. An audience that followed for travel will not stay for crypto.
4. **Ask about restrictions**: shadow bans, removed posts, or warnings from the platform.

## Right after the handover

5. Change the login **email** and confirm it from your own inbox.
6. Replace the **phone number** and move two-factor authentication to your device.
7. Set a new **password** and log out every other session.

These are the same steps as the handover checklist of every Instagram and TikTok deal on Handover, and you confirm each one before the seller is paid.`,
  },
]

/** Published demo posts by the demo admin, on an empty database only (the caller checks). */
export async function seedDemoPosts(tx: EntityManager, author: User, now: Date): Promise<number> {
  const { render } = createMarkdownRenderer()
  for (const post of DEMO_POSTS) {
    const at = new Date(now.getTime() - post.daysAgo * DAY_MS)
    tx.create(BlogPost, {
      author,
      title: post.title,
      excerpt: post.excerpt,
      body: post.body,
      bodyHtml: render(post.body).html,
      publishedAt: at,
      createdAt: at,
      updatedAt: at,
    })
  }
  await tx.flush()
  return DEMO_POSTS.length
}
