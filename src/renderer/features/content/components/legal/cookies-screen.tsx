import { Link } from 'react-router-dom'
import { PAGE_TEXT } from '@shared/seo'
import { paths } from '@/config/paths'
import { useSeo } from '@/lib/seo'
import { LegalPage, type LegalSection } from './legal-page'

interface StoredItem {
  name: string
  what: string
}

const BROWSER_STORAGE: readonly StoredItem[] = [
  {
    name: 'trustap_order_id, purchase_account_id',
    what: 'the payment you are making at our payment provider, so the page you come back to can confirm it; removed once it is confirmed (local storage)',
  },
  { name: 'handover.dismissed-banner', what: 'the announcement you closed, so it stays closed until you close the browser tab (session storage)' },
]

function StorageList() {
  return (
    <ul>
      {BROWSER_STORAGE.map((item) => (
        <li key={item.name}>
          <code>{item.name}</code>: {item.what}.
        </li>
      ))}
    </ul>
  )
}

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'session-cookie',
    title: 'The one cookie: your session',
    content: (
      <>
        <p>
          When you sign in we set <code>handover.sid</code>, with its signature <code>handover.sid.sig</code>. It holds a random key to your session
          on our server and nothing else, lasts up to 30 days or until you sign out, and is:
        </p>
        <ul>
          <li>
            <strong>httpOnly</strong>: scripts on the page cannot read it;
          </li>
          <li>
            <strong>SameSite=Lax</strong>: other sites cannot make your browser send it with their forms;
          </li>
          <li>
            <strong>Secure</strong> on our https address: sent only over encrypted connections. There its name starts with <code>__Host-</code>, which
            makes browsers refuse any copy set by another address.
          </li>
        </ul>
        <p>It is strictly necessary: without it you cannot stay signed in, so there is nothing to consent to and no banner asking.</p>
      </>
    ),
  },
  {
    id: 'browser-storage',
    title: 'What the site keeps in your browser',
    content: (
      <>
        <p>These stay on your device and are never sent to us:</p>
        <StorageList />
        <p>
          To make pages open quickly and offline, the site also keeps its own files (the page shell, scripts and styles) in your browser’s cache. Your
          data from our server is never cached there.
        </p>
      </>
    ),
  },
  {
    id: 'no-third-parties',
    title: 'No third-party cookies',
    content: (
      <p>
        We use no analytics, advertising or tracking cookies, and load no scripts from other companies. Pictures from other sites reach you through
        our own server. See the <Link to={paths.privacy}>Privacy Policy</Link> for the data we keep on our side.
      </p>
    ),
  },
  {
    id: 'control',
    title: 'Removing them',
    content: (
      <p>
        Signing out ends the session and clears the cookie. Your browser’s settings can delete the cookie and the site data at any time; you will then
        be signed out. Your sound and notification choices are kept with your account, not in the browser.
      </p>
    ),
  },
]

/** /cookies (SPEC §2): the cookie and browser storage the site really uses. */
export function CookiesScreen() {
  useSeo(PAGE_TEXT.cookies)
  return (
    <LegalPage title="Cookie Policy" lede="One cookie to keep you signed in, a few settings in your browser, and no trackers." sections={SECTIONS} />
  )
}
