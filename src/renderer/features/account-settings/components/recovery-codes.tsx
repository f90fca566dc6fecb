import { useState } from 'react'
import { Copy, Download } from 'lucide-react'
import { Button } from '@/components/ui/button'

/**
 * Recovery codes, shown once: the server keeps only their hashes. Download and copy put them somewhere safe; the
 * person says when they have, and the list goes.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false)
  const text = ['Handover recovery codes', 'Each code signs you in once if you lose your authenticator app or passkey.', '', ...codes, ''].join('\n')

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
    const link = Object.assign(document.createElement('a'), { href: url, download: 'handover-recovery-codes.txt' })
    link.click()
    URL.revokeObjectURL(url)
  }
  const copy = async () => {
    await navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  }

  return (
    <div className="grid gap-4 rounded-xl border border-mint-600/40 bg-mint-50/50 p-4 dark:bg-mint-950/20" role="region" aria-label="Recovery codes">
      <div>
        <h3 className="font-semibold">Save your recovery codes</h3>
        <p className="mt-1 text-sm text-muted-foreground">
          If you lose your phone, each of these codes signs you in once. They are shown only now: download or copy them and keep them somewhere safe.
        </p>
      </div>
      <ol className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:grid-cols-5" aria-label="Your recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={download}>
          <Download className="size-4" aria-hidden="true" /> Download
        </Button>
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden="true" /> {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button type="button" variant="primary" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  )
}
