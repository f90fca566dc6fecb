import { cn } from '@/lib/utils'

/**
 * Long-form text the server has already rendered and sanitised (blog posts and their preview). The server's
 * allow-list is what makes handing it to the DOM safe: only its output may come through here, never user text.
 */
export function ArticleBody({ html, className }: { html: string; className?: string }) {
  return (
    <div
      data-slot="article-body"
      className={cn(
        'max-w-none text-base leading-relaxed text-navy-800 dark:text-navy-100 [overflow-wrap:anywhere]',
        '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-foreground',
        '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-foreground [&_h4]:mt-6 [&_h4]:font-semibold [&_h5]:mt-4 [&_h5]:font-semibold [&_h6]:mt-4 [&_h6]:font-semibold',
        '[&_p]:my-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5 [&_li]:pl-1',
        '[&_a]:font-medium [&_a]:text-mint-700 dark:[&_a]:text-mint-400 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-mint-600 dark:hover:[&_a]:text-mint-400',
        '[&_strong]:font-semibold [&_strong]:text-foreground [&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-mint-400 [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground',
        '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-sm [&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-navy-950 [&_pre]:p-4 [&_pre]:text-navy-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
        '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl [&_hr]:my-10',
        '[&_table]:my-6 [&_table]:block [&_table]:overflow-x-auto [&_table]:text-sm [&_td]:border [&_td]:px-3 [&_td]:py-2 [&_th]:border [&_th]:bg-muted [&_th]:px-3 [&_th]:py-2 [&_th]:text-left',
        '[&>:first-child]:mt-0',
        className,
      )}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
