import type { ProviderMethod } from '@shared/api/payments'
import { formatCentsExact } from '@shared/format'

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

// one small inline stylesheet: the page loads nothing else (no fonts, scripts or images)
const STYLE = `
:root{color-scheme:light dark;--bg:#f5f6f8;--card:#fff;--text:#15171a;--muted:#5d6570;--line:#e2e5ea;--accent:#1f6feb;--danger:#b42318}
@media (prefers-color-scheme:dark){:root{--bg:#0f1115;--card:#181b21;--text:#eef0f3;--muted:#a3acb9;--line:#2a2f37;--accent:#4c8dff;--danger:#f97066}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:24px}
main{width:100%;max-width:420px;background:var(--card);border:1px solid var(--line);border-radius:14px;padding:28px}
.badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:var(--muted);border:1px solid var(--line);border-radius:999px;padding:2px 10px}
h1{font-size:22px;margin:12px 0 4px}p{margin:0 0 16px;color:var(--muted)}
dl{margin:20px 0;display:grid;grid-template-columns:1fr auto;gap:8px 16px}dt{color:var(--muted)}dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
.total{font-weight:700;border-top:1px solid var(--line);padding-top:8px}
.actions{display:grid;gap:10px;margin-top:8px}
button,a.button{font:inherit;font-weight:600;border-radius:10px;padding:12px 16px;border:1px solid var(--line);background:transparent;color:var(--text);cursor:pointer;text-align:center;text-decoration:none}
button.primary,a.button{background:var(--accent);border-color:var(--accent);color:#fff}
button.danger{color:var(--danger)}
button:focus-visible,a.button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
small{display:block;margin-top:18px;color:var(--muted)}`

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${escape(title)} · Sandbox payments</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`
}

export interface CheckoutView {
  orderId: string
  kind: 'deposit' | 'purchase'
  method: ProviderMethod
  amountCents: number
  feeCents: number
  totalCents: number
  token: string
  action: string
}

/**
 * The hosted checkout: what is paid and how, and three real buttons (Tab, Enter and Space work as everywhere). Amounts
 * keep their cents, as the deposit dialog's breakdown before it did, so the sums read the same on both pages.
 */
export function checkoutPage(view: CheckoutView): string {
  const what = view.kind === 'deposit' ? 'Deposit to your Handover balance' : 'Payment into escrow'
  const method = view.method === 'card' ? 'Card' : 'Crypto'
  return layout(
    `Pay ${formatCentsExact(view.totalCents)}`,
    `<span class="badge">Sandbox · no real money</span>
<h1>${escape(what)}</h1>
<p>Order <code>${escape(view.orderId)}</code>, paid by ${method.toLowerCase()}.</p>
<dl>
<dt>Amount</dt><dd>${formatCentsExact(view.amountCents)}</dd>
<dt>${method} processing fee</dt><dd>${formatCentsExact(view.feeCents)}</dd>
<dt class="total">Total</dt><dd class="total">${formatCentsExact(view.totalCents)}</dd>
</dl>
<form method="post" action="${escape(view.action)}" class="actions">
<input type="hidden" name="token" value="${escape(view.token)}">
<button class="primary" type="submit" name="outcome" value="paid" autofocus>Pay ${formatCentsExact(view.totalCents)}</button>
<button class="danger" type="submit" name="outcome" value="failed">Fail the payment</button>
<button type="submit" name="outcome" value="cancelled">Cancel and go back</button>
</form>
<small>This checkout stands in for a payment provider. Pay, Fail and Cancel return you to Handover exactly as the provider would.</small>`,
  )
}

/** A message and, when there is somewhere to go, one link to it. */
export function messagePage(title: string, message: string, link?: { href: string; label: string }): string {
  const action = link ? `<div class="actions"><a class="button" href="${escape(link.href)}">${escape(link.label)}</a></div>` : ''
  return layout(title, `<span class="badge">Sandbox</span><h1>${escape(title)}</h1><p>${escape(message)}</p>${action}`)
}
